// Small SVG charts of the evaluation report, written as strings (no chart library): a suite's figures
// over its recorded runs, and the distribution of each latency series a suite reports.
import { formatValue, sortedEntries } from "./report";
import type { Figure } from "./suite-result";

const WIDTH = 520;
const PLOT = { left: 44, right: 12, top: 24, height: 150 };
const COLORS = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2"];
const LEGEND_ROW = 16;
const MAX_LINES = COLORS.length;

export interface HistoryPoint {
  commit: string;
  date: string;
  values: Record<string, number>;
}

const escape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const n = (x: number) => x.toFixed(1);

function frame(title: string, lines: number, body: string[]): string {
  const height = PLOT.top + PLOT.height + 28 + lines * LEGEND_ROW;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escape(title)}" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${escape(title)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="${PLOT.left}" y="15" font-size="12" font-weight="bold">${escape(title)}</text>`,
    ...body,
    "</svg>",
    "",
  ].join("\n");
}

function axes(yTicks: readonly { at: number; label: string }[], xLabels: readonly { at: number; label: string }[]) {
  const bottom = PLOT.top + PLOT.height;
  return [
    `<line x1="${PLOT.left}" y1="${bottom}" x2="${WIDTH - PLOT.right}" y2="${bottom}" stroke="#94a3b8"/>`,
    ...yTicks.map(
      (t) =>
        `<line x1="${PLOT.left}" y1="${n(t.at)}" x2="${WIDTH - PLOT.right}" y2="${n(t.at)}" stroke="#e2e8f0"/><text x="${PLOT.left - 4}" y="${n(t.at + 4)}" text-anchor="end" fill="#475569">${escape(t.label)}</text>`,
    ),
    ...xLabels.map(
      (t) =>
        `<text x="${n(t.at)}" y="${bottom + 14}" text-anchor="${t.at > WIDTH - PLOT.right - 20 ? "end" : "middle"}" fill="#475569">${escape(t.label)}</text>`,
    ),
  ];
}

function legend(labels: readonly string[]): string[] {
  const top = PLOT.top + PLOT.height + 32;
  return labels.map(
    (label, i) =>
      `<rect x="${PLOT.left}" y="${top + i * LEGEND_ROW - 9}" width="10" height="10" fill="${COLORS[i]}"/><text x="${PLOT.left + 16}" y="${top + i * LEGEND_ROW}">${escape(label)}</text>`,
  );
}

/** A figure on a 0–1 scale, or null for units that have none (counts, milliseconds). */
function share(value: number, unit: Figure["unit"]): number | null {
  if (unit === "ratio") return value;
  if (unit === "percent" || unit === "rouge") return value / 100;
  return null;
}

/** The figures of one suite over its runs (oldest first), on a shared 0–1 axis: ratios, percents and
 * ROUGE scores only; `figures` says which, in the order of the legend. */
export function historyChart(suite: string, figures: readonly Figure[], points: readonly HistoryPoint[]): string {
  const shown = figures.filter((f) => share(f.value, f.unit) !== null).slice(0, MAX_LINES);
  const width = WIDTH - PLOT.left - PLOT.right;
  const xOf = (i: number) => PLOT.left + (points.length === 1 ? width / 2 : (i * width) / (points.length - 1));
  // The axis spans the values shown, widened to steps of 0.05, so a change of a point or two is visible.
  const shares = shown.flatMap((f) =>
    points.flatMap((p) => (p.values[f.key] === undefined ? [] : [share(p.values[f.key]!, f.unit)!])),
  );
  const high = Math.min(1, Math.ceil(Math.max(...shares, 0.05) * 20 + 0.001) / 20);
  const low = Math.max(0, Math.min(high - 0.05, Math.floor(Math.min(...shares, 1) * 20 - 0.001) / 20));
  const yOf = (s: number) => PLOT.top + (PLOT.height * (high - Math.min(high, Math.max(low, s)))) / (high - low);
  const body = axes(
    [0, 0.25, 0.5, 0.75, 1].map((t) => low + t * (high - low)).map((s) => ({ at: yOf(s), label: s.toFixed(3) })),
    points.length <= 8
      ? points.map((p, i) => ({ at: xOf(i), label: p.date.slice(5, 10) }))
      : [0, points.length - 1].map((i) => ({ at: xOf(i), label: points[i]!.date.slice(0, 10) })),
  );
  shown.forEach((f, line) => {
    const coords = points.flatMap((p, i) => {
      const value = p.values[f.key];
      const s = value === undefined ? null : share(value, f.unit);
      return s === null ? [] : [[xOf(i), yOf(s)] as const];
    });
    if (coords.length > 1)
      body.push(
        `<polyline fill="none" stroke="${COLORS[line]}" stroke-width="1.5" points="${coords.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}"/>`,
      );
    for (const [x, y] of coords) body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="2.5" fill="${COLORS[line]}"/>`);
  });
  const labels = shown.map((f) => `${f.label} (${f.unit === "ratio" ? "" : `${f.unit} ÷ 100, `}now ${formatValue(f)})`);
  return frame(`${suite}: ${points.length} recorded run${points.length === 1 ? "" : "s"}`, labels.length, [
    ...body,
    ...legend(labels),
  ]);
}

/** Cumulative distribution of each latency series (its quantiles p0…p100), on a logarithmic ms axis. */
export function latencyChart(suite: string, series: Readonly<Record<string, { quantiles: number[] }>>): string {
  const names = sortedEntries(series)
    .map(([name]) => name)
    .slice(0, MAX_LINES);
  const all = names.flatMap((name) => series[name]!.quantiles).filter((x) => x > 0);
  const low = Math.floor(Math.log10(Math.min(...all, 1)));
  const high = Math.max(low + 1, Math.ceil(Math.log10(Math.max(...all, 1))));
  const width = WIDTH - PLOT.left - PLOT.right;
  const xOf = (ms: number) => PLOT.left + (width * (Math.log10(Math.max(ms, 10 ** low)) - low)) / (high - low);
  const yOf = (share: number) => PLOT.top + PLOT.height * (1 - share);
  const decades = Array.from({ length: high - low + 1 }, (_, i) => low + i);
  const body = axes(
    [0, 0.5, 0.9, 1].map((s) => ({ at: yOf(s), label: `p${Math.round(s * 100)}` })),
    decades.map((d) => ({ at: PLOT.left + (width * (d - low)) / (high - low), label: `${10 ** d} ms` })),
  );
  names.forEach((name, line) => {
    const q = series[name]!.quantiles;
    const coords = q.map((ms, i) => `${n(xOf(ms))},${n(yOf(i / (q.length - 1)))}`);
    body.push(`<polyline fill="none" stroke="${COLORS[line]}" stroke-width="1.5" points="${coords.join(" ")}"/>`);
  });
  const labels = names.map((name) => {
    const q = series[name]!.quantiles;
    const ms = (at: number) => formatValue({ value: q[Math.round((q.length - 1) * at)]!, unit: "ms" });
    return `${name}: p50 ${ms(0.5)}, p95 ${ms(0.95)}, max ${ms(1)}`;
  });
  return frame(`${suite}: latency distribution (share of timings at or under)`, labels.length, [
    ...body,
    ...legend(labels),
  ]);
}
