// The evaluation report: every suite's figures with where and when they were measured, the change from
// the previous committed report, the floors of eval/thresholds.json, and the text written from it
// (eval/report.md, the evaluation section of docs/evaluation.md). Pure functions of their inputs, so the same report
// always reads the same.
import { z } from "zod";
import { type Figure, suiteResultSchema } from "./suite-result";

/** Quantiles kept of each latency series: every 5th percentile, p0 to p100. */
const QUANTILE_STEPS = 20;

const latencySummarySchema = z.object({ count: z.number().int(), quantiles: z.array(z.number()) }).strict();

const reportFigureSchema = suiteResultSchema.shape.figures.element.extend({
  /** The value in the previous committed report, when it had this figure. */
  previous: z.number().nullable(),
});

const suiteEntrySchema = z
  .object({
    suite: z.string(),
    status: z.enum(["ok", "skipped", "failed"]),
    /** Why it skipped or failed, in the script's words. */
    reason: z.string().nullable(),
    commit: z.string(),
    date: z.string(),
    cores: z.number().int().positive(),
    seconds: z.number().nonnegative(),
    figures: z.array(reportFigureSchema),
    latencies: z.record(z.string(), latencySummarySchema),
  })
  .strict();

const reportSchema = z.object({ suites: z.array(suiteEntrySchema) }).strict();
const thresholdsSchema = z.record(z.string(), z.record(z.string(), z.number()));

export type Report = z.infer<typeof reportSchema>;
export type SuiteEntry = z.infer<typeof suiteEntrySchema>;
export type Thresholds = z.infer<typeof thresholdsSchema>;
type LatencySummary = z.infer<typeof latencySummarySchema>;

export const parseReport = (json: unknown): Report => reportSchema.parse(json);
export const parseThresholds = (json: unknown): Thresholds => thresholdsSchema.parse(json);

function summarizeLatencies(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank, as the suites' own p50/p95 (eval/agent/score.ts percentile).
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return {
    count: sorted.length,
    quantiles: Array.from({ length: QUANTILE_STEPS + 1 }, (_, i) => round(at(i / QUANTILE_STEPS))),
  };
}

/** Six significant digits: enough for every figure, and a report that does not churn in the last bits. */
const round = (x: number) => Number(x.toPrecision(6));

/** This run's entries, the suites not run carried over from the report on disk, in the suites' order;
 * each figure with its value in the previous committed report. */
export function mergeReport(
  order: readonly string[],
  ran: readonly SuiteEntry[],
  onDisk: Report | null,
  committed: Report | null,
): Report {
  const byId = new Map((onDisk?.suites ?? []).map((s) => [s.suite, s]));
  for (const entry of ran) byId.set(entry.suite, entry);
  const before = new Map(
    (committed?.suites ?? []).flatMap((s) => s.figures.map((f) => [`${s.suite}/${f.key}`, f.value] as const)),
  );
  return {
    suites: order.flatMap((id) => {
      const entry = byId.get(id);
      if (!entry) return [];
      return [
        {
          ...entry,
          figures: entry.figures.map((f) => ({
            ...f,
            value: round(f.value),
            previous: before.get(`${id}/${f.key}`) ?? null,
          })),
        },
      ];
    }),
  };
}

export function entryOf(
  result: { figures: readonly Figure[]; latencies?: Record<string, number[]> } | null,
  run: Pick<SuiteEntry, "suite" | "status" | "reason" | "commit" | "date" | "cores" | "seconds">,
): SuiteEntry {
  return {
    ...run,
    seconds: Math.round(run.seconds * 10) / 10,
    figures: (result?.figures ?? []).map((f) => ({ ...f, previous: null })),
    latencies: Object.fromEntries(
      Object.entries(result?.latencies ?? {}).map(([name, values]) => [name, summarizeLatencies(values)]),
    ),
  };
}

/** Each floor (a ceiling for a figure where lower is better) the run broke, or whose figure it lacks;
 * a suite that failed is a problem too. Suites that were not run or skipped are not judged. */
export function thresholdProblems(report: Report, thresholds: Thresholds, ran: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const entry of report.suites) {
    if (!ran.has(entry.suite)) continue;
    if (entry.status === "failed") problems.push(`${entry.suite}: the suite failed (${entry.reason})`);
    if (entry.status !== "ok") continue;
    for (const [key, limit] of Object.entries(thresholds[entry.suite] ?? {})) {
      const figure = entry.figures.find((f) => f.key === key);
      if (!figure) problems.push(`${entry.suite}/${key}: not reported by the suite`);
      else if (figure.better === "higher" ? figure.value < limit : figure.value > limit)
        problems.push(
          `${entry.suite}/${key} (${figure.label}): ${formatValue(figure)} is ${figure.better === "higher" ? "below the floor" : "above the ceiling"} ${formatValue({ ...figure, value: limit })}`,
        );
    }
  }
  return problems;
}

export function formatValue(f: Pick<Figure, "value" | "unit">): string {
  switch (f.unit) {
    case "ratio":
      return f.value.toFixed(3);
    case "percent":
      return `${f.value.toFixed(2)}%`;
    case "rouge":
      return f.value.toFixed(2);
    case "ms":
      return `${f.value < 10 ? f.value.toFixed(3) : f.value.toFixed(1)} ms`;
    case "count":
      return Number.isInteger(f.value) ? f.value.toLocaleString("en-US") : f.value.toFixed(1);
  }
}

