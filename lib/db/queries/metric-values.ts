// Writing metric values. The table is append-only: a fact becomes a new row only when it changes what
// was known at its time (a first report or a restatement); a repeat of the latest value is unchanged.
import type { Prisma, PrismaClient } from "../generated/client";
import type { IngestProblem, MetricFact } from "@/lib/core/types";

type Db = PrismaClient | Prisma.TransactionClient;

export interface WriteResult {
  inserted: number;
  unchanged: number;
  rejected: number;
  problems: IngestProblem[];
}

export interface IdLookups {
  companyIds: ReadonlyMap<string, number>;
  metricIds: ReadonlyMap<string, number>;
}

export async function loadIdLookups(db: Db): Promise<IdLookups> {
  const [companies, metrics] = await Promise.all([
    db.company.findMany({ select: { id: true, ticker: true } }),
    db.metric.findMany({ select: { id: true, key: true } }),
  ]);
  return {
    companyIds: new Map(companies.map((c) => [c.ticker, c.id])),
    metricIds: new Map(metrics.map((m) => [m.key, m.id])),
  };
}

/** Inserts one batch of facts in one statement, so a batch lands whole or not at all. */
export async function insertMetricFacts(
  db: Db,
  facts: readonly MetricFact[],
  ids: IdLookups,
  runId: number | null,
): Promise<WriteResult> {
  const problems: IngestProblem[] = [];
  const rows: { fact: MetricFact; companyId: number; metricId: number }[] = [];
  for (const fact of facts) {
    const companyId = ids.companyIds.get(fact.ticker);
    const metricId = ids.metricIds.get(fact.metricKey);
    if (companyId === undefined) problems.push({ where: sourceOf(fact), reason: `unknown company ${fact.ticker}` });
    else if (metricId === undefined)
      problems.push({ where: sourceOf(fact), reason: `unknown metric ${fact.metricKey}` });
    else rows.push({ fact, companyId, metricId });
  }
  if (rows.length === 0) return { inserted: 0, unchanged: 0, rejected: problems.length, problems };

  const column = <T>(pick: (row: (typeof rows)[number]) => T): T[] => rows.map(pick);
  const inserted = await db.$executeRaw`
    INSERT INTO metric_values (
      company_id, metric_id, period_start, period_end, fiscal_year, fiscal_period, value, unit, currency,
      decimals, source_kind, source_concept, source_form, source_accession, source_filed_at, updated_at,
      ingest_run_id)
    SELECT i.company_id, i.metric_id, i.period_start, i.period_end, i.fiscal_year, i.fiscal_period::fiscal_period,
           i.value, i.unit, i.currency, i.decimals, i.source_kind, i.source_concept, i.source_form,
           i.source_accession, i.source_filed_at, i.updated_at, ${runId}::int
    FROM unnest(
      ${column((r) => r.companyId)}::int[],
      ${column((r) => r.metricId)}::int[],
      ${column((r) => r.fact.periodStart)}::date[],
      ${column((r) => r.fact.periodEnd)}::date[],
      ${column((r) => r.fact.fiscalYear)}::int[],
      ${column((r) => r.fact.fiscalPeriod)}::text[],
      ${column((r) => r.fact.value)}::numeric[],
      ${column((r) => r.fact.unit)}::text[],
      ${column((r) => r.fact.currency)}::text[],
      ${column((r) => r.fact.decimals)}::int[],
      ${column((r) => r.fact.sourceKind)}::text[],
      ${column((r) => r.fact.concept)}::text[],
      ${column((r) => r.fact.form)}::text[],
      ${column((r) => r.fact.accession)}::text[],
      ${column((r) => r.fact.filedAt)}::date[],
      ${column((r) => asUtcTimestamp(r.fact.knownAt))}::timestamptz[]
    ) AS i(company_id, metric_id, period_start, period_end, fiscal_year, fiscal_period, value, unit,
           currency, decimals, source_kind, source_concept, source_form, source_accession,
           source_filed_at, updated_at)
    WHERE (
      SELECT mv.value FROM metric_values mv
      WHERE mv.company_id = i.company_id AND mv.metric_id = i.metric_id
        AND mv.period_end = i.period_end AND mv.period_start IS NOT DISTINCT FROM i.period_start
        AND mv.updated_at <= i.updated_at
      ORDER BY mv.updated_at DESC, mv.id DESC
      LIMIT 1
    ) IS DISTINCT FROM i.value`;
  return {
    inserted,
    unchanged: rows.length - inserted,
    rejected: problems.length,
    problems,
  };
}

