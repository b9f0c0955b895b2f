// How a point is named in the prompt: the fiscal label filings use ("FY2024", "Q1 FY2026"), or the
// trading day for prices, so the model can cite exactly what it was given. Balances also carry their
// date, since a cover-page count or a public float is dated inside a period, not at its end.
import { fiscalPeriodLabel } from "@/lib/format/periods";
import type { DataPoint } from "@/lib/data/types";

export function pointLabel(point: DataPoint): string {
  if (point.fiscalYear === null || point.fiscalPeriod === null) return point.periodEnd;
  const label = fiscalPeriodLabel(point.fiscalYear, point.fiscalPeriod);
  return point.periodStart === null ? `${label} (${point.periodEnd})` : label;
}
