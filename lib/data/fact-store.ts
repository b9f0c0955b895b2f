// The Data Module's reads. The fact tables are append-only and change only when an ingest runs, so
// each company's whole history (every metric value with its versions, every daily price of both
// sources) is loaded once into memory and reused until the data version changes: a slice then costs
// one version probe plus work in memory, however many metrics, periods and formulas it asks for.
// Memory: the seed's 44 companies hold ~16,600 values and ~174,000 price days (tens of MB).
import type { PrismaClient } from "@/lib/db/generated/client";
import { processSlot } from "@/lib/core/process-wide";
import {
  normalizeDecimal,
  toStoredMetricValue,
  type MetricValueRow,
  type StoredMetricValue,
} from "@/lib/db/queries/metric-values";
import { tableDisagreements, type TableDisagreement } from "@/lib/db/queries/facts-overview";
import { type NewestFilingDocument, newestFilingDocuments } from "@/lib/db/queries/filings-overview";
import type { FiscalPeriod, PriceSource } from "@/lib/core/types";

export interface CompanyInfo {
  id: number;
  ticker: string;
  name: string;
  currency: string;
  fiscalYearEndMonth: number;
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

/** The most recent quarter or fiscal year a company reported, and the form that first reported it. */
export interface LatestFiling {
  ticker: string;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string;
  form: string | null;
  filedAt: string | null;
}

const PRICE_SOURCES: readonly PriceSource[] = ["alphavantage", "yfinance"];

export interface PriceCoverage {
  ticker: string;
  source: PriceSource;
  first: string | null;
  last: string | null;
}

export type PriceColumn = "open" | "high" | "low" | "close" | "adjClose" | "volume";

/** One source's trading days as parallel arrays (dates ascending). */
export interface StoredPriceColumns {
  ticker: string;
  source: PriceSource;
  dates: string[];
  columns: Record<PriceColumn, (string | null)[]>;
}

/** Everything stored about one company. */
export interface CompanySnapshot {
  info: CompanyInfo;
  /** Every version of every value, in insertion order (id). */
  facts: readonly StoredMetricValue[];
  /** The same facts by metric key. */
  factsByMetric: ReadonlyMap<string, readonly StoredMetricValue[]>;
  prices: ReadonlyMap<PriceSource, StoredPriceColumns>;
  /** Days a stock split took effect (see findSplitDates). */
  splitDates: readonly string[];
  /** Every reported period with its fact count, all versions known now (see fiscalCalendarRows). */
  calendar: readonly CalendarRow[];
  /** The newest period reported, as known now (see latestFilings); null without quarters or years. */
  latestFiling: LatestFiling | null;
  /** Where a filing's statement table prints another number than the XBRL value (see table-disagreements.ts). */
  tableDisagreements: readonly TableDisagreement[];
  /** The newest 10-K or 10-Q document held, whether or not its figures are among the values. */
  newestDocument: NewestFilingDocument | null;
}

/** Company snapshots of one database, valid for one data version. */
export class FactStore {
  private version: string | null = null;
  private snapshots = new Map<string, Promise<CompanySnapshot | null>>();
  private versionProbe: Promise<string> | null = null;

  constructor(private readonly prisma: PrismaClient) {}

  /** The snapshots of the companies with these tickers (unknown tickers are left out), current data. */
  async companies(tickers: readonly string[]): Promise<CompanySnapshot[]> {
    const version = await this.currentVersion();
    if (version !== this.version) {
      this.version = version;
      this.snapshots = new Map();
    }
    const missing = tickers.filter((t) => !this.snapshots.has(t));
    if (missing.length > 0) {
      const loading = loadSnapshots(this.prisma, missing);
      for (const ticker of missing)
        this.snapshots.set(
          ticker,
          loading.then((found) => found.get(ticker) ?? null),
        );
      // A failed load must not stay cached.
      loading.catch(() => missing.forEach((t) => this.snapshots.delete(t)));
    }
    const found = await Promise.all(tickers.map((t) => this.snapshots.get(t)!));
    return found.filter((s): s is CompanySnapshot => s !== null);
  }

