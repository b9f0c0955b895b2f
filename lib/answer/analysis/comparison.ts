// Several companies on one metric and kind of period: who is higher and by how much at the period
// they share, a ranked list, a fiscal-calendar caveat and growth side by side.
import {
  capitalize,
  formatDate,
  formatDifference,
  formatPercent,
  formatValue,
  isRatioLike,
  labelIsDate,
  listOf,
  periodLabel,
  possessive,
  shortCompanyName,
} from "../format";
import { singleCompanies } from "@/lib/agent/schema";
import type { DataSlice } from "@/lib/data/types";
import { daysBetween, nearestQuarterEnd } from "@/lib/core/dates";
import { endsAligned } from "@/lib/data/align";
import { calendarQuarterLabel } from "@/lib/format/periods";
import { at, changeSize } from "./changes";
import type { Obs, Track } from "./tracks";

interface Aligned {
  /** Whether all companies have the period compared (else each company's latest). */
  common: boolean;
  rows: { track: Track; obs: Obs }[];
}

/** Each company's value at the latest period they all report; without one, each one's latest. */
export function alignLatest(group: Track[]): Aligned {
  const shared = commonPeriods(group);
  const last = shared[shared.length - 1];
  const rows = group.map((track, i) => ({ track, obs: last?.[i] ?? track.obs[track.obs.length - 1]! }));
  rows.sort((a, b) => b.obs.value.cmp(a.obs.value));
  return { common: last !== undefined, rows };
}

/**
 * The periods every track of the group has, one observation per track (in group order), in time order of
 * the first track. Fiscal years and quarters are the same period when they end close enough together
 * (lib/data/align.ts), whatever their labels: Apple's Q1 FY2024 and NVIDIA's Q4 FY2024 both end around
 * December 2023, while the two companies' Q1 FY2024 end eight months apart and are not compared.
 */
function commonPeriods(group: Track[]): Obs[][] {
  const [first, ...rest] = group;
  if (!first) return [];
  const byEnd = first.kind === "annual" || first.kind === "quarterly";
  const kind = first.kind === "annual" ? "annual" : "quarterly";
  const match = (track: Track, o: Obs): Obs | undefined =>
    byEnd
      ? nearestAligned(
          track.obs.filter((x) => endsAligned(kind, x.point.periodEnd, o.point.periodEnd)),
          o.point.periodEnd,
        )
      : track.obs.find((x) => x.key === o.key);
  return first.obs.flatMap((o) => {
    const others = rest.map((t) => match(t, o));
    return others.every((x) => x !== undefined) ? [[o, ...(others as Obs[])]] : [];
  });
}

function nearestAligned(candidates: Obs[], end: string): Obs | undefined {
  const distance = (x: Obs) => Math.abs(daysBetween(end, x.point.periodEnd));
  return candidates.reduce<Obs | undefined>((best, x) => (best && distance(best) <= distance(x) ? best : x), undefined);
}

/** "In FY2024, ", or, when the companies' labels differ, the calendar quarter (fiscal year end) they share. */
function sharedPeriod(rows: { track: Track; obs: Obs }[], anchor: Obs, kind: Track["kind"]): string {
  if (new Set(rows.map((r) => r.obs.label)).size === 1) return `${capitalize(at(rows[0]!.obs))}, `;
  if (kind === "quarterly") return `In ${calendarQuarterLabel(nearestQuarterEnd(anchor.point.periodEnd))}, `;
  return `For the fiscal years ending nearest ${formatDate(anchor.point.periodEnd)}, `;
}

export function comparisonSentence(group: Track[]): string {
  const { common, rows } = alignLatest(group);
  const top = rows[0]!;
  const bottom = rows[rows.length - 1]!;
  const metric = top.track.metric;
  const anchor = rows.find((r) => r.track === group[0])!.obs;
  const when = common ? sharedPeriod(rows, anchor, top.track.kind) : "";
  // Each company's own period is named whenever the labels differ, aligned or not.
  const sameLabel = common && new Set(rows.map((r) => r.obs.label)).size === 1;
  const valueOf = (r: { track: Track; obs: Obs }) =>
    sameLabel ? formatValue(r.obs.value, r.track.style) : `${formatValue(r.obs.value, r.track.style)} ${at(r.obs)}`;
  const caveat = common ? "" : " (their latest values are for different periods)";
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
  return `${amount} (${formatPercent(pct, style.decimals)} more than ${possessive(bottom.track.company)})`;
}

/** Ranking, fiscal-calendar caveat and growth side by side; the comparison sentence itself too
 * when the headline had no room for this metric. */
