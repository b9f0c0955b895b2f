// What the database holds, for the /data page. Everything returned is plain serializable data:
// counts are numbers, dates are ISO strings, so server components can pass it on as props.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";

export interface DataTotals {
  companies: number;
  metrics: number;
  /** Every stored row, restatements included (metric_values is append-only). */
  metricValueRows: number;
  /** One per (company, metric, period): the latest row by updated_at. */
  currentMetricValues: number;
  dailyPriceRows: number;
  ingestRuns: number;
}

export interface CompanyOverview {
  ticker: string;
  name: string;
  sector: string | null;
  industry: string | null;
  exchange: string | null;
  /** 1-12 */
  fiscalYearEndMonth: number;
  currentMetricValues: number;
  firstFiscalYear: number | null;
  lastFiscalYear: number | null;
  /** "YYYY-MM-DD" */
  firstPriceDate: string | null;
  lastPriceDate: string | null;
}

export interface MetricOverview {
  key: string;
  name: string;
  unitKind: string;
  frequency: string;
  statement: string;
  aliases: string[];
  relatedKeys: string[];
  companiesWithValues: number;
  /** Market metrics are the columns of daily_prices; every other metric lives in metric_values. */
  valuesFrom: "metric_values" | "daily_prices";
}

interface IngestRunProblem {
  where: string;
  reason: string;
}

export interface IngestRunOverview {
  id: number;
  source: string;
  status: string;
  /** ISO timestamp */
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  rowsRead: number;
  rowsInserted: number;
  rowsUnchanged: number;
  rowsRejected: number;
  errorCount: number;
  firstErrors: IngestRunProblem[];
}

export interface DataOverview {
  totals: DataTotals;
  companies: CompanyOverview[];
  metrics: MetricOverview[];
  ingestRuns: IngestRunOverview[];
}

export const RECENT_INGEST_RUN_LIMIT = 10;
const INGEST_RUN_ERRORS_SHOWN = 5;

/** Counts come back from raw SQL as bigint (int8) on PostgreSQL and PGlite alike. */
type SqlCount = bigint | number;

interface TableCountsRow {
  companies: SqlCount;
  metrics: SqlCount;
  daily_price_rows: SqlCount;
  ingest_runs: SqlCount;
}

interface MetricValueGroupRow {
  company_id: number;
  metric_id: number;
  stored_rows: SqlCount;
  current_values: SqlCount;
  first_fiscal_year: number | null;
  last_fiscal_year: number | null;
}

interface PriceRangeRow {
  company_id: number;
  first_price_date: string | null;
  last_price_date: string | null;
}

export async function getDataOverview(prisma: PrismaClient): Promise<DataOverview> {
  // Sequential on purpose: PGlite runs one query at a time anyway, and the whole overview is a handful of queries.
  const tableCounts = await getTableCounts(prisma);
  const metricValueGroups = await getMetricValueGroups(prisma);
  const priceRanges = await getPriceRanges(prisma);
  const companies = await prisma.company.findMany({ orderBy: { ticker: "asc" } });
  const metrics = await prisma.metric.findMany({
    orderBy: { id: "asc" },
    include: {
      aliases: { select: { alias: true }, orderBy: { alias: "asc" } },
      related: { select: { relatedMetric: { select: { key: true } } } },
    },
  });
  const ingestRuns = await prisma.ingestRun.findMany({
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: RECENT_INGEST_RUN_LIMIT,
  });

  const valuesByCompany = new Map<number, { count: number; firstYear: number | null; lastYear: number | null }>();
  const companiesByMetric = new Map<number, number>();
  let metricValueRows = 0;
  let currentMetricValues = 0;
  for (const group of metricValueGroups) {
    const count = toNumber(group.current_values);
    metricValueRows += toNumber(group.stored_rows);
    currentMetricValues += count;
    const company = valuesByCompany.get(group.company_id) ?? { count: 0, firstYear: null, lastYear: null };
    company.count += count;
    company.firstYear = minOf(company.firstYear, group.first_fiscal_year);
    company.lastYear = maxOf(company.lastYear, group.last_fiscal_year);
    valuesByCompany.set(group.company_id, company);
    // Groups are unique per (company, metric), so each group is one more company for its metric.
    companiesByMetric.set(group.metric_id, (companiesByMetric.get(group.metric_id) ?? 0) + 1);
  }
  const priceRangeByCompany = new Map(priceRanges.map((range) => [range.company_id, range]));
  const companiesWithPrices = priceRanges.filter((range) => range.first_price_date !== null).length;

  return {
    totals: {
      companies: toNumber(tableCounts.companies),
      metrics: toNumber(tableCounts.metrics),
      metricValueRows,
      currentMetricValues,
      dailyPriceRows: toNumber(tableCounts.daily_price_rows),
      ingestRuns: toNumber(tableCounts.ingest_runs),
    },
    companies: companies.map((company) => {
      const values = valuesByCompany.get(company.id);
      const prices = priceRangeByCompany.get(company.id);
      return {
        ticker: company.ticker,
        name: company.name,
        sector: company.sector,
        industry: company.industry,
        exchange: company.exchange,
        fiscalYearEndMonth: company.fiscalYearEndMonth,
        currentMetricValues: values?.count ?? 0,
        firstFiscalYear: values?.firstYear ?? null,
        lastFiscalYear: values?.lastYear ?? null,
        firstPriceDate: prices?.first_price_date ?? null,
        lastPriceDate: prices?.last_price_date ?? null,
      };
    }),
    metrics: metrics.map((metric) => {
      const fromPrices = metric.statement === "market";
      return {
        key: metric.key,
        name: metric.name,
        unitKind: metric.unitKind,
        frequency: metric.frequency,
        statement: metric.statement,
        aliases: metric.aliases.map((alias) => alias.alias),
        relatedKeys: metric.related.map((relation) => relation.relatedMetric.key).sort(),
        // Counting per price column would scan every price row; the feeds fill all columns of a
        // row, so a company with prices has values for each market metric.
        companiesWithValues: fromPrices ? companiesWithPrices : (companiesByMetric.get(metric.id) ?? 0),
        valuesFrom: fromPrices ? "daily_prices" : "metric_values",
      };
    }),
    ingestRuns: ingestRuns.map((run) => {
      const problems = toProblems(run.errors);
      return {
        id: run.id,
        source: run.source,
        status: run.status,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        durationMs: run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
        rowsRead: run.rowsRead,
        rowsInserted: run.rowsInserted,
        rowsUnchanged: run.rowsUnchanged,
        rowsRejected: run.rowsRejected,
        errorCount: problems.length,
        firstErrors: problems.slice(0, INGEST_RUN_ERRORS_SHOWN),
      };
    }),
  };
}

