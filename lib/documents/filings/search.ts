// Filing chunk search: the filters as SQL on filing_chunks' own columns (copied from the filing so no
// join is needed before ranking), ranked by the shared engine (lib/documents/search/postgres.ts), each
// hit completed with its filing's company, period, dates and link.
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { type DocumentFilterSql, type DocumentTable, searchDocuments } from "@/lib/documents/search/postgres";
import type { FilingChunkHit, FilingFilters, FilingForm, FilingQuery } from "@/lib/documents/filings/types";
import type { FiscalPeriod } from "@/lib/core/types";

/** A stored chunk's own fields, as the SQL columns and the Elasticsearch documents both name them. */
export interface FilingChunkFields {
  ticker: string;
  company_name: string;
  form: FilingForm;
  fiscal_year: number;
  fiscal_period: FiscalPeriod;
  period_end: string | null;
  filed_date: string | null;
  section_code: string;
  section_title: string;
  page_index: number;
  char_start: number;
  char_end: number;
  text: string;
  header: string;
  is_table: boolean;
  is_financial_statement: boolean;
  source_url: string | null;
}

interface ChunkRow extends FilingChunkFields {
  id: bigint;
  filing_id: bigint;
  has_vector: boolean;
}

const FILING_CHUNKS_TABLE: DocumentTable = {
  table: Prisma.raw("filing_chunks"),
  dateColumn: Prisma.raw("period_end"),
  hitColumns: Prisma.raw(`a.id, a.filing_id, a.ticker, f.company_name, a.form, a.fiscal_year, f.fiscal_period,
    to_char(a.period_end, 'YYYY-MM-DD') AS period_end, to_char(f.filed_date, 'YYYY-MM-DD') AS filed_date,
    a.section_code, a.section_title, a.page_index, a.char_start, a.char_end, a.text, a.header, a.is_table,
    a.is_financial_statement, f.source_url, a.embedding IS NOT NULL AS has_vector`),
  hitJoin: Prisma.raw("JOIN filings f ON f.id = a.filing_id"),
};

/** Every filter is a condition on the chunk's own row (its columns, its filing's id), so both forms of
 * DocumentFilterSql are one. */
function filingFilterSql(filters: FilingFilters): DocumentFilterSql {
  const conditions: Prisma.Sql[] = [];
  if (filters.tickers.length > 0) conditions.push(Prisma.sql`ticker = ANY(${filters.tickers}::text[])`);
  if (filters.forms.length > 0) conditions.push(Prisma.sql`form = ANY(${filters.forms}::text[])`);
  if (filters.fiscalYears.length > 0) conditions.push(Prisma.sql`fiscal_year = ANY(${filters.fiscalYears}::int[])`);
  if (filters.sections.length > 0) conditions.push(Prisma.sql`section_code = ANY(${filters.sections}::text[])`);
  // The period is the filing's, not copied to its chunks: its filings' ids (the inner id is filings').
  if (filters.fiscalPeriods.length > 0)
    conditions.push(
      Prisma.sql`filing_id IN (SELECT id FROM filings WHERE fiscal_period = ANY(${filters.fiscalPeriods}::text[]))`,
    );
  if (filters.periodEndFrom) conditions.push(Prisma.sql`period_end >= ${filters.periodEndFrom}::date`);
  if (filters.periodEndTo) conditions.push(Prisma.sql`period_end <= ${filters.periodEndTo}::date`);
  const predicate = conditions.length > 0 ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
  return { ids: Prisma.sql`SELECT id FROM filing_chunks WHERE ${predicate}`, predicate };
}

/** The best chunks for a question within the filters. Keyword ranking serves while vectors are
 * missing (embedding null, or chunks not yet embedded): each hit says how it was ranked.
 * `exactScanLimit`: see searchDocuments. */
export async function searchFilingChunks(
  prisma: PrismaClient,
  query: FilingQuery,
  options: { exactScanLimit?: number } = {},
): Promise<FilingChunkHit[]> {
  const rows = await searchDocuments<ChunkRow>(
    prisma,
    FILING_CHUNKS_TABLE,
    { text: query.text, embedding: query.embedding, filter: filingFilterSql(query.filters), ranking: query.ranking },
    options.exactScanLimit,
  );
  const mode = query.embedding === null ? "keyword" : query.ranking.mode;
  return rows.map((row) => ({
    chunkId: String(row.id),
    filingId: String(row.filing_id),
    ticker: row.ticker,
    companyName: row.company_name,
    form: row.form,
    fiscalYear: row.fiscal_year,
    fiscalPeriod: row.fiscal_period,
    periodEnd: row.period_end,
    filedDate: row.filed_date,
    sectionCode: row.section_code,
    sectionTitle: row.section_title,
    page: row.page_index + 1,
    pageIndex: row.page_index,
    charStart: row.char_start,
    charEnd: row.char_end,
    text: row.text,
    header: row.header,
    isTable: row.is_table,
    isFinancialStatement: row.is_financial_statement,
    sourceUrl: row.source_url,
    score: row.score,
    similarity: row.similarity,
    keywordScore: row.keyword,
    ranking: mode !== "keyword" && !row.has_vector ? "keyword" : mode,
  }));
}