/** A bare date means midnight UTC, whatever the server's time zone. */
function asUtcTimestamp(isoDateOrTime: string): string {
  return isoDateOrTime.length === 10 ? `${isoDateOrTime}T00:00:00Z` : isoDateOrTime;
}

function sourceOf(fact: MetricFact): string {
  return `${fact.sourceKind} ${fact.accession ?? fact.form ?? ""} ${fact.concept} ${fact.periodEnd}`.trim();
}

export interface StoredMetricValue {
  ticker: string;
  metricKey: string;
  periodStart: string | null;
  periodEnd: string;
  fiscalYear: number;
  fiscalPeriod: MetricFact["fiscalPeriod"];
  /** Exact decimal string as stored. */
  value: string;
  unit: string;
  currency: string | null;
  decimals: number | null;
  sourceKind: string;
  sourceConcept: string | null;
  sourceForm: string | null;
  sourceAccession: string | null;
  sourceFiledAt: string | null;
  updatedAt: string;
}

interface StoredRow extends MetricValueRow {
  ticker: string;
}

/**
 * The current value of each (company, metric, period) whose period ends within [from, to]: the
 * latest row, or with `asOf` the latest row known by then (values restated later are ignored).
 */
export async function readMetricValues(
  db: Db,
  query: { tickers: readonly string[]; metricKeys: readonly string[]; from?: string; to?: string; asOf?: Date },
): Promise<StoredMetricValue[]> {
  const rows = await db.$queryRaw<StoredRow[]>`
    SELECT DISTINCT ON (mv.company_id, mv.metric_id, mv.period_start, mv.period_end)
      c.ticker, m.key AS metric_key, to_char(mv.period_start, 'YYYY-MM-DD') AS period_start,
      to_char(mv.period_end, 'YYYY-MM-DD') AS period_end, mv.fiscal_year, mv.fiscal_period::text AS fiscal_period,
      mv.value::text AS value, mv.unit, mv.currency, mv.decimals, mv.source_kind, mv.source_concept,
      mv.source_form, mv.source_accession, to_char(mv.source_filed_at, 'YYYY-MM-DD') AS source_filed_at,
      mv.updated_at
    FROM metric_values mv
    JOIN companies c ON c.id = mv.company_id
    JOIN metrics m ON m.id = mv.metric_id
    WHERE c.ticker = ANY(${[...query.tickers]}::text[])
      AND m.key = ANY(${[...query.metricKeys]}::text[])
      AND mv.period_end >= COALESCE(${query.from ?? null}::date, '-infinity'::date)
      AND mv.period_end <= COALESCE(${query.to ?? null}::date, 'infinity'::date)
      AND mv.updated_at <= COALESCE(${query.asOf ?? null}::timestamptz, 'infinity'::timestamptz)
    ORDER BY mv.company_id, mv.metric_id, mv.period_start, mv.period_end, mv.updated_at DESC, mv.id DESC`;
  return rows
    .map((row) => toStoredMetricValue(row, row.ticker))
    .sort(
      (a, b) =>
        a.ticker.localeCompare(b.ticker) ||
        a.metricKey.localeCompare(b.metricKey) ||
        a.periodEnd.localeCompare(b.periodEnd),
    );
}

/** A metric_values row as SQL returns it (snake_case columns, the metric's key joined in). */
export interface MetricValueRow {
  metric_key: string;
  period_start: string | null;
  period_end: string;
  fiscal_year: number;
  fiscal_period: MetricFact["fiscalPeriod"];
  value: string;
  unit: string;
  currency: string | null;
  decimals: number | null;
  source_kind: string;
  source_concept: string | null;
  source_form: string | null;
  source_accession: string | null;
  source_filed_at: string | null;
  updated_at: Date;
}

export function toStoredMetricValue(row: MetricValueRow, ticker: string): StoredMetricValue {
  return {
    ticker,
    metricKey: row.metric_key,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    fiscalYear: row.fiscal_year,
    fiscalPeriod: row.fiscal_period,
    value: normalizeDecimal(row.value),
    unit: row.unit,
    currency: row.currency,
    decimals: row.decimals,
    sourceKind: row.source_kind,
    sourceConcept: row.source_concept,
    sourceForm: row.source_form,
    sourceAccession: row.source_accession,
    sourceFiledAt: row.source_filed_at,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** numeric(38,10) prints trailing zeros ("391035000000.0000000000"); the value is the same without them. */
export function normalizeDecimal(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
