// What `ingest facts` made of the filing tables, for the /data page and the Data Module: metric values
// by source kind, the extraction report (tables, rows and cells read, rows mapped to catalog metrics),
// and every mapped table value that differs from the XBRL value of the same company, metric and period.
// Parameterized SQL: filing_facts is external to Prisma (see its migration).
import { type DisagreementKind, disagreementKindOf } from "@/lib/core/disagreement-kind";
import { Prisma, type PrismaClient } from "../generated/client";

type Db = PrismaClient | Prisma.TransactionClient;

interface SourceCount {
  /** "sec_companyfacts", "sec_xbrl", "filing_table". */
  sourceKind: string;
  values: number;
  companies: number;
}

interface ExtractionReport {
  filings: number;
  tables: number;
  rows: number;
  cells: number;
  mappedRows: number;
  mappedCells: number;
  /** Distinct row labels, and those with a vector (background embedding's progress). */
  labels: number;
  embeddedLabels: number;
}

/** A catalog value both XBRL and a filing's table give, with different numbers. */
export interface TableDisagreement {
  ticker: string;
  metricKey: string;
  fiscalYear: number;
  fiscalPeriod: string;
  /** Exact decimals in base units; the table's as mapped (an outflow printed negative reads positive). */
  xbrlValue: string;
  xbrlConcept: string | null;
  tableValue: string;
  filingId: string;
  documentKey: string;
  form: string;
  filingFiscalYear: number;
  filingFiscalPeriod: string;
  /** 1-based page and 0-based line of the row, as printed. */
  page: number;
  line: number;
  row: string;
  /** A later filing's restatement or split (both sources genuinely differ), or unexplained. */
  kind: DisagreementKind;
}

export interface FactsOverview {
  bySource: SourceCount[];
  extraction: ExtractionReport;
  /** Mapped table values compared with an XBRL value, and how many of them differ. */
  compared: number;
  disagreeing: number;
  disagreements: TableDisagreement[];
}

/** Disagreements listed on /data; the count above is of all. */
const LISTED_DISAGREEMENTS = 50;

export async function getFactsOverview(db: Db): Promise<FactsOverview> {
  const bySource = await db.$queryRaw<{ source_kind: string; values: number; companies: number }[]>`
    SELECT source_kind, count(*)::int AS values, count(DISTINCT company_id)::int AS companies
    FROM metric_values GROUP BY source_kind ORDER BY source_kind`;
  const [report] = await db.$queryRaw<
    { filings: number; tables: number; rows: number; cells: number; mapped_rows: number; mapped_cells: number }[]
  >`
    SELECT count(DISTINCT filing_id)::int AS filings,
           count(DISTINCT (filing_id, page_index, table_title))::int AS tables,
           count(DISTINCT (filing_id, page_index, line))::int AS rows,
           count(*)::int AS cells,
           count(DISTINCT (filing_id, page_index, line)) FILTER (WHERE metric_key IS NOT NULL)::int AS mapped_rows,
           count(*) FILTER (WHERE metric_key IS NOT NULL)::int AS mapped_cells
    FROM filing_facts`;
  const [labels] = await db.$queryRaw<{ labels: number; embedded: number }[]>`
    SELECT count(*)::int AS labels, count(*) FILTER (WHERE embedding_model IS NOT NULL)::int AS embedded
    FROM filing_fact_labels`;
  const [counts] = await db.$queryRaw<{ compared: number; disagreeing: number }[]>`
    WITH ${comparedSql(null, null)}
    SELECT count(*)::int AS compared, count(*) FILTER (WHERE differs)::int AS disagreeing FROM compared`;
  return {
    bySource: bySource.map((s) => ({ sourceKind: s.source_kind, values: s.values, companies: s.companies })),
    extraction: {
      filings: report?.filings ?? 0,
      tables: report?.tables ?? 0,
      rows: report?.rows ?? 0,
      cells: report?.cells ?? 0,
      mappedRows: report?.mapped_rows ?? 0,
      mappedCells: report?.mapped_cells ?? 0,
      labels: labels?.labels ?? 0,
      embeddedLabels: labels?.embedded ?? 0,
    },
    compared: counts?.compared ?? 0,
    disagreeing: counts?.disagreeing ?? 0,
    disagreements: await tableDisagreements(db, { limit: LISTED_DISAGREEMENTS }),
  };
}

