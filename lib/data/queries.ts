// The Data Module's reads, besides readMetricValues (lib/db/queries/metric-values.ts). Each one is a
// single parameterized statement over a whole slice (all companies and metrics at once), so a slice
// costs a handful of indexed queries however many companies, metrics and periods it asks for.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { FiscalPeriod } from "@/lib/ingest/types";
import type { PriceSource } from "@/lib/ingest/types";
import { normalizeDecimal } from "@/lib/db/queries/metric-values";

export interface CompanyInfo {
  id: number;
  ticker: string;
  name: string;
  currency: string;
  fiscalYearEndMonth: number;
}

export async function readCompanies(prisma: PrismaClient, tickers: readonly string[]): Promise<CompanyInfo[]> {
  if (tickers.length === 0) return [];
  return prisma.company.findMany({
    where: { ticker: { in: [...tickers] } },
    select: { id: true, ticker: true, name: true, currency: true, fiscalYearEndMonth: true },
  });
}

/** One reported duration (a quarter, a year or a nine-month year-to-date) and how many facts use it. */
export interface CalendarRow {
  ticker: string;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  start: string;
  end: string;
  facts: number;
}

/**
 * The periods each company reported, whatever the metric: the company's fiscal calendar. Built from
 * durations only, because instants carry no start date and cover-page dates are not period ends.
 * M9 is read so a fourth quarter's start (the day after the nine months end) is known.
 */
export async function readFiscalCalendar(
  prisma: PrismaClient,
  companyIds: readonly number[],
  window: { from: string | null; to: string | null },
  knownBy: string | null = null,
): Promise<CalendarRow[]> {
  if (companyIds.length === 0) return [];
  return prisma.$queryRaw<CalendarRow[]>`
    SELECT c.ticker, mv.fiscal_year AS "fiscalYear", mv.fiscal_period::text AS "fiscalPeriod",
           to_char(mv.period_start, 'YYYY-MM-DD') AS start, to_char(mv.period_end, 'YYYY-MM-DD') AS "end",
           count(*)::int AS facts
    FROM metric_values mv
    JOIN companies c ON c.id = mv.company_id
    WHERE mv.company_id = ANY(${[...companyIds]}::int[])
      AND mv.period_start IS NOT NULL
      AND mv.fiscal_period IN ('FY', 'Q1', 'Q2', 'Q3', 'Q4', 'M9')
      AND mv.period_end >= COALESCE(${window.from}::date, '-infinity'::date)
      AND mv.period_end <= COALESCE(${window.to}::date, 'infinity'::date)
      AND mv.updated_at < COALESCE(${knownBy}::date + 1, 'infinity'::timestamptz)
    GROUP BY c.ticker, mv.fiscal_year, mv.fiscal_period, mv.period_start, mv.period_end`;
}

/** What the database holds for one company × metric over all time, for windows and for reasons. */
export interface FiledCoverage {
  ticker: string;
  metricKey: string;
  facts: number;
  /** Period ends of annual (FY) values, and of quarterly ones (instants: every balance date). */
  firstAnnual: string | null;
  lastAnnual: string | null;
  firstQuarterly: string | null;
  lastQuarterly: string | null;
  /** The latest of each kind ending on or before the slice's reference date. */
  lastAnnualAsOf: string | null;
  lastQuarterlyAsOf: string | null;
}

export async function readFiledCoverage(
  prisma: PrismaClient,
  companyIds: readonly number[],
  metricKeys: readonly string[],
  asOf: string,
  knownBy: string | null = null,
): Promise<FiledCoverage[]> {
  if (companyIds.length === 0 || metricKeys.length === 0) return [];
  // Counting every row (restatements too) is fine here: only zero versus non-zero matters.
  return prisma.$queryRaw<FiledCoverage[]>`
    WITH facts AS (
      SELECT mv.company_id, mv.metric_id, mv.period_end,
             mv.fiscal_period = 'FY' AS annual,
             (mv.fiscal_period IN ('Q1', 'Q2', 'Q3', 'Q4') OR mv.period_start IS NULL) AS quarterly
      FROM metric_values mv
      JOIN metrics m ON m.id = mv.metric_id
      WHERE mv.company_id = ANY(${[...companyIds]}::int[]) AND m.key = ANY(${[...metricKeys]}::text[])
        AND mv.updated_at < COALESCE(${knownBy}::date + 1, 'infinity'::timestamptz)
    )
    SELECT c.ticker, m.key AS "metricKey", count(*)::int AS facts,
           to_char(min(f.period_end) FILTER (WHERE f.annual), 'YYYY-MM-DD') AS "firstAnnual",
           to_char(max(f.period_end) FILTER (WHERE f.annual), 'YYYY-MM-DD') AS "lastAnnual",
           to_char(min(f.period_end) FILTER (WHERE f.quarterly), 'YYYY-MM-DD') AS "firstQuarterly",
           to_char(max(f.period_end) FILTER (WHERE f.quarterly), 'YYYY-MM-DD') AS "lastQuarterly",
           to_char(max(f.period_end) FILTER (WHERE f.annual AND f.period_end <= ${asOf}::date), 'YYYY-MM-DD') AS "lastAnnualAsOf",
           to_char(max(f.period_end) FILTER (WHERE f.quarterly AND f.period_end <= ${asOf}::date), 'YYYY-MM-DD') AS "lastQuarterlyAsOf"
    FROM facts f
    JOIN companies c ON c.id = f.company_id
    JOIN metrics m ON m.id = f.metric_id
    GROUP BY c.ticker, m.key`;
}

