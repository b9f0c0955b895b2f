// The mean of a filed series over the periods asked for ("average capex from FY2020 to FY2022"), when the
// question asks for an average (request.presentation.average): exact in the Data Module's decimals, so
// the prompt and the analyst state it without arithmetic of their own, every period's value beside it.
import { Decimal } from "@/lib/core/decimal";
import type { DataPoint, PeriodMean } from "./types";

/** The slice's periodic series of two or more periods with their mean added; daily series keep theirs. */
export function withPeriodMeans<T extends { frequency: string; points: DataPoint[] }>(
  series: readonly T[],
): (T & { periodMean?: PeriodMean })[] {
  return series.map((s) => {
    if (s.frequency === "daily" || s.points.length < 2) return s;
    const sum = s.points.reduce((total, p) => total.plus(p.value), new Decimal(0));
    const periodMean = {
      periods: s.points.length,
      first: s.points[0]!,
      last: s.points[s.points.length - 1]!,
      value: sum.dividedBy(s.points.length).toFixed(),
    };
    return { ...s, periodMean };
  });
}