function formatChange(f: z.infer<typeof reportFigureSchema>): string {
  if (f.previous === null) return "new";
  const delta = f.value - f.previous;
  if (Math.abs(delta) < 1e-9) return "=";
  const sign = delta > 0 ? "+" : "−";
  const size = formatValue({ ...f, value: Math.abs(delta) }).replace(/ ms$/, "");
  const isBetter = f.better === "higher" ? delta > 0 : delta < 0;
  return `${sign}${size} ${isBetter ? "(better)" : "(worse)"}`;
}

/** A record's entries by name: the text does not depend on the order a writer saved them in. */
export const sortedEntries = <T>(record: Readonly<Record<string, T>>): [string, T][] =>
  Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const cell = (text: string) => text.replaceAll("|", "\\|").replace(/\s+/g, " ");

function limitOf(f: Figure, suite: string, thresholds: Thresholds): string {
  const limit = thresholds[suite]?.[f.key];
  if (limit === undefined) return "";
  return `${f.better === "higher" ? "≥" : "≤"} ${formatValue({ ...f, value: limit })}`;
}

/** eval/report.md: a table of the suites, then per suite its figures and charts (paths relative to eval/). */
export function reportMarkdown(report: Report, thresholds: Thresholds, charts: ReadonlySet<string>): string {
  const lines = [
    "# FinGround evaluation report",
    "",
    "Written by `npm run eval` (`scripts/eval.ts`); do not edit. Each suite's figures are from the commit, date and",
    'machine in its row; "change" is against the report committed before it (`git show HEAD:eval/report.json`); the',
    "limits are `eval/thresholds.json`, enforced by `npm run eval -- --check`.",
    "",
    "| suite | status | seconds | commit | date (UTC) | cores |",
    "|---|---|---|---|---|---|",
    ...report.suites.map(
      (s) =>
        `| [${s.suite}](#${s.suite}) | ${s.status}${s.reason ? `: ${cell(s.reason)}` : ""} | ${s.seconds.toFixed(1)} | ${s.commit} | ${s.date.slice(0, 16).replace("T", " ")} | ${s.cores} |`,
    ),
  ];
  for (const s of report.suites) {
    lines.push("", `## ${s.suite}`, "");
    const images = [`${s.suite}-history.svg`, `${s.suite}-latency.svg`].filter((name) => charts.has(name));
    if (images.length > 0) lines.push(images.map((name) => `![${name}](charts/${name})`).join(" "), "");
    if (s.figures.length === 0) {
      lines.push(s.status === "ok" ? "No figures." : `No figures: ${s.status}.`);
      continue;
    }
    lines.push("| figure | key | value | change | limit |", "|---|---|---|---|---|");
    for (const f of s.figures)
      lines.push(
        `| ${cell(f.label)} | \`${f.key}\` | ${formatValue(f)} | ${formatChange(f)} | ${limitOf(f, s.suite, thresholds)} |`,
      );
    for (const [name, l] of sortedEntries(s.latencies))
      lines.push(
        "",
        `Latency, ${cell(name)}: ${l.count.toLocaleString("en-US")} timings, p50 ${formatValue({ value: l.quantiles[10]!, unit: "ms" })}, p95 ${formatValue({ value: l.quantiles[19]!, unit: "ms" })}, max ${formatValue({ value: l.quantiles[20]!, unit: "ms" })}.`,
      );
  }
  return `${lines.join("\n")}\n`;
}

const SECTION_BEGIN = "<!-- eval:begin -->";
const SECTION_END = "<!-- eval:end -->";

/** The evaluation doc's summary: per suite the figures that have a limit, with the run they came from. */
export function evaluationDocSection(report: Report, thresholds: Thresholds): string {
  const lines = [
    SECTION_BEGIN,
    "<!-- Generated by `npm run eval -- --doc` from eval/report.json; edits here are overwritten. -->",
    "",
    "| suite | figure | value | limit | measured |",
    "|---|---|---|---|---|",
  ];
  for (const s of report.suites) {
    const headline = s.figures.filter((f) => thresholds[s.suite]?.[f.key] !== undefined);
    const measured = `${s.commit}, ${s.date.slice(0, 10)}, ${s.seconds.toFixed(0)} s on ${s.cores} cores`;
    // The run's commit, date and time once per suite, on its first row.
    const rows =
      s.status === "ok"
        ? headline.map((f) => [cell(f.label), formatValue(f), limitOf(f, s.suite, thresholds)])
        : [[`${s.status}${s.reason ? `: ${cell(s.reason)}` : ""}`, "", ""]];
    rows.forEach((row, i) =>
      lines.push(`| ${i === 0 ? s.suite : ""} | ${row.join(" | ")} | ${i === 0 ? measured : ""} |`),
    );
  }
  lines.push("", "Every figure, its change and the charts: [eval/report.md](../eval/report.md).", SECTION_END);
  return lines.join("\n");
}

/** The evaluation doc with its generated section replaced; throws when the markers are missing. */
export function withEvaluationDocSection(doc: string, section: string): string {
  const begin = doc.indexOf(SECTION_BEGIN);
  const end = doc.indexOf(SECTION_END);
  if (begin === -1 || end < begin)
    throw new Error(`docs/evaluation.md needs the markers ${SECTION_BEGIN} … ${SECTION_END}`);
  return doc.slice(0, begin) + section + doc.slice(end + SECTION_END.length);
}
