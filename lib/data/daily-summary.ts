// Summaries of a daily series over its range, so the prompt and the analyst can state them without
// arithmetic of their own: first, last, low, high, average, return, the largest one-day rise and fall,
// and what an amount invested at the first day is worth at the last, exactly (decimal); annualized
// volatility (sample standard deviation of daily simple returns × √252, the usual convention) is a
// statistical estimate, computed in floating point and given to 6 significant digits.
import { Decimal } from "@/lib/core/decimal";
import type { DailyMove, DailySummary, DataPoint } from "./types";

const TRADING_DAYS_PER_YEAR = 252;

/** Words by which a question asks for a range's statistics ("average price", "how volatile", "return"). */
const SUMMARY_WORDS =
  /\b(average|avg|mean|volatil\w*|returns?|performance|perform(ed)?|range|summar\w*|statistics|stats|drawdown|one[- ]day|single[- ]day|daily (move|fall|drop|rise|gain|jump)s?|invest(ed)?|worth|gone up|gone down|risen|fallen)\b/i;

/** Summaries cost a pass over every day, so they are computed when the question asks for them. */
export function wantsDailySummary(question: string): boolean {
  return SUMMARY_WORDS.test(question);
}

/** The slice's daily series with their summaries added; `invested` is the request's amount (null: none said). */
export function withDailySummaries<T extends { frequency: string; points: DataPoint[] }>(
  series: readonly T[],
  invested: string | null,
): (T & { summary?: DailySummary })[] {
  return series.map((s) => {
    const summary = s.frequency === "daily" ? summarizeDaily(s.points, invested) : null;
    return summary ? { ...s, summary } : s;
  });
}

export function summarizeDaily(points: readonly DataPoint[], invested: string | null = null): DailySummary | null {
  if (points.length < 2) return null;
  // Prices have at most 10 decimals: doubles order them exactly, and the points themselves are returned.
  const numbers = points.map((p) => Number(p.value));
  let low = 0;
  let high = 0;
  numbers.forEach((v, i) => {
    if (v < numbers[low]!) low = i;
    if (v > numbers[high]!) high = i;
  });
  const first = new Decimal(points[0]!.value);
  const last = new Decimal(points[points.length - 1]!.value);
  const sum = exactSum(points.map((p) => p.value));
  return {
    days: points.length,
    first: points[0]!,
    last: points[points.length - 1]!,
    low: points[low]!,
    high: points[high]!,
    mean: exact(sum.dividedBy(points.length)),
    change: first.isZero() ? null : exact(last.dividedBy(first).minus(1)),
    volatility: annualizedVolatility(numbers),
    ...largestMoves(points, numbers),
    investment:
      invested === null || first.isZero()
        ? null
        : { amount: invested, value: exact(new Decimal(invested).times(last).dividedBy(first)) },
  };
}

/**
 * The largest one-day rise and fall, close to close. Doubles rank the days (a tie between two moves
 * equal to 15 digits is immaterial: the earliest is kept); the change stated is computed exactly.
 */
function largestMoves(
  points: readonly DataPoint[],
  numbers: readonly number[],
): { largestRise: DailyMove | null; largestFall: DailyMove | null } {
  let rise = -1;
  let fall = -1;
  const ratio = (i: number) => numbers[i]! / numbers[i - 1]!;
  for (let i = 1; i < numbers.length; i++) {
    if (numbers[i - 1] === 0) continue;
    if (ratio(i) > 1 && (rise < 0 || ratio(i) > ratio(rise))) rise = i;
    if (ratio(i) < 1 && (fall < 0 || ratio(i) < ratio(fall))) fall = i;
  }
  const move = (i: number): DailyMove | null =>
    i < 0
      ? null
      : {
          previous: points[i - 1]!,
          day: points[i]!,
          change: exact(new Decimal(points[i]!.value).dividedBy(points[i - 1]!.value).minus(1)),
        };
  return { largestRise: move(rise), largestFall: move(fall) };
}

/** Scaled-integer addition: as exact as decimal.js for stored values (at most 10 decimals), and much faster. */
const SCALE_DIGITS = 10;

function exactSum(values: readonly string[]): Decimal {
  let total = 0n;
  for (const text of values) {
    const negative = text.startsWith("-");
    const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
    if (fraction.length > SCALE_DIGITS) return values.reduce((sum, v) => sum.plus(v), new Decimal(0));
    const scaled = BigInt(whole + fraction.padEnd(SCALE_DIGITS, "0"));
    total += negative ? -scaled : scaled;
  }
  return new Decimal(total.toString()).dividedBy(new Decimal(10).pow(SCALE_DIGITS));
}

function annualizedVolatility(values: readonly number[]): string | null {
  const returns: number[] = [];
  for (let i = 1; i < values.length; i++) if (values[i - 1] !== 0) returns.push(values[i]! / values[i - 1]! - 1);
  if (returns.length < 2) return null;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Number((Math.sqrt(variance) * Math.sqrt(TRADING_DAYS_PER_YEAR)).toPrecision(6)).toString();
}

function exact(value: Decimal): string {
  return value.isInteger() ? value.toFixed() : value.toSignificantDigits(20).toString();
}
