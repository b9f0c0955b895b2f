// Formatting for answers: numbers arrive as exact decimal strings in base units and are turned into
// text here, at the edge, with decimal arithmetic so no value passes through a float on its way to
// the screen. Fixed locale ("en-US") and UTC so server and browser render the same text.
import Decimal from "decimal.js";
import type { UnitKind } from "@/lib/catalog/types";
import type { DataPoint, Series, ValueSource } from "@/lib/data/types";

interface ScaleStep {
  exponent: number;
  word: string;
}

/** Largest first: the first step a value reaches names it. */
const SCALE_STEPS: readonly ScaleStep[] = [
  { exponent: 12, word: "trillion" },
  { exponent: 9, word: "billion" },
  { exponent: 6, word: "million" },
];

const SCALE_DECIMALS = 1;

function parseDecimal(value: string): Decimal | null {
  try {
    const decimal = new Decimal(value.trim());
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
}

/** "1234567.50" -> "1,234,567.5": digits grouped by thousands, trailing fractional zeros dropped. */
function groupDigits(plain: string): string {
  const [integerPart = "0", fractionPart = ""] = plain.split(".");
  const grouped = integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = fractionPart.replace(/0+$/, "");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** Fixed decimals, rounded half away from zero, digits grouped: (1234.5, 2) -> "1,234.50". */
function fixedGrouped(absolute: Decimal, decimals: number): string {
  const [integerPart = "0", fractionPart] = absolute.toFixed(decimals, Decimal.ROUND_HALF_UP).split(".");
  const grouped = integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fractionPart ? `${grouped}.${fractionPart}` : grouped;
}

/** "$" for US dollars (and when the currency is unknown), else the ISO code and a space. */
export function currencyPrefix(currency: string | null): string {
  return currency === null || currency === "USD" ? "$" : `${currency} `;
}

function isMoney(unitKind: UnitKind): boolean {
  return unitKind === "currency" || unitKind === "per_share";
}

/** "383.3 billion", or null below a million. Rounding up to 1,000 moves to the next word. */
function scaledWords(absolute: Decimal): string | null {
  for (let index = 0; index < SCALE_STEPS.length; index += 1) {
    const step = SCALE_STEPS[index];
    if (!step || absolute.lt(new Decimal(10).pow(step.exponent))) continue;
    const scaled = absolute.div(new Decimal(10).pow(step.exponent)).toDecimalPlaces(SCALE_DECIMALS, Decimal.ROUND_HALF_UP);
    const larger = SCALE_STEPS[index - 1];
    if (scaled.gte(1000) && larger) {
      const promoted = absolute.div(new Decimal(10).pow(larger.exponent)).toDecimalPlaces(SCALE_DECIMALS, Decimal.ROUND_HALF_UP);
      return `${promoted.toFixed(SCALE_DECIMALS)} ${larger.word}`;
    }
    return `${fixedGrouped(scaled, SCALE_DECIMALS)} ${step.word}`;
  }
  return null;
}

/**
 * A value as a person reads it: "383285000000" USD -> "$383.3 billion", "6.08" per share -> "$6.08",
 * "15204137000" shares -> "15.2 billion", "0.147" ratio -> "14.7%". The exact value stays available
 * through formatExactValue.
 */
export function formatHumanValue(value: string, unitKind: UnitKind, currency: string | null): string {
  const decimal = parseDecimal(value);
  if (decimal === null) return value;
  const sign = decimal.isNegative() && !decimal.isZero() ? "-" : "";
  const absolute = decimal.abs();

  if (unitKind === "ratio") return `${sign}${fixedGrouped(absolute.times(100), 1)}%`;
  if (unitKind === "percent") return `${sign}${fixedGrouped(absolute, 1)}%`;

  const prefix = isMoney(unitKind) ? currencyPrefix(currency) : "";
  if (unitKind === "per_share") {
    // Sub-cent amounts (tiny dividends) keep enough digits not to read as zero.
    const decimals = !absolute.isZero() && absolute.lt(0.01) ? 4 : 2;
    return `${sign}${prefix}${fixedGrouped(absolute, decimals)}`;
  }

  const words = scaledWords(absolute);
  if (words !== null) return `${sign}${prefix}${words}`;
  const decimals = absolute.isInteger() ? 0 : 2;
  return `${sign}${prefix}${fixedGrouped(absolute, decimals)}`;
}

/** The full exact number, digits grouped: "383285000000" USD -> "$383,285,000,000". */
export function formatExactValue(value: string, unitKind: UnitKind, currency: string | null): string {
  const decimal = parseDecimal(value);
  if (decimal === null) return value;
  const sign = decimal.isNegative() && !decimal.isZero() ? "-" : "";
  const prefix = isMoney(unitKind) ? currencyPrefix(currency) : "";
  const suffix = unitKind === "percent" ? "%" : "";
  return `${sign}${prefix}${groupDigits(decimal.abs().toFixed())}${suffix}`;
}

/** Short axis labels for charts; inputs are plotting numbers, never shown as values themselves. */
export function formatAxisValue(value: number, unitKind: UnitKind, currency: string | null): string {
  if (!Number.isFinite(value)) return "";
  if (unitKind === "ratio") return `${(value * 100).toFixed(0)}%`;
  if (unitKind === "percent") return `${value.toFixed(0)}%`;
  const prefix = isMoney(unitKind) ? currencyPrefix(currency) : "";
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

const fiscalPeriodPrefixes: Record<string, string> = {
  Q1: "Q1",
  Q2: "Q2",
  Q3: "Q3",
  Q4: "Q4",
  H1: "H1",
  M9: "9M",
};

/** "FY2023", "Q1 FY2025", "9M FY2024" for filings; the date for daily values. */
export function formatPeriodLabel(point: Pick<DataPoint, "fiscalYear" | "fiscalPeriod" | "periodEnd">): string {
  if (point.fiscalYear === null || point.fiscalPeriod === null) return point.periodEnd;
  if (point.fiscalPeriod === "FY") return `FY${point.fiscalYear}`;
  return `${fiscalPeriodPrefixes[point.fiscalPeriod] ?? point.fiscalPeriod} FY${point.fiscalYear}`;
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

/** "10-K 0000320193-24-000123 filed 2024-11-01", "Alpha Vantage, as traded", "Yahoo, adjusted". */
export function formatSourceLabel(source: ValueSource): string {
  if (source.kind === "daily_prices") {
    return `${priceProviders[source.provider] ?? source.provider}, ${source.adjusted ? "adjusted" : "as traded"}`;
  }
  const parts = [source.form ?? "SEC filing", source.accession, source.filedAt ? `filed ${source.filedAt}` : null];
  return parts.filter((part): part is string => Boolean(part)).join(" ");
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

const monthNamesShort = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** A chart's time axis tick: "Sep 2023" (UTC). */
export function formatMonthYear(timestamp: number): string {
  const date = new Date(timestamp);
  return `${monthNamesShort[date.getUTCMonth()] ?? ""} ${date.getUTCFullYear()}`;
}

/** "Sep 30, 2023" (UTC). */
export function formatLongDate(timestamp: number): string {
  const date = new Date(timestamp);
  return `${monthNamesShort[date.getUTCMonth()] ?? ""} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Midnight UTC of an ISO date, the x coordinate of a point in time charts. */
export function isoDateToTimestamp(isoDate: string): number {
  return Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
}