/** The most recent quarter or fiscal year a company reported, and the form that first reported it. */
export interface LatestFiling {
  ticker: string;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string;
  form: string | null;
  filedAt: string | null;
}

export async function readLatestFilings(prisma: PrismaClient, companyIds: readonly number[], knownBy: string | null = null): Promise<LatestFiling[]> {
  if (companyIds.length === 0) return [];
  // At one period end the fiscal year (earliest start) wins over a fourth quarter; the first filing
  // that reported the period names it, not a later one that repeated it as a comparative. A lateral
  // top-1 per company stops at the newest periods instead of sorting the company's whole history.
  return prisma.$queryRaw<LatestFiling[]>`
    SELECT c.ticker, latest.*
    FROM companies c
    CROSS JOIN LATERAL (
      SELECT mv.fiscal_year AS "fiscalYear", mv.fiscal_period::text AS "fiscalPeriod",
             to_char(mv.period_end, 'YYYY-MM-DD') AS "periodEnd", mv.source_form AS form,
             to_char(mv.source_filed_at, 'YYYY-MM-DD') AS "filedAt"
      FROM metric_values mv
      WHERE mv.company_id = c.id
        AND mv.period_start IS NOT NULL
        AND mv.fiscal_period IN ('FY', 'Q1', 'Q2', 'Q3', 'Q4')
        AND mv.updated_at < COALESCE(${knownBy}::date + 1, 'infinity'::timestamptz)
      ORDER BY mv.period_end DESC, mv.period_start ASC, mv.source_filed_at ASC NULLS LAST
      LIMIT 1
    ) AS latest
    WHERE c.id = ANY(${[...companyIds]}::int[])`;
}

export const PRICE_SOURCES: readonly PriceSource[] = ["alphavantage", "yfinance"];

export interface PriceCoverage {
  ticker: string;
  source: PriceSource;
  first: string | null;
  last: string | null;
}

/** First and last trading day per company and source: two index probes each on the primary key. */
export async function readPriceCoverage(prisma: PrismaClient, companyIds: readonly number[]): Promise<PriceCoverage[]> {
  if (companyIds.length === 0) return [];
  return prisma.$queryRaw<PriceCoverage[]>`
    SELECT c.ticker, s.source,
           to_char((SELECT min(dp.date) FROM daily_prices dp WHERE dp.company_id = c.id AND dp.source = s.source), 'YYYY-MM-DD') AS first,
           to_char((SELECT max(dp.date) FROM daily_prices dp WHERE dp.company_id = c.id AND dp.source = s.source), 'YYYY-MM-DD') AS last
    FROM companies c
    CROSS JOIN unnest(${[...PRICE_SOURCES]}::text[]) AS s(source)
    WHERE c.id = ANY(${[...companyIds]}::int[])`;
}

/**
 * The days a stock split took effect, per ticker, read from the as-traded source: its close over its
 * adjusted close is the cumulative adjustment factor, which changes by the split ratio on a split day
 * and by about a percent on a dividend day, so a change beyond 20% is a split.
 */
