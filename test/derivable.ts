// Checks that an answer states no number the slice does not support. Independent of ./format on
// purpose: it brute-forces every quantity derivable from the slice's values (the values, their
// differences, percent changes and ratios) at every display scale and rounding, and every number
// in the text must be one of them. A wrong rounding, base or invented figure shows up here.
import { Decimal } from "@/lib/core/decimal";
import type { DataSlice } from "@/lib/data/types";

const SCALES = [new Decimal(1), new Decimal("1e6"), new Decimal("1e9"), new Decimal("1e12")];
const DECIMALS = [0, 1, 2, 3, 4];

/** The numbers in `text` that cannot be derived from `slice` (empty when the answer is grounded). */
export function underivableNumbers(text: string, slice: DataSlice): string[] {
  const allowed = derivableStrings(slice);
  return numbersIn(stripSliceText(text, slice)).filter((n) => !allowed.has(n));
}

/** Every number as written, without grouping commas or sign: "$1,234.5 billion" → "1234.5". */
export function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/,/g, ""));
}

/** Text the slice supplies verbatim (names, reasons) may hold digits ("3M", "after 2022-09-30"). */
function stripSliceText(text: string, slice: DataSlice): string {
  const verbatim = [
    ...slice.missing.map((m) => m.reason),
    ...slice.series.flatMap((s) => [s.companyName, s.companyName.split(/[ ,]/)[0] ?? "", s.ticker, s.metricName]),
  ].filter((v) => v.length > 0);
  // Longest first, so a name is not half-stripped by a shorter one inside it.
  return verbatim.sort((a, b) => b.length - a.length).reduce((t, v) => t.split(v).join(" "), text);
}

function derivableStrings(slice: DataSlice): Set<string> {
  const values = slice.series.flatMap((s) => s.points.map((p) => new Decimal(p.value)));
  const quantities: Decimal[] = [];
  for (const a of values) {
    quantities.push(a, a.times(100));
    for (const b of values) {
      const diff = b.minus(a);
      quantities.push(diff, diff.times(100));
      if (!a.isZero()) quantities.push(diff.div(a.abs()).times(100), b.div(a).times(100));
    }
  }
  const allowed = new Set<string>();
  for (const q of quantities) {
    for (const scale of SCALES) {
      for (const dp of DECIMALS) allowed.add(q.abs().div(scale).toFixed(dp, Decimal.ROUND_HALF_UP));
    }
  }
  for (const n of labelNumbers(slice)) allowed.add(String(n));
  return allowed;
}

/** Numbers of period labels and dates ("Q1 FY2025", "9M", "Jan 5, 2024") and counts of things. */
function labelNumbers(slice: DataSlice): number[] {
  const numbers = [1, 2, 3, 4, 9];
  for (const s of slice.series) {
    for (const p of s.points) {
      if (p.fiscalYear !== null) numbers.push(p.fiscalYear);
      const [year, , day] = p.periodEnd.split("-").map(Number);
      if (year !== undefined && day !== undefined) numbers.push(year, day);
    }
  }
  const counts = slice.series.reduce((n, s) => n + s.points.length, 0) + slice.series.length + slice.missing.length;
  for (let i = 0; i <= counts; i++) numbers.push(i);
  return numbers;
}
