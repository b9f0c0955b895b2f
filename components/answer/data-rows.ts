// The rows of an answer's data table and of its CSV download: one row per value of the slice, in the
// slice's order (series by series, periods ascending). The CSV carries the same columns with the
// exact values, never scaled.
import type { DataPoint, DataSlice, Series } from "@/lib/data/types";
import { formatPeriodLabel, formatSourceLabel, formatUnitLabel } from "./format";

export interface DataRow {
  key: string;
  series: Series;
  point: DataPoint;
  period: string;
  unit: string;
  source: string;
}

export function dataRowsOf(slice: DataSlice): DataRow[] {
  return slice.series.flatMap((series) =>
    series.points.map((point, index) => ({
      key: `${series.ticker}|${series.metricKey}|${point.periodStart ?? ""}|${point.periodEnd}|${index}`,
      series,
      point,
      period: formatPeriodLabel(point),
      unit: formatUnitLabel(series),
      source: formatSourceLabel(point.source),
    })),
  );
}

export const CSV_COLUMNS = ["Company", "Metric", "Period", "Value", "Unit", "Source"] as const;

/** "Apple Inc. (AAPL)": plain ASCII around the name, so spreadsheets without UTF-8 detection read it. */
export function companyLabelForCsv(series: Pick<Series, "ticker" | "companyName">): string {
  return `${series.companyName} (${series.ticker})`;
}

/** RFC 4180: quote a field holding a comma, a quote or a line break, doubling its quotes. */
export function escapeCsvField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

export function buildCsv(rows: readonly DataRow[]): string {
  const lines = [
    CSV_COLUMNS.join(","),
    ...rows.map((row) =>
      [companyLabelForCsv(row.series), row.series.metricName, row.period, row.point.value, row.unit, row.source]
        .map(escapeCsvField)
        .join(","),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "finground-aapl-nvda-net_income.csv" */
export function csvFileName(slice: DataSlice): string {
  const tickers = [...new Set(slice.series.map((series) => series.ticker))].map(slug);
  const metrics = [...new Set(slice.series.map((series) => series.metricKey))].map(slug);
  const name = ["finground", ...tickers, ...metrics].filter(Boolean).join("-").slice(0, 120);
  return `${name || "finground-data"}.csv`;
}