/** The mapped table values that differ from XBRL's, for some companies and metrics (all when absent). */
export async function tableDisagreements(
  db: Db,
  /** limit: at most this many (1,000 when not given; null: all). */
  filter: { tickers?: readonly string[]; metricKeys?: readonly string[]; limit?: number | null },
): Promise<TableDisagreement[]> {
  const rows = await db.$queryRaw<
    {
      ticker: string;
      metric_key: string;
      fiscal_year: number;
      fiscal_period: string;
      xbrl_value: string;
      xbrl_concept: string | null;
      xbrl_known_at: string;
      unit: string;
      table_filing_period_end: string;
      later_table_prints_xbrl: boolean;
      table_value: string;
      filing_id: string;
      source_key: string;
      form: string;
      filing_fiscal_year: number;
      filing_fiscal_period: string;
      page_index: number;
      line: number;
      label: string;
    }[]
  >`
    WITH ${comparedSql(filter.tickers ?? null, filter.metricKeys ?? null)}
    SELECT c.*, own.period_end::text AS table_filing_period_end,
           EXISTS (
             SELECT 1 FROM filing_facts o JOIN filings fo ON fo.id = o.filing_id
             WHERE o.ticker = c.ticker AND o.metric_key = c.metric_key AND o.fiscal_year = c.fiscal_year
               AND o.fiscal_period = c.fiscal_period AND abs(o.value) = c.xbrl_value::numeric
               AND ${filingPeriodEndSql(Prisma.sql`fo`)} > own.period_end
           ) AS later_table_prints_xbrl
    FROM compared c JOIN filings f ON f.id = c.fid
    CROSS JOIN LATERAL (SELECT ${filingPeriodEndSql(Prisma.sql`f`)} AS period_end) own
    WHERE differs
    ORDER BY c.ticker, c.metric_key, c.fiscal_year, c.fiscal_period, c.filing_id, c.page_index, c.line
    LIMIT ${filter.limit === undefined ? 1000 : filter.limit}`;
  return rows.map((r) => ({
    ticker: r.ticker,
    metricKey: r.metric_key,
    fiscalYear: r.fiscal_year,
    fiscalPeriod: r.fiscal_period,
    xbrlValue: r.xbrl_value,
    xbrlConcept: r.xbrl_concept,
    tableValue: r.table_value,
    filingId: r.filing_id,
    documentKey: r.source_key,
    form: r.form,
    filingFiscalYear: r.filing_fiscal_year,
    filingFiscalPeriod: r.filing_fiscal_period,
    page: r.page_index + 1,
    line: r.line,
    row: r.label,
    kind: disagreementKindOf({
      unit: r.unit,
      tableValue: r.table_value,
      xbrlValue: r.xbrl_value,
      xbrlKnownAt: r.xbrl_known_at,
      tableFilingPeriodEnd: r.table_filing_period_end,
      laterTablePrintsXbrl: r.later_table_prints_xbrl,
    }),
  }));
}

/** The period a filing reports: as stated on its cover, else its tables' latest column. */
function filingPeriodEndSql(filing: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`coalesce(${filing}.period_end, (SELECT max(p.period_end) FROM filing_facts p WHERE p.filing_id = ${filing}.id))`;
}

/** `compared`: each mapped table cell beside the latest XBRL version of its company, metric and period,
 * and whether they differ. Signs are compared as the catalog stores them: mapping stores an outflow
 * printed in parentheses as positive, so magnitudes are compared. Driven by filing_facts (a lookup per
 * mapped cell), so a database without table facts answers at once. */
function comparedSql(tickers: readonly string[] | null, metricKeys: readonly string[] | null): Prisma.Sql {
  const tickerList = tickers ? [...tickers] : null;
  const metricList = metricKeys ? [...metricKeys] : null;
  return Prisma.sql`
    compared AS (
      SELECT ff.ticker, ff.metric_key, ff.fiscal_year, ff.fiscal_period, x.value::text AS xbrl_value,
             x.source_concept AS xbrl_concept, x.updated_at::date::text AS xbrl_known_at, ff.unit, ff.filing_id AS fid, abs(ff.value)::text AS table_value, f.id::text AS filing_id,
             f.source_key, f.form, f.fiscal_year AS filing_fiscal_year, f.fiscal_period AS filing_fiscal_period,
             ff.page_index, ff.line, ff.label, abs(ff.value) <> abs(x.value) AS differs
      FROM filing_facts ff
      JOIN filings f ON f.id = ff.filing_id
      JOIN LATERAL (
        SELECT mv.value, mv.source_concept, mv.updated_at
        FROM metric_values mv JOIN companies c ON c.id = mv.company_id JOIN metrics m ON m.id = mv.metric_id
        WHERE c.ticker = ff.ticker AND m.key = ff.metric_key AND mv.fiscal_year = ff.fiscal_year
          AND mv.fiscal_period::text = ff.fiscal_period AND mv.source_kind <> 'filing_table'
        ORDER BY mv.updated_at DESC, mv.id DESC
        LIMIT 1
      ) x ON true
      WHERE ff.metric_key IS NOT NULL AND ff.value IS NOT NULL
        AND (${tickerList}::text[] IS NULL OR ff.ticker = ANY(${tickerList}::text[]))
        AND (${metricList}::text[] IS NULL OR ff.metric_key = ANY(${metricList}::text[]))
    )`;
}
