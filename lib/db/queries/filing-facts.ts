// Reading filing_facts (written by `ingest facts`): the statement lines of a company's filings found by
// label words, or by labels a search ranked (lib/documents/filings/fact-labels.ts), within a period, so a
// line that is no catalog metric ("number of stores") can be quoted with its page and row.
// Parameterized SQL: the table is external to Prisma (see its migration).
import { Prisma, type PrismaClient } from "../generated/client";

type Db = PrismaClient | Prisma.TransactionClient;

/** Which rows: those whose label holds every word ("number of fabs", English stemming), or those with
 * one of these normalized labels, in the labels' order. */
type LabelMatch = { words: string } | { labels: readonly string[] };

export type FilingFactQuery = LabelMatch & {
  ticker: string;
  fiscalYear?: number;
  fiscalPeriod?: string;
  /** "income", "balance", "cash_flow", "segment" or "other". */
  statement?: string;
  limit?: number;
};

export interface FilingFactHit {
  label: string;
  normalizedLabel: string;
  relation: string;
  fiscalYear: number;
  fiscalPeriod: string;
  periodEnd: string;
  /** Exact decimal in base units; null for a dash. */
  value: string | null;
  unit: string;
  /** The table's scale the printed number was multiplied by ("1000000.0000000000": "in millions"). */
  scale: string;
  statement: string;
  metricKey: string | null;
  /** The value as printed in the cell ("1,200", "(35)"); null when the cell held no number. */
  valueAsWritten: string | null;
  /** The filing's id (for its page viewer), document key, form and the fiscal period it reports. */
  filingId: string;
  filing: string;
  form: string;
  filingFiscalYear: number;
  filingFiscalPeriod: string;
  /** 0-based page of the filing's pages, and line on it. */
  pageIndex: number;
  line: number;
  tableTitle: string;
  columnHeader: string;
  /** "llm": read by a model from a table the parser could not read (`ingest facts --llm`). */
  readBy: "parser" | "llm";
}

const DEFAULT_LIMIT = 20;

/** The facts whose label matches, best match first, then latest period. */
export async function searchFilingFacts(db: Db, query: FilingFactQuery): Promise<FilingFactHit[]> {
  const [match, bestFirst] =
    "words" in query
      ? [
          Prisma.sql`ff.label_search @@ plainto_tsquery('english', ${query.words})`,
          Prisma.sql`ts_rank(ff.label_search, plainto_tsquery('english', ${query.words})) DESC`,
        ]
      : [
          Prisma.sql`ff.normalized_label = ANY(${query.labels}::text[])`,
          Prisma.sql`array_position(${query.labels}::text[], ff.normalized_label)`,
        ];
  const rows = await db.$queryRaw<
    {
      label: string;
      normalized_label: string;
      relation: string;
      fiscal_year: number;
      fiscal_period: string;
      period_end: string;
      value: string | null;
      unit: string;
      scale: string;
      statement: string;
      metric_key: string | null;
      value_as_written: string | null;
      filing_id: string;
      source_key: string;
      form: string;
      filing_fiscal_year: number;
      filing_fiscal_period: string;
      page_index: number;
      line: number;
      table_title: string;
      column_header: string;
      source: string;
    }[]
  >`
    SELECT ff.label, ff.normalized_label, ff.relation, ff.fiscal_year, ff.fiscal_period, ff.period_end::text AS period_end,
           ff.value::text AS value, ff.unit, ff.scale::text AS scale, ff.statement, ff.metric_key, ff.value_as_written, f.id::text AS filing_id,
           f.source_key, f.form, f.fiscal_year AS filing_fiscal_year, f.fiscal_period AS filing_fiscal_period,
           ff.page_index, ff.line,
           ff.table_title, ff.column_header, ff.source
    FROM filing_facts ff JOIN filings f ON f.id = ff.filing_id
    WHERE ff.ticker = ${query.ticker}
      AND ${match}
      AND (${query.fiscalYear ?? null}::int IS NULL OR ff.fiscal_year = ${query.fiscalYear ?? null}::int)
      AND (${query.fiscalPeriod ?? null}::text IS NULL OR ff.fiscal_period = ${query.fiscalPeriod ?? null}::text)
      AND (${query.statement ?? null}::text IS NULL OR ff.statement = ${query.statement ?? null}::text)
    ORDER BY ${bestFirst}, ff.period_end DESC, ff.id
    LIMIT ${query.limit ?? DEFAULT_LIMIT}`;
  return rows.map((r) => ({
    label: r.label,
    normalizedLabel: r.normalized_label,
    relation: r.relation,
    fiscalYear: r.fiscal_year,
    fiscalPeriod: r.fiscal_period,
    periodEnd: r.period_end,
    value: r.value,
    unit: r.unit,
    scale: r.scale,
    statement: r.statement,
    metricKey: r.metric_key,
    valueAsWritten: r.value_as_written,
    filingId: r.filing_id,
    filing: r.source_key,
    form: r.form,
    filingFiscalYear: r.filing_fiscal_year,
    filingFiscalPeriod: r.filing_fiscal_period,
    pageIndex: r.page_index,
    line: r.line,
    tableTitle: r.table_title,
    columnHeader: r.column_header,
    readBy: r.source === "llm" ? "llm" : "parser",
  }));
}

/** The id of the stored filing with this document key ("INTEL_2020_10K", the accession a metric value of
 * source kind filing_table names), or null. The earliest stored wins if a key were ever stored twice. */
export async function filingIdOfDocumentKey(db: Db, documentKey: string): Promise<string | null> {
  const [row] = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM filings WHERE source_key = ${documentKey} ORDER BY id LIMIT 1`;
  return row?.id ?? null;
}