async function getTableCounts(prisma: PrismaClient): Promise<TableCountsRow> {
  const rows = await prisma.$queryRaw<TableCountsRow[]>`
    SELECT
      (SELECT count(*) FROM companies)     AS companies,
      (SELECT count(*) FROM metrics)       AS metrics,
      (SELECT count(*) FROM daily_prices)  AS daily_price_rows,
      (SELECT count(*) FROM ingest_runs)   AS ingest_runs`;
  const row = rows[0];
  if (!row) throw new Error("The table count query returned no row.");
  return row;
}

/**
 * Metric values summarised per (company, metric): a few thousand rows at most, folded in code into
 * totals, per-company and per-metric figures, so metric_values is read once.
 *
 * Every (company, metric, period) key has exactly one current value (its latest row by updated_at),
 * so counting keys counts current values without picking the latest rows: a hash aggregate is about
 * twice as fast as DISTINCT ON's sort on PGlite. The fiscal year is computed from the period's dates
 * (lib/ingest/fiscal.ts), so every row of one key carries the same one, the current row's included.
 */
async function getMetricValueGroups(prisma: PrismaClient): Promise<MetricValueGroupRow[]> {
  return prisma.$queryRaw<MetricValueGroupRow[]>`
    WITH periods AS (
      SELECT company_id, metric_id, count(*) AS stored_rows, min(fiscal_year) AS fiscal_year
      FROM metric_values
      GROUP BY company_id, metric_id, period_start, period_end
    )
    SELECT
      company_id,
      metric_id,
      sum(stored_rows)::bigint AS stored_rows,
      count(*)          AS current_values,
      min(fiscal_year)  AS first_fiscal_year,
      max(fiscal_year)  AS last_fiscal_year
    FROM periods
    GROUP BY company_id, metric_id`;
}

/** min/max per company walk the (company_id, date) index instead of scanning every price row. */
async function getPriceRanges(prisma: PrismaClient): Promise<PriceRangeRow[]> {
  return prisma.$queryRaw<PriceRangeRow[]>`
    SELECT
      c.id AS company_id,
      to_char((SELECT min(p.date) FROM daily_prices p WHERE p.company_id = c.id), 'YYYY-MM-DD') AS first_price_date,
      to_char((SELECT max(p.date) FROM daily_prices p WHERE p.company_id = c.id), 'YYYY-MM-DD') AS last_price_date
    FROM companies c`;
}

function toNumber(count: SqlCount): number {
  return typeof count === "bigint" ? Number(count) : count;
}

function minOf(current: number | null, candidate: number | null): number | null {
  if (candidate === null) return current;
  return current === null ? candidate : Math.min(current, candidate);
}

function maxOf(current: number | null, candidate: number | null): number | null {
  if (candidate === null) return current;
  return current === null ? candidate : Math.max(current, candidate);
}

/** ingest_runs.errors is JSON written by the ingest writer; anything unexpected is kept readable
 * rather than dropped, so a malformed entry still counts and still shows. */
function toProblems(errors: Prisma.JsonValue): IngestRunProblem[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((entry) => {
    if (entry !== null && typeof entry === "object" && !Array.isArray(entry)) {
      const where = entry.where;
      const reason = entry.reason;
      if (typeof where === "string" && typeof reason === "string") return { where, reason };
    }
    return { where: "", reason: JSON.stringify(entry) };
  });
}