export async function readSplitDates(prisma: PrismaClient, companyIds: readonly number[]): Promise<Map<string, string[]>> {
  if (companyIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<{ ticker: string; date: string }[]>`
    SELECT c.ticker, to_char(f.date, 'YYYY-MM-DD') AS date
    FROM (
      SELECT company_id, date, close / adj_close AS factor,
             lag(close / adj_close) OVER (PARTITION BY company_id ORDER BY date) AS previous
      FROM daily_prices
      WHERE source = 'alphavantage' AND company_id = ANY(${[...companyIds]}::int[]) AND adj_close > 0
    ) f
    JOIN companies c ON c.id = f.company_id
    WHERE f.previous IS NOT NULL AND (f.factor / f.previous > 1.2 OR f.previous / f.factor > 1.2)
    ORDER BY c.ticker, f.date`;
  const byTicker = new Map<string, string[]>();
  for (const row of rows) byTicker.set(row.ticker, [...(byTicker.get(row.ticker) ?? []), row.date]);
  return byTicker;
}

export type PriceColumn = "open" | "high" | "low" | "close" | "adjClose" | "volume";

/** One company's trading days from one source, inclusive of both ends, and the columns wanted. */
export interface PriceWindow {
  companyId: number;
  source: PriceSource;
  from: string;
  to: string;
  columns: ReadonlySet<PriceColumn>;
}

/** One window's trading days as parallel arrays (dates ascending); null for columns not wanted. */
export interface StoredPriceColumns {
  ticker: string;
  source: PriceSource;
  dates: string[];
  columns: Record<PriceColumn, (string | null)[] | null>;
}

interface StoredPriceRow {
  ticker: string;
  source: PriceSource;
  dates: string[];
  open: (string | null)[] | null;
  high: (string | null)[] | null;
  low: (string | null)[] | null;
  close: (string | null)[] | null;
  adj_close: (string | null)[] | null;
  volume: (string | null)[] | null;
}

/**
 * All windows in one statement. Each window comes back as one row of arrays rather than one row per
 * day: a year of prices for eight companies is ~2,000 rows, and per-row decoding in the driver
 * adapter costs several times the query itself. Columns no metric needs stay NULL.
 */
export async function readDailyPrices(prisma: PrismaClient, windows: readonly PriceWindow[]): Promise<StoredPriceColumns[]> {
  if (windows.length === 0) return [];
  const wants = (column: PriceColumn) => windows.map((w) => w.columns.has(column));
  const rows = await prisma.$queryRaw<StoredPriceRow[]>`
    SELECT c.ticker, w.source,
           array_agg(to_char(dp.date, 'YYYY-MM-DD') ORDER BY dp.date) AS dates,
           CASE WHEN bool_or(w.open) THEN array_agg(dp.open::text ORDER BY dp.date) END AS open,
           CASE WHEN bool_or(w.high) THEN array_agg(dp.high::text ORDER BY dp.date) END AS high,
           CASE WHEN bool_or(w.low) THEN array_agg(dp.low::text ORDER BY dp.date) END AS low,
           CASE WHEN bool_or(w.close) THEN array_agg(dp.close::text ORDER BY dp.date) END AS close,
           CASE WHEN bool_or(w.adj_close) THEN array_agg(dp.adj_close::text ORDER BY dp.date) END AS adj_close,
           CASE WHEN bool_or(w.volume) THEN array_agg(dp.volume::text ORDER BY dp.date) END AS volume
    FROM unnest(
      ${windows.map((w) => w.companyId)}::int[],
      ${windows.map((w) => w.source)}::text[],
      ${windows.map((w) => w.from)}::date[],
      ${windows.map((w) => w.to)}::date[],
      ${wants("open")}::boolean[],
      ${wants("high")}::boolean[],
      ${wants("low")}::boolean[],
      ${wants("close")}::boolean[],
      ${wants("adjClose")}::boolean[],
      ${wants("volume")}::boolean[]
    ) AS w(company_id, source, date_from, date_to, open, high, low, close, adj_close, volume)
    JOIN daily_prices dp ON dp.company_id = w.company_id AND dp.source = w.source
                        AND dp.date >= w.date_from AND dp.date <= w.date_to
    JOIN companies c ON c.id = w.company_id
    GROUP BY c.ticker, w.source, w.company_id, w.date_from, w.date_to`;
  const exact = (texts: (string | null)[] | null) => texts?.map((t) => (t === null ? null : normalizeDecimal(t))) ?? null;
  return rows.map((row) => ({
    ticker: row.ticker,
    source: row.source,
    dates: row.dates,
    columns: {
      open: exact(row.open),
      high: exact(row.high),
      low: exact(row.low),
      close: exact(row.close),
      adjClose: exact(row.adj_close),
      volume: row.volume,
    },
  }));
}
