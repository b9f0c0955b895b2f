// Formatting for answers' table, charts and request panel. Values and periods read through the
// shared lib/format modules, the same code the built-in analyst writes its text with, so the table
// and the answer beside it always agree; what is here is for the screen only (axis ticks, chart
// timestamps, units, sources, counts, milliseconds, confidence). Fixed locale ("en-US") and UTC so
// server and browser render the same text.
import { calendarDayOf, isoDateOfTimestamp } from "@/lib/core/dates";
import type { DataPoint, Series, ValueSource } from "@/lib/data/types";
import { formatDate, MONTH_NAMES_SHORT } from "@/lib/format/periods";
import { filingPagePath, tableRowOfConcept, tableRowProvenance } from "@/lib/format/provenance";
import { isMoney, type ValueStyle } from "@/lib/format/values";

/** Short axis labels for charts; inputs are plotting numbers, never shown as values themselves. */
export function formatAxisValue(value: number, axis: Pick<ValueStyle, "unitKind" | "currencyPrefix">): string {
  const { unitKind } = axis;
  if (!Number.isFinite(value)) return "";
  if (unitKind === "ratio") return `${(value * 100).toFixed(0)}%`;
  if (unitKind === "percent") return `${value.toFixed(0)}%`;
  const prefix = isMoney(unitKind) ? axis.currencyPrefix : "";
  const sign = value < 0 ? "-" : "";
  const absolute = Math.abs(value);
  const steps: [number, string][] = [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [size, letter] of steps) {
    if (absolute >= size) return `${sign}${prefix}${trimZeros((absolute / size).toFixed(1))}${letter}`;
  }
  return `${sign}${prefix}${trimZeros(absolute.toFixed(unitKind === "per_share" ? 2 : 1))}`;
}

function trimZeros(fixed: string): string {
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

/** "2022-09-25 to 2023-09-30", or "at 2023-09-30" for balances and prices. */
export function formatPeriodDates(point: Pick<DataPoint, "periodStart" | "periodEnd">): string {
  return point.periodStart ? `${point.periodStart} to ${point.periodEnd}` : `at ${point.periodEnd}`;
}

const unitNames: Record<string, string> = {
  USD: "USD",
  "USD/shares": "USD per share",
  shares: "shares",
  pure: "ratio",
};

/** "USD", "USD per share", "shares", "ratio", with the currency when the unit does not name it. */
export function formatUnitLabel(series: Pick<Series, "unit" | "currency">): string {
  const unit = unitNames[series.unit] ?? series.unit;
  if (series.currency && !unit.includes(series.currency)) return `${unit} (${series.currency})`;
  return unit;
}

const priceProviders: Record<string, string> = { alphavantage: "Alpha Vantage", yfinance: "Yahoo" };

/** "10-K 0000320193-24-000123 filed 2024-11-01", "Alpha Vantage, as traded", "Yahoo, adjusted",
 * "computed: FY − 9M". */
export function formatSourceLabel(source: ValueSource): string {
  if (source.kind === "derived") return `computed: ${source.formula}`;
  if (source.kind === "daily_prices") {
    return `${priceProviders[source.provider] ?? source.provider}, ${source.adjusted ? "adjusted" : "as traded"}`;
  }
  const row = source.via === "filing_table" ? tableRowOfConcept(source.concept) : null;
  if (row && source.accession)
    return tableRowProvenance({
      form: source.form ?? "filing",
      filingPeriod: null,
      documentKey: source.accession,
      ...row,
    });
  const parts = [source.form ?? "SEC filing", source.accession, source.filedAt ? `filed ${source.filedAt}` : null];
  return parts.filter((part): part is string => Boolean(part)).join(" ");
}

/** The page viewer's address for a value read from a filing's table (its row highlighted), else null. */
export function tablePageHref(source: ValueSource): string | null {
  if (source.kind !== "sec_filing" || source.via !== "filing_table" || !source.accession) return null;
  const place = tableRowOfConcept(source.concept);
  return place ? filingPagePath(source.accession, place.page, { row: place.row }) : null;
}

const countFormat = new Intl.NumberFormat("en-US");

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "1,234 ms", or "—" when the stage did not run. */
export function formatMilliseconds(milliseconds: number | null): string {
  return milliseconds === null ? "—" : `${countFormat.format(Math.round(milliseconds))} ms`;
}

/** 0.82 -> "82%" */
export function formatConfidence(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** A chart's time axis tick: "Sep 2023" (UTC); "" when it is not a date. */
export function formatMonthYear(timestamp: number): string {
  const iso = isoDateOfTimestamp(timestamp);
  const day = iso === null ? null : calendarDayOf(iso);
  return day === null ? "" : `${MONTH_NAMES_SHORT[day.month - 1]} ${day.year}`;
}

/** A chart's timestamp as the answer writes dates: "Sep 30, 2023" (UTC); "" when it is not a date. */
export function formatLongDate(timestamp: number): string {
  const iso = isoDateOfTimestamp(timestamp);
  return iso === null ? "" : formatDate(iso);
}
