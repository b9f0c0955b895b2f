// Changes over time within a track: the size of a change worded with its base, the prior periods a
// period is compared with, and the shape of a series (trend, extremes, drawdown). Exact arithmetic.
import type { Decimal } from "@/lib/core/decimal";
import type { PeriodKind } from "@/lib/format/periods";
import { formatDifference, formatPercent, formatValue, isRatioLike, labelIsDate, type ValueStyle } from "../format";
import type { Obs, Track } from "./tracks";

/** Where a value sits in time, for sentences: "in FY2023" / "on Jan 5, 2024". */
export function at(o: Obs): string {
  return labelIsDate(o.point) ? `on ${o.label}` : `in ${o.label}`;
}

/** A base value named with its period: "FY2023's $383.3 billion" / "$185.64 on Jan 2, 2024". */
function baseRef(o: Obs, style: ValueStyle): string {
  const value = formatValue(o.value, style);
  return labelIsDate(o.point) ? `${value} on ${o.label}` : `${o.label}'s ${value}`;
}

/** Percent change (new − old) / |old| × 100; null when the base is zero (no meaningful percent). */
function percentChange(from: Decimal, to: Decimal): Decimal | null {
  if (from.isZero()) return null;
  return to.minus(from).div(from.abs()).times(100);
}

/** The size of a change and, when the percentage needs one, a note on its base:
 * "up 2.0%", "down 1.5 percentage points", "up $50" + "no percentage change: the base is zero". */
function changeParts(from: Decimal, to: Decimal, style: ValueStyle, tag = ""): { size: string; note: string | null } {
  const diff = to.minus(from);
  const t = tag ? ` ${tag}` : "";
  if (diff.isZero()) return { size: `unchanged${t}`, note: null };
  const direction = diff.isPositive() ? "up" : "down";
  if (isRatioLike(style)) return { size: `${direction} ${formatDifference(diff.abs(), style)}${t}`, note: null };
  const pct = percentChange(from, to);
  if (pct === null)
    return {
      size: `${direction} ${formatDifference(diff.abs(), style)}${t}`,
      note: "no percentage change: the base is zero",
    };
  const note = from.isNegative()
    ? "the base is negative, so the percentage is measured against its absolute size"
    : null;
  return { size: `${direction} ${formatPercent(pct.abs(), style.decimals)}${t}`, note };
}

/** "up 2.0%", or "up $50 (no percentage change: the base is zero)". */
export function changeSize(from: Decimal, to: Decimal, style: ValueStyle): string {
  const { size, note } = changeParts(from, to, style);
  return note ? `${size} (${note})` : size;
}

/** "up 2.0% from FY2023's $383.3 billion", naming the base and its sign honestly. */
export function changePhrase(from: Obs, to: Obs, style: ValueStyle, tag = ""): string {
  const { size, note } = changeParts(from.value, to.value, style, tag);
  return `${size} from ${baseRef(from, style)}${note ? ` (${note})` : ""}`;
}

function priorKeys(o: Obs, kind: PeriodKind): { tag: string; key: string }[] {
  const { fiscalYear: year, fiscalPeriod: period } = o.point;
  if (year === null || period === null) return [];
  if (kind === "quarterly") {
    const q = Number(period.slice(1));
    const previous = q === 1 ? `Q4 ${year - 1}` : `Q${q - 1} ${year}`;
    return [
      { tag: "QoQ", key: previous },
      { tag: "YoY", key: `${period} ${year - 1}` },
    ];
  }
  return [{ tag: "", key: `${period} ${year - 1}` }];
}

/** The comparisons a period gets: QoQ and YoY for quarters, prior year for years, prior point else. */
export function priorChanges(track: Track, index: number): { tag: string; from: Obs }[] {
  const o = track.obs[index];
  if (!o) return [];
  if (track.kind === "dated" || track.kind === "daily") {
    const previous = track.obs[index - 1];
    return previous ? [{ tag: "", from: previous }] : [];
  }
  const byKey = new Map(track.obs.map((x) => [x.key, x]));
  return priorKeys(o, track.kind).flatMap(({ tag, key }) => {
    const from = byKey.get(key);
    return from ? [{ tag, from }] : [];
  });
}

/** The most telling single change for a headline: YoY for quarters, else the prior period. */
export function headlineChange(track: Track): { tag: string; from: Obs } | null {
  const changes = priorChanges(track, track.obs.length - 1);
  return changes.find((c) => c.tag === "YoY") ?? changes[0] ?? null;
}

interface Trend {
  direction: "rising" | "falling" | "flat" | "mixed";
  rises: number;
  falls: number;
}

export function trendOf(obs: Obs[]): Trend {
  let rises = 0;
  let falls = 0;
  for (let i = 1; i < obs.length; i++) {
    const step = obs[i]!.value.cmp(obs[i - 1]!.value);
    if (step > 0) rises++;
    if (step < 0) falls++;
  }
  const direction =
    rises > 0 && falls === 0 ? "rising" : falls > 0 && rises === 0 ? "falling" : rises + falls === 0 ? "flat" : "mixed";
  return { direction, rises, falls };
}

export function extremes(obs: Obs[]): { high: Obs; low: Obs } | null {
  const first = obs[0];
  if (!first) return null;
  let high = first;
  let low = first;
  for (const o of obs) {
    if (o.value.gt(high.value)) high = o;
    if (o.value.lt(low.value)) low = o;
  }
  return { high, low };
}

/** The largest fall from an earlier high to a later low, in % of the high (prices only). */
export function largestDrawdown(obs: Obs[]): { peak: Obs; trough: Obs; pct: Decimal } | null {
  let peak = obs[0];
  let best: { peak: Obs; trough: Obs; pct: Decimal } | null = null;
  for (const o of obs) {
    if (!peak || o.value.gt(peak.value)) peak = o;
    if (!peak.value.isPositive() || peak.value.isZero()) continue;
    const pct = percentChange(peak.value, o.value);
    if (pct?.isNegative() && (!best || pct.lt(best.pct))) best = { peak, trough: o, pct };
  }
  return best;
}
