// What ingestion sources produce and what the writer stores. Dates are ISO "YYYY-MM-DD" strings and
// values exact decimal strings, so nothing passes through a float on its way to the database.

export const FISCAL_PERIODS = ["FY", "Q1", "Q2", "Q3", "Q4", "H1", "M9"] as const;
export type FiscalPeriod = (typeof FISCAL_PERIODS)[number];

type FactSourceKind = "sec_companyfacts" | "sec_xbrl" | "filing_table";

/** One value of one catalog metric for one period, as one filing reported it. */
export interface MetricFact {
  ticker: string;
  metricKey: string;
  /** null for instants (balances at periodEnd). */
  periodStart: string | null;
  periodEnd: string;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  /** Exact decimal in base units (USD, shares, USD per share, pure ratio). */
  value: string;
  /** XBRL unit as filed: "USD", "USD/shares", "shares", "pure". */
  unit: string;
  currency: string | null;
  /** XBRL decimals (-6 = rounded to millions), null when unknown. */
  decimals: number | null;
  sourceKind: FactSourceKind;
  concept: string;
  form: string | null;
  accession: string | null;
  filedAt: string | null;
  /** When the value became known (the filing date, or the best lower bound): stored as updated_at. */
  knownAt: string;
}

export type PriceSource = "alphavantage" | "yfinance";

/** One trading day of one ticker from one price source. Prices are exact decimal strings. */
export interface PriceRow {
  ticker: string;
  source: PriceSource;
  date: string;
  open: string | null;
  high: string | null;
  low: string | null;
  close: string | null;
  adjClose: string | null;
  volume: string | null;
}

/** A record that could not be used, located precisely enough to find it in the input. */
export interface IngestProblem {
  /** "file:line" for CSV, "file#/facts/us-gaap/Revenues/units/USD/3" for JSON. */
  where: string;
  reason: string;
}

/** A parser yields usable records and problems as it reads, so one bad record never stops a file. */
export type Parsed<T> = { ok: true; record: T } | { ok: false; problem: IngestProblem };
