// The rows of an answer's data table and of its CSV download: one row per value of the slice, in the
// slice's order (series by series, periods ascending). Values and periods read exactly as in the
// answer's text (lib/format). The CSV carries the same columns with the exact values, never scaled,
// and ISO dates for dated points, which spreadsheets read as dates.
import { presentationOf } from "@/lib/agent/schema";
import type { DataPoint, DataSlice, Series } from "@/lib/data/types";
import { labelIsDate, periodLabel } from "@/lib/format/periods";
import { formatExactValue, formatHumanValue, valueStyle } from "@/lib/format/values";
import { formatSourceLabel, formatUnitLabel } from "./format";

export interface DataRow {
  key: string;
  series: Series;
  point: DataPoint;
  /** "FY2023", "Q1 FY2025", "Jan 5, 2024": as the answer names the period. */
  period: string;
  /** The period in the CSV: the fiscal label, or the ISO date ("2024-01-05") for dated points. */
  csvPeriod: string;
  /** "$383.3 billion", "$6.08 per share": as the answer writes the value. */
  value: string;
  /** "$383,285,000,000": every digit, grouped. */
  exactValue: string;
  unit: string;
  source: string;
}

export function dataRowsOf(slice: DataSlice): DataRow[] {
  // The question's rounding and scale ("round to two decimals", "in USD millions"), as in the answer's text.
  const asked = presentationOf(slice.request);
  return slice.series.flatMap((series) => {
    const style = valueStyle(series, asked);
    const unit = formatUnitLabel(series);
    return series.points.map((point, index) => ({
      key: `${series.ticker}|${series.metricKey}|${point.periodStart ?? ""}|${point.periodEnd}|${index}`,
      series,
      point,
      period: periodLabel(point),
      csvPeriod: labelIsDate(point) ? point.periodEnd : periodLabel(point),
      value: formatHumanValue(point.value, style),
      exactValue: formatExactValue(point.value, style),
      unit,
      source: formatSourceLabel(point.source),
    }));
  });
}

const CSV_COLUMNS = ["Company", "Metric", "Period", "Value", "Unit", "Source"] as const;

/** "Apple Inc. (AAPL)": plain ASCII around the name, so spreadsheets without UTF-8 detection read it. */
function companyLabelForCsv(series: Pick<Series, "ticker" | "companyName">): string {
  return `${series.companyName} (${series.ticker})`;
}

/** RFC 4180: quote a field holding a comma, a quote or a line break, doubling its quotes. */
function escapeCsvField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

export function buildCsv(rows: readonly DataRow[]): string {
  const lines = [
    CSV_COLUMNS.join(","),
    ...rows.map((row) =>
      [companyLabelForCsv(row.series), row.series.metricName, row.csvPeriod, row.point.value, row.unit, row.source]
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
