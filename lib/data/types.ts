// The data slice: one typed result that everything downstream reads (prompt, analyst, charts,
// tables). Nothing after the Data Module queries the database.
import type { Frequency, UnitKind } from "@/lib/catalog/types";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { FiscalPeriod } from "@/lib/ingest/types";

/** Where a number came from, precisely enough to find it in the filing or the price file, or how it
 * was computed from such numbers. */
export type ValueSource = FiledSource | DailyPriceSource | DerivedSource;

export interface FiledSource {
  kind: "sec_filing";
  concept: string;
  form: string | null;
  accession: string | null;
  filedAt: string | null;
  via: "sec_companyfacts" | "sec_xbrl";
}

export interface DailyPriceSource {
  kind: "daily_prices";
  provider: "alphavantage" | "yfinance";
  adjusted: boolean;
}

/** Computed by FinGround: the formula as written and every number it read, each with its own source
 * (an input may itself be derived, e.g. free cash flow inside a free-cash-flow margin). */
export interface DerivedSource {
  kind: "derived";
  /** "gross_profit / revenue", "FY − 9M", "sum of 4 quarters". */
  formula: string;
  inputs: DerivedInput[];
  /** A convention or caveat the reader should know ("EPS does not add exactly across quarters"). */
  note: string | null;
}

export interface DerivedInput {
  ticker: string;
  metricKey: string;
  metricName: string;
  /** "FY2023", "Q4 FY2024", "9M FY2024", "close 2024-09-27". */
  label: string;
  point: DataPoint;
}

export interface DataPoint {
  /** null for instants (balances, prices). */
  periodStart: string | null;
  periodEnd: string;
  /** Fiscal year and period for filings; null for daily prices. */
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriod | null;
  /** Exact decimal string in base units (USD, shares, USD per share). */
  value: string;
  source: ValueSource;
}

export interface Series {
  ticker: string;
  companyName: string;
  metricKey: string;
  metricName: string;
  unitKind: UnitKind;
  /** "USD", "USD/shares", "shares", "pure". */
  unit: string;
  currency: string | null;
  frequency: Frequency;
  /** Ordered by periodEnd ascending. */
  points: DataPoint[];
}

export interface MissingData {
  ticker: string | null;
  metricKey: string | null;
  /** A sentence a person can act on: "no quarterly revenue for TSLA after 2022-09-30". */
  reason: string;
}

export interface DataSlice {
  request: StructuredDataRequest;
  /** The interval actually read (after resolving "latest" and fiscal periods), for display. */
  interval: { start: string | null; end: string | null; description: string };
  series: Series[];
  missing: MissingData[];
}