export function comparisonBlock(group: Track[], withSentence: boolean): string | null {
  if (new Set(group.map((t) => t.series.ticker)).size < 2) return null;
  const { common, rows } = alignLatest(group);
  const lines: string[] = withSentence ? [`- ${comparisonSentence(group)}`] : [];
  if (rows.length > 2) {
    rows.forEach((r, i) =>
      lines.push(`${i + 1}. ${r.track.company}: ${formatValue(r.obs.value, r.track.style)} ${at(r.obs)}`),
    );
  }
  const ends = new Set(rows.map((r) => r.obs.point.periodEnd));
  if (common && ends.size > 1 && !labelIsDate(rows[0]!.obs.point)) {
    const labelled = new Set(rows.map((r) => r.obs.label)).size > 1;
    const list = rows
      .map((r) => `${r.track.company}${labelled ? ` ${r.obs.label}` : ""} on ${formatDateOf(r.obs)}`)
      .join("; ");
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

/** "- From FY2022 to FY2024: Apple up 2.0%, Microsoft up 15.7%", over the periods all share; each
 * company's own periods named when their labels differ. */
function growthLine(group: Track[]): string | null {
  const shared = commonPeriods(group);
  const from = shared[0];
  const to = shared[shared.length - 1];
  if (!from || !to || from === to) return null;
  const labelled = from.some((o) => o.label !== from[0]!.label) || to.some((o) => o.label !== to[0]!.label);
  const parts = group.map((track, i) => {
    const own = labelled ? ` (${from[i]!.label} to ${to[i]!.label})` : "";
    return `${track.company}${own} ${changeSize(from[i]!.value, to[i]!.value, track.style)}`;
  });
  const name = (o: Obs) =>
    labelled && group[0]!.kind === "quarterly" ? calendarQuarterLabel(nearestQuarterEnd(o.point.periodEnd)) : o.label;
  return `- From ${name(from[0]!)} to ${name(to[0]!)}: ${parts.join(", ")}`;
}

/** A comparison asked for (several named companies) that cannot be made for a metric: which companies have
 * it and which do not, so a lone value never reads as the answer to "is A more expensive than B?". */
export function unmatchedComparisons(slice: DataSlice, tracks: readonly Track[]): string | null {
  const companies = singleCompanies(slice.request);
  const named = companies.map((c) => c.ticker);
  if (named.length < 2) return null;
  const lines: string[] = [];
  for (const metric of slice.request.metrics) {
    const held = tracks.filter((t) => t.series.metricKey === metric.key);
    const tickers = new Set(held.map((t) => t.series.ticker));
    const without = named.filter((t) => !tickers.has(t));
    if (held.length === 0) continue;
    const name = held[0]!.metric;
    if (without.length === 0) {
      const kinds = sharedKinds(held);
      if (tickers.size >= 2 && kinds.size === 0) lines.push(kindMismatch(held, name));
      continue;
    }
    const having = [...new Set(held.map((t) => t.company))];
    const reasons = without.map((ticker) => {
      const reason = slice.missing.find((m) => m.ticker === ticker && m.metricKey === metric.key)?.reason;
      const company = shortCompanyName(companies.find((c) => c.ticker === ticker)?.name ?? ticker);
      return reason ? `${possessive(company)} is not: ${reason}` : `${possessive(company)} is not in the data`;
    });
    lines.push(
      `**No comparison:** only ${listOf(having, "and")} ${having.length === 1 ? "has" : "have"} a ${name} to compare (${reasons.join("; ")}).`,
    );
  }
  return lines.length > 0 ? lines.join("\n\n") : null;
}

/** The kinds of period every company of the tracks has a value for. */
function sharedKinds(tracks: readonly Track[]): Set<Track["kind"]> {
  const byTicker = new Map<string, Set<Track["kind"]>>();
  for (const t of tracks) byTicker.set(t.series.ticker, (byTicker.get(t.series.ticker) ?? new Set()).add(t.kind));
  const [first, ...rest] = [...byTicker.values()];
  return new Set([...(first ?? [])].filter((kind) => rest.every((kinds) => kinds.has(kind))));
}

const KIND_WORDS: Record<Track["kind"], string> = {
  annual: "fiscal years",
  quarterly: "quarters",
  interim: "year-to-date spans",
  dated: "dates",
  daily: "trading days",
};

/** Like with like (issue 30): a quarter is never set against another company's fiscal year, and the answer says so. */
function kindMismatch(tracks: readonly Track[], name: string): string {
  const each = [...new Set(tracks.map((t) => t.series.ticker))].map((ticker) => {
    const own = tracks.filter((t) => t.series.ticker === ticker);
    const kinds = own.map((t) => `${KIND_WORDS[t.kind]} (latest ${t.obs[t.obs.length - 1]?.label ?? "none"})`);
    return `${possessive(own[0]!.company)} for ${listOf(kinds, "and")}`;
  });
  return `**No comparison:** the ${name} held is for different kinds of period: ${listOf(each, "and")}. A quarter is not compared with a fiscal year, so each company's value is shown on its own.`;
}
