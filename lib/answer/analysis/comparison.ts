// Several companies on one metric and kind of period: who is higher and by how much at the period
// they share, a ranked list, a fiscal-calendar caveat and growth side by side.
import {
  capitalize,
  formatDifference,
  formatPercent,
  formatValue,
  isRatioLike,
  labelIsDate,
  periodLabel,
  possessive,
} from "../format";
import { at, changeSize } from "./changes";
import type { Obs, Track } from "./tracks";

interface Aligned {
  /** The period all companies have, or null when they share none (then each company's latest). */
  commonKey: string | null;
  rows: { track: Track; obs: Obs }[];
}

/** Each company's value at the latest period they all report; without one, each one's latest. */
export function alignLatest(group: Track[]): Aligned {
  const common = commonKeys(group);
  const commonKey = common[common.length - 1] ?? null;
  const rows = group.map((track) => ({
    track,
    obs: (commonKey ? track.obs.find((o) => o.key === commonKey) : undefined) ?? track.obs[track.obs.length - 1]!,
  }));
  rows.sort((a, b) => b.obs.value.cmp(a.obs.value));
  return { commonKey, rows };
}

/** Period keys every track of the group has, in time order of the first track. */
function commonKeys(group: Track[]): string[] {
  const [first, ...rest] = group;
  if (!first) return [];
  const sets = rest.map((t) => new Set(t.obs.map((o) => o.key)));
  return first.obs.map((o) => o.key).filter((key) => sets.every((s) => s.has(key)));
}

export function comparisonSentence(group: Track[]): string {
  const { commonKey, rows } = alignLatest(group);
  const top = rows[0]!;
  const bottom = rows[rows.length - 1]!;
  const metric = top.track.metric;
  const when = commonKey ? `${capitalize(at(top.obs))}, ` : "";
  const valueOf = (r: { track: Track; obs: Obs }) =>
    commonKey ? formatValue(r.obs.value, r.track.style) : `${formatValue(r.obs.value, r.track.style)} ${at(r.obs)}`;
  const caveat = commonKey ? "" : " (their latest values are for different periods)";
  if (rows.length > 2) {
    return `${when}${top.track.company} had the highest ${metric} (${valueOf(top)}) and ${bottom.track.company} the lowest (${valueOf(bottom)}) of the ${rows.length} companies${caveat}.`;
  }
  if (top.obs.value.eq(bottom.obs.value)) {
    return `${when}${top.track.company} and ${bottom.track.company} had the same ${metric}: ${valueOf(top)}${caveat}.`;
  }
  return `${when}${top.track.subject} (${valueOf(top)}) was higher than ${possessive(bottom.track.company)} (${valueOf(bottom)}), by ${gap(top, bottom)}${caveat}.`;
}

/** "$145.9 billion (59.5% more than Microsoft's)"; no percent against a zero or negative base. */
function gap(top: { track: Track; obs: Obs }, bottom: { track: Track; obs: Obs }): string {
  const style = top.track.style;
  const diff = top.obs.value.minus(bottom.obs.value);
  const amount = formatDifference(diff, style);
  if (isRatioLike(style) || !bottom.obs.value.isPositive() || bottom.obs.value.isZero()) return amount;
  const pct = diff.div(bottom.obs.value).times(100);
  return `${amount} (${formatPercent(pct)} more than ${possessive(bottom.track.company)})`;
}

/** Ranking, fiscal-calendar caveat and growth side by side; the comparison sentence itself too
 * when the headline had no room for this metric. */
export function comparisonBlock(group: Track[], withSentence: boolean): string | null {
  if (new Set(group.map((t) => t.series.ticker)).size < 2) return null;
  const { commonKey, rows } = alignLatest(group);
  const lines: string[] = withSentence ? [`- ${comparisonSentence(group)}`] : [];
  if (rows.length > 2) {
    rows.forEach((r, i) =>
      lines.push(`${i + 1}. ${r.track.company}: ${formatValue(r.obs.value, r.track.style)} ${at(r.obs)}`),
    );
  }
  const ends = new Set(rows.map((r) => r.obs.point.periodEnd));
  if (commonKey && ends.size > 1 && !labelIsDate(rows[0]!.obs.point)) {
    const list = rows.map((r) => `${r.track.company} on ${formatDateOf(r.obs)}`).join("; ");
    lines.push(`- The companies' fiscal periods end on different dates (${list}), so the periods overlap only in part`);
  }
  const growth = growthLine(group);
  if (growth) lines.push(growth);
  if (lines.length === 0) return null;
  return [`**Comparison · ${group[0]!.series.metricName}**`, ...lines].join("\n");
}

function formatDateOf(o: Obs): string {
  return periodLabel({ fiscalYear: null, fiscalPeriod: null, periodEnd: o.point.periodEnd });
}

/** "- From FY2022 to FY2024: Apple up 2.0%, Microsoft up 15.7%", over the periods all share. */
function growthLine(group: Track[]): string | null {
  const keys = commonKeys(group);
  const firstKey = keys[0];
  const lastKey = keys[keys.length - 1];
  if (!firstKey || !lastKey || firstKey === lastKey) return null;
  const parts = group.map((track) => {
    const from = track.obs.find((o) => o.key === firstKey)!;
    const to = track.obs.find((o) => o.key === lastKey)!;
    return `${track.company} ${changeSize(from.value, to.value, track.style)}`;
  });
  const sample = group[0]!.obs;
  const fromLabel = sample.find((o) => o.key === firstKey)!.label;
  const toLabel = sample.find((o) => o.key === lastKey)!.label;
  return `- From ${fromLabel} to ${toLabel}: ${parts.join(", ")}`;
}
