// Daily series in the prompt. A few weeks of prices are listed in full; longer ones would flood the
// prompt (a year is ~250 lines), so they are summarized: first, last, low and high, plus at most
// DAILY_POINT_LIMIT evenly spaced days for the shape. The slice itself keeps every day for charts.
import { Decimal } from "@/lib/core/decimal";
import type { DailyMove, DailySummary, DataPoint, Series } from "@/lib/data/types";
import { compareValues, formatScaled, type Scale } from "./scale";

export const DAILY_POINT_LIMIT = 30;

export function dailyLine(series: Series, scale: Scale): string {
  const points = series.points;
  const day = (p: DataPoint) => `${p.periodEnd} ${formatScaled(p.value, scale)}`;
  const statistics = series.summary ? summaryLine(series.summary, scale) : null;
  if (points.length <= DAILY_POINT_LIMIT)
    return [points.map(day).join("; "), ...(statistics ? [statistics] : [])].join("; ");
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const low = extreme(points, (c) => c < 0);
  const high = extreme(points, (c) => c > 0);
  return [
    `${points.length} trading days from ${first.periodEnd} to ${last.periodEnd}`,
    `first ${day(first)}`,
    `last ${day(last)}`,
    `low ${day(low)}`,
    `high ${day(high)}`,
    ...(statistics ? [statistics] : []),
    `sampled ${evenlySpaced(points, DAILY_POINT_LIMIT).map(day).join(", ")}`,
  ].join("; ");
}

/** An invested amount is in dollars whatever the block's scale. */
const DOLLARS: Scale = { unitText: "USD", divisor: new Decimal(1) };

/** Computed by the Data Module (daily-summary.ts): stated, never recomputed by the model. */
function summaryLine(summary: DailySummary, scale: Scale): string {
  const percent = (fraction: string) => `${new Decimal(fraction).times(100).toDecimalPlaces(2).toFixed(2)}%`;
  const move = (name: string, m: DailyMove | null) =>
    m
      ? [
          `${name} ${percent(m.change)} on ${m.day.periodEnd} (close ${formatScaled(m.day.value, scale)} after ${formatScaled(m.previous.value, scale)} on ${m.previous.periodEnd})`,
        ]
      : [];
  return [
    `average ${formatScaled(summary.mean, scale)}`,
    ...(summary.change !== null ? [`return first to last ${percent(summary.change)}`] : []),
    ...(summary.volatility !== null
      ? [`annualized volatility ${percent(summary.volatility)} (daily returns × √252)`]
      : []),
    ...move("largest one-day rise", summary.largestRise),
    ...move("largest one-day fall", summary.largestFall),
    ...(summary.investment
      ? [
          `${formatScaled(summary.investment.amount, DOLLARS)} USD invested at the first close is worth ${formatScaled(summary.investment.value, DOLLARS)} USD at the last`,
        ]
      : []),
  ].join("; ");
}

/** The first point that no later point beats (ties keep the earliest day). */
function extreme(points: readonly DataPoint[], beats: (comparison: number) => boolean): DataPoint {
  let best = points[0]!;
  for (const p of points) if (beats(compareValues(p.value, best.value))) best = p;
  return best;
}

/** `count` points spread evenly from the first to the last, both included (integer arithmetic). */
export function evenlySpaced<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const steps = count - 1;
  const span = items.length - 1;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * span + Math.floor(steps / 2)) / steps)]!);
}