  /** Slices that start while a probe is in flight share it, as if they had started when it was sent: a burst
   * of questions probes once, not once each (on PGlite every probe queues behind the others). */
  private currentVersion(): Promise<string> {
    this.versionProbe ??= readDataVersion(this.prisma).finally(() => {
      this.versionProbe = null;
    });
    return this.versionProbe;
  }
}

/**
 * Loads every company's snapshot into the store (the server's start path): without it each company's first
 * question reads its whole history (tens of ms on the one event loop, in the middle of other chats).
 */
export async function warmFactStore(prisma: PrismaClient): Promise<{ companies: number; ms: number }> {
  const started = performance.now();
  const companies = await prisma.company.findMany({ select: { ticker: true }, orderBy: { ticker: "asc" } });
  const loaded = await factStoreOf(prisma).companies(companies.map((c) => c.ticker));
  return { companies: loaded.length, ms: Math.round(performance.now() - started) };
}

const stores = (processSlot<WeakMap<PrismaClient, FactStore>>("fact stores").value ??= new WeakMap());

/** The store of a database client: one per client, so tests on several databases stay apart. */
export function factStoreOf(prisma: PrismaClient): FactStore {
  let store = stores.get(prisma);
  if (!store) stores.set(prisma, (store = new FactStore(prisma)));
  return store;
}

/**
 * Changes whenever values are added: every write goes through an ingest run (a new row, then its end
 * time), and values carry increasing ids. Three index probes.
 */
async function readDataVersion(prisma: PrismaClient): Promise<string> {
  const [row] = await prisma.$queryRaw<{ version: string }[]>`
    SELECT concat_ws(':', (SELECT max(id) FROM metric_values), (SELECT max(id) FROM ingest_runs),
                     (SELECT max(finished_at) FROM ingest_runs), (SELECT max(id) FROM companies)) AS version`;
  return row?.version ?? "";
}

interface FactRow extends MetricValueRow {
  company_id: number;
}

interface PriceRow {
  company_id: number;
  source: PriceSource;
  dates: string[];
  open: (string | null)[];
  high: (string | null)[];
  low: (string | null)[];
  close: (string | null)[];
  adj_close: (string | null)[];
  volume: (string | null)[];
}

/** Five statements for any number of companies: the companies, their values, their prices (one row of arrays per
 * source), the disagreements of their statement tables with their values, their newest filing documents. */
async function loadSnapshots(prisma: PrismaClient, tickers: readonly string[]): Promise<Map<string, CompanySnapshot>> {
  const companies = await prisma.company.findMany({
    where: { ticker: { in: [...tickers] } },
    select: { id: true, ticker: true, name: true, currency: true, fiscalYearEndMonth: true },
  });
  if (companies.length === 0) return new Map();
  const ids = companies.map((c) => c.id);
  const [facts, prices, disagreements, documents] = await Promise.all([
    prisma.$queryRaw<FactRow[]>`
      SELECT mv.company_id, m.key AS metric_key, to_char(mv.period_start, 'YYYY-MM-DD') AS period_start,
             to_char(mv.period_end, 'YYYY-MM-DD') AS period_end, mv.fiscal_year, mv.fiscal_period::text AS fiscal_period,
             mv.value::text AS value, mv.unit, mv.currency, mv.decimals, mv.source_kind, mv.source_concept,
             mv.source_form, mv.source_accession, to_char(mv.source_filed_at, 'YYYY-MM-DD') AS source_filed_at, mv.updated_at
      FROM metric_values mv
      JOIN metrics m ON m.id = mv.metric_id
      WHERE mv.company_id = ANY(${ids}::int[])
      ORDER BY mv.id`,
    prisma.$queryRaw<PriceRow[]>`
      SELECT company_id, source,
             array_agg(to_char(date, 'YYYY-MM-DD') ORDER BY date) AS dates,
             array_agg(open::text ORDER BY date) AS open, array_agg(high::text ORDER BY date) AS high,
             array_agg(low::text ORDER BY date) AS low, array_agg(close::text ORDER BY date) AS close,
             array_agg(adj_close::text ORDER BY date) AS adj_close, array_agg(volume::text ORDER BY date) AS volume
      FROM daily_prices
      WHERE company_id = ANY(${ids}::int[])
      GROUP BY company_id, source`,
    tableDisagreements(prisma, { tickers: companies.map((c) => c.ticker), limit: null }),
    newestFilingDocuments(
      prisma,
      companies.map((c) => c.ticker),
    ),
  ]);
  const exact = (texts: (string | null)[]) => texts.map((t) => (t === null ? null : normalizeDecimal(t)));
  const snapshots = new Map<string, CompanySnapshot>();
  for (const info of companies) {
    const own = facts.filter((row) => row.company_id === info.id);
    const ownPrices = new Map<PriceSource, StoredPriceColumns>();
    for (const row of prices) {
      if (row.company_id !== info.id) continue;
      ownPrices.set(row.source, {
        ticker: info.ticker,
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
      });
    }
    const ownFacts = own.map((row) => toStoredMetricValue(row, info.ticker));
    const factsByMetric = new Map<string, StoredMetricValue[]>();
    for (const fact of ownFacts) {
      const list = factsByMetric.get(fact.metricKey);
      if (list) list.push(fact);
      else factsByMetric.set(fact.metricKey, [fact]);
    }
    snapshots.set(info.ticker, {
      info,
      facts: ownFacts,
      factsByMetric,
      prices: ownPrices,
      splitDates: findSplitDates(ownPrices.get("alphavantage")),
      calendar: calendarRowsOf(info.ticker, ownFacts, null),
      latestFiling: latestFilingOf(info.ticker, ownFacts, null),
      tableDisagreements: disagreements.filter((d) => d.ticker === info.ticker),
      newestDocument: documents.find((d) => d.ticker === info.ticker) ?? null,
    });
  }
  return snapshots;
}

/** Whether a value was known by the end of `knownBy` (its updated_at is the filing time). */
function knownByDay(fact: StoredMetricValue, knownBy: string | null): boolean {
  return knownBy === null || fact.updatedAt.slice(0, 10) <= knownBy;
}

const SLOT_AND_NINE_MONTHS: ReadonlySet<string> = new Set(["FY", "Q1", "Q2", "Q3", "Q4", "M9"]);

/**
 * The periods each company reported, whatever the metric: its fiscal calendar. Built from durations
 * only, because instants carry no start date and cover-page dates are not period ends. M9 is kept so
 * a fourth quarter's start (the day after the nine months end) is known.
 */
export function fiscalCalendarRows(
  companies: readonly CompanySnapshot[],
  window: { from: string | null; to: string | null },
  knownBy: string | null,
): CalendarRow[] {
  const inWindow = (row: CalendarRow) =>
    (window.from === null || row.end >= window.from) && (window.to === null || row.end <= window.to);
  return companies.flatMap((company) =>
    (knownBy === null ? company.calendar : calendarRowsOf(company.info.ticker, company.facts, knownBy)).filter(
      inWindow,
    ),
  );
}

function calendarRowsOf(ticker: string, facts: readonly StoredMetricValue[], knownBy: string | null): CalendarRow[] {
  const rows = new Map<string, CalendarRow>();
  for (const fact of facts) {
    if (fact.periodStart === null || !SLOT_AND_NINE_MONTHS.has(fact.fiscalPeriod) || !knownByDay(fact, knownBy))
      continue;
    const key = `${fact.fiscalYear}:${fact.fiscalPeriod}:${fact.periodStart}:${fact.periodEnd}`;
    const row = rows.get(key);
    if (row) row.facts++;
    else
      rows.set(key, {
        ticker,
        fiscalYear: fact.fiscalYear,
        fiscalPeriod: fact.fiscalPeriod,
        start: fact.periodStart,
        end: fact.periodEnd,
        facts: 1,
      });
  }
  return [...rows.values()];
}

/** Coverage per company × metric; only zero versus non-zero of `facts` matters (versions count too). */
export function filedCoverage(
  companies: readonly CompanySnapshot[],
  metricKeys: readonly string[],
  asOf: string,
  knownBy: string | null,
): FiledCoverage[] {
  const wanted = [...new Set(metricKeys)];
  const coverage = new Map<string, FiledCoverage>();
  const earlier = (a: string | null, b: string) => (a === null || b < a ? b : a);
  const later = (a: string | null, b: string) => (a === null || b > a ? b : a);
  for (const company of companies) {
    for (const fact of wanted.flatMap((key) => company.factsByMetric.get(key) ?? [])) {
      if (!knownByDay(fact, knownBy)) continue;
      const key = `${company.info.ticker}\u0000${fact.metricKey}`;
      let row = coverage.get(key);
      if (!row) {
        row = {
          ticker: company.info.ticker,
          metricKey: fact.metricKey,
          facts: 0,
          firstAnnual: null,
          lastAnnual: null,
          firstQuarterly: null,
          lastQuarterly: null,
          lastAnnualAsOf: null,
          lastQuarterlyAsOf: null,
        };
        coverage.set(key, row);
      }
      row.facts++;
      const end = fact.periodEnd;
      if (fact.fiscalPeriod === "FY") {
        row.firstAnnual = earlier(row.firstAnnual, end);
        row.lastAnnual = later(row.lastAnnual, end);
        if (end <= asOf) row.lastAnnualAsOf = later(row.lastAnnualAsOf, end);
      }
      if (["Q1", "Q2", "Q3", "Q4"].includes(fact.fiscalPeriod) || fact.periodStart === null) {
        row.firstQuarterly = earlier(row.firstQuarterly, end);
        row.lastQuarterly = later(row.lastQuarterly, end);
        if (end <= asOf) row.lastQuarterlyAsOf = later(row.lastQuarterlyAsOf, end);
      }
    }
  }
  return [...coverage.values()];
}

/**
 * The newest quarter or fiscal year each company reported. At one period end the fiscal year
 * (earliest start) wins over a fourth quarter; the first filing that reported the period names it,
 * not a later one that repeated it as a comparative.
 */
export function latestFilings(companies: readonly CompanySnapshot[], knownBy: string | null): LatestFiling[] {
  return companies.flatMap((company) => {
    const latest =
      knownBy === null ? company.latestFiling : latestFilingOf(company.info.ticker, company.facts, knownBy);
    return latest ? [latest] : [];
  });
}

const REPORTING_PERIODS: ReadonlySet<string> = new Set(["FY", "Q1", "Q2", "Q3", "Q4"]);

function latestFilingOf(
  ticker: string,
  facts: readonly StoredMetricValue[],
  knownBy: string | null,
): LatestFiling | null {
  let best: StoredMetricValue | null = null;
  for (const fact of facts) {
    if (fact.periodStart === null || !REPORTING_PERIODS.has(fact.fiscalPeriod) || !knownByDay(fact, knownBy)) continue;
    if (!best || isNewerFiling(fact, best)) best = fact;
  }
  return best
    ? {
        ticker,
        fiscalYear: best.fiscalYear,
        fiscalPeriod: best.fiscalPeriod,
        periodEnd: best.periodEnd,
        form: best.sourceForm,
        filedAt: best.sourceFiledAt,
      }
    : null;
}

function isNewerFiling(a: StoredMetricValue, b: StoredMetricValue): boolean {
  if (a.periodEnd !== b.periodEnd) return a.periodEnd > b.periodEnd;
  if (a.periodStart !== b.periodStart) return (a.periodStart ?? "") < (b.periodStart ?? "");
  // Earliest filing first; a missing filing date sorts last.
  return (a.sourceFiledAt ?? "9999") < (b.sourceFiledAt ?? "9999");
}

/**
 * Every version of each (company, metric, period) whose period ends within [from, to], or with `knownBy`
 * those filed by then: one list per period, in insertion (id) order. Periods ordered by ticker, metric
 * and period end; which version a series reads is versions.ts's choice.
 */
export function metricVersions(
  companies: readonly CompanySnapshot[],
  query: { metricKeys: readonly string[]; from: string | null; to: string | null; knownBy: string | null },
): StoredMetricValue[][] {
  const wanted = [...new Set(query.metricKeys)];
  const periods = new Map<string, StoredMetricValue[]>();
  for (const company of companies) {
    for (const fact of wanted.flatMap((key) => company.factsByMetric.get(key) ?? [])) {
      if (!knownByDay(fact, query.knownBy)) continue;
      if ((query.from !== null && fact.periodEnd < query.from) || (query.to !== null && fact.periodEnd > query.to))
        continue;
      const key = `${fact.ticker}\u0000${fact.metricKey}\u0000${fact.periodStart ?? ""}\u0000${fact.periodEnd}`;
      const versions = periods.get(key);
      if (versions) versions.push(fact);
      else periods.set(key, [fact]);
    }
  }
  return [...periods.values()].sort(
    (a, b) =>
      a[0]!.ticker.localeCompare(b[0]!.ticker) ||
      a[0]!.metricKey.localeCompare(b[0]!.metricKey) ||
      a[0]!.periodEnd.localeCompare(b[0]!.periodEnd),
  );
}

/** First and last trading day per company and source. */
export function priceCoverage(companies: readonly CompanySnapshot[]): PriceCoverage[] {
  return companies.flatMap((company) =>
    PRICE_SOURCES.map((source) => {
      const dates = company.prices.get(source)?.dates ?? [];
      return { ticker: company.info.ticker, source, first: dates[0] ?? null, last: dates.at(-1) ?? null };
    }),
  );
}

/** The days a stock split took effect, per ticker (companies without one are left out). */
export function splitDates(companies: readonly CompanySnapshot[]): Map<string, string[]> {
  return new Map(companies.filter((c) => c.splitDates.length > 0).map((c) => [c.info.ticker, [...c.splitDates]]));
}

/**
 * Read from the as-traded source: its close over its adjusted close is the cumulative adjustment
 * factor, which changes by the split ratio on a split day and by about a percent on a dividend day,
 * so a change beyond 20% is a split.
 */
function findSplitDates(traded: StoredPriceColumns | undefined): string[] {
  if (!traded) return [];
  const days: string[] = [];
  let previous: number | null = null;
  traded.dates.forEach((date, i) => {
    const close = Number(traded.columns.close[i]);
    const adjusted = Number(traded.columns.adjClose[i]);
    if (!(adjusted > 0) || !Number.isFinite(close)) return;
    const factor = close / adjusted;
    if (previous !== null && (factor / previous > 1.2 || previous / factor > 1.2)) days.push(date);
    previous = factor;
  });
  return days;
}

/** Binary search over ascending ISO dates: the first index whose date is on or after `date`. */
export function firstIndexOnOrAfter(dates: readonly string[], date: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (dates[mid]! < date) low = mid + 1;
    else high = mid;
  }
  return low;
}
