// The filings tables (filings, filing_chunks; see their migration): storing a filing with its chunks
// in one transaction (a killed ingest leaves no partial filing; a filing already stored is skipped, or
// replaced when an older chunking cut it), embedding chunks, and reading a page back. Parameterized SQL only: the vector and tsvector columns
// are invisible to Prisma's client, and both tables are external to it.
import type { Database } from "@/lib/db/client";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { embedPendingRowsOf } from "@/lib/documents/embed-pending";
import type { HeldDocument } from "@/lib/documents/document-asked";
import type { FilingForm, FilingInput } from "@/lib/documents/filings/types";

type Db = PrismaClient | Prisma.TransactionClient;

/** Chunks per INSERT: one statement stays well under the parameter and message limits. */
const CHUNK_INSERT_BATCH = 500;
/** Writes of at least this many chunks or vectors are followed by tidying the chunk table. */
const TIDY_AFTER = 1000;

/** What insertFiling wrote: a new filing, or one that replaced the same filing cut by an older chunking. */
interface StoredFiling {
  id: string;
  replaced: boolean;
}

/** Stores one filing and its chunks, atomically. A filing with the same company, form, period and
 * source key already stored is left alone (null), unless an older chunking cut it: then it is replaced,
 * and each new chunk whose header and text are unchanged keeps the old one's summary and vector. */
export async function insertFiling(
  prisma: PrismaClient,
  filing: FilingInput,
  runId: number | null,
): Promise<StoredFiling | null> {
  return prisma.$transaction(
    async (tx) => {
      // The same document stored under another period (an 8-K labelled by its calendar quarter before
      // it was labelled by the company's fiscal one) takes the period read now, chunks included.
      const relabelled = await tx.$queryRaw<{ id: bigint }[]>`
        UPDATE filings SET fiscal_year = ${filing.fiscalYear}::int, fiscal_period = ${filing.fiscalPeriod}
        WHERE ticker = ${filing.ticker} AND form = ${filing.form} AND source_key = ${filing.sourceKey}
          AND (fiscal_year <> ${filing.fiscalYear}::int OR fiscal_period <> ${filing.fiscalPeriod})
        RETURNING id`;
      for (const { id } of relabelled)
        await tx.$executeRaw`UPDATE filing_chunks SET fiscal_year = ${filing.fiscalYear}::int WHERE filing_id = ${id}::bigint`;
      const [inserted] = await tx.$queryRaw<{ id: bigint }[]>`
        INSERT INTO filings (ticker, company_name, form, fiscal_year, fiscal_period, period_end, filed_date, source_url,
                             source_key, source, page_count, sections_found, pages, chunking, ingest_run_id)
        VALUES (${filing.ticker}, ${filing.companyName}, ${filing.form}, ${filing.fiscalYear}, ${filing.fiscalPeriod},
                ${filing.periodEnd}::date, ${filing.filedDate}::date, ${filing.sourceUrl}, ${filing.sourceKey},
                ${filing.source}, ${filing.pageCount}::int, ${filing.sectionsFound}::text[], ${filing.pages}::text[],
                ${filing.chunking}::int, ${runId}::int)
        ON CONFLICT DO NOTHING
        RETURNING id`;
      if (inserted) {
        await insertChunks(tx, inserted.id, filing);
        return { id: String(inserted.id), replaced: false };
      }
      // The row lock taken here makes a concurrent ingest of the same filing wait, then find it current.
      const [outdated] = await tx.$queryRaw<{ id: bigint }[]>`
        UPDATE filings
        SET company_name = ${filing.companyName}, period_end = ${filing.periodEnd}::date,
            filed_date = ${filing.filedDate}::date, source_url = ${filing.sourceUrl}, source = ${filing.source},
            page_count = ${filing.pageCount}::int, sections_found = ${filing.sectionsFound}::text[],
            pages = ${filing.pages}::text[], chunking = ${filing.chunking}::int, ingest_run_id = ${runId}::int,
            ingested_at = CURRENT_TIMESTAMP
        WHERE ticker = ${filing.ticker} AND form = ${filing.form} AND fiscal_year = ${filing.fiscalYear}::int
          AND fiscal_period = ${filing.fiscalPeriod} AND source_key = ${filing.sourceKey}
          AND chunking < ${filing.chunking}::int
        RETURNING id`;
      if (!outdated) return null;
      // The old chunks step aside (negative ordinals) until the new ones have taken what they can reuse.
      await tx.$executeRaw`UPDATE filing_chunks SET ordinal = -1 - ordinal WHERE filing_id = ${outdated.id}::bigint`;
      await insertChunks(tx, outdated.id, filing);
      await tx.$executeRaw`
        UPDATE filing_chunks AS fresh
        SET summary = old.summary, embedding_model = old.embedding_model, embedding = old.embedding
        FROM filing_chunks AS old
        WHERE fresh.filing_id = ${outdated.id}::bigint AND fresh.ordinal >= 0
          AND old.filing_id = ${outdated.id}::bigint AND old.ordinal < 0
          AND old.header = fresh.header AND old.text = fresh.text`;
      await tx.$executeRaw`DELETE FROM filing_chunks WHERE filing_id = ${outdated.id}::bigint AND ordinal < 0`;
      return { id: String(outdated.id), replaced: true };
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

async function insertChunks(tx: Prisma.TransactionClient, filingId: bigint, filing: FilingInput): Promise<void> {
  for (let start = 0; start < filing.chunks.length; start += CHUNK_INSERT_BATCH) {
    const rows = filing.chunks.slice(start, start + CHUNK_INSERT_BATCH).map((c, i) => ({
      ordinal: start + i,
      section_code: c.sectionCode,
      section_title: c.sectionTitle,
      page_index: c.pageIndex,
      char_start: c.charStart,
      char_end: c.charEnd,
      is_table: c.isTable,
      is_financial_statement: c.isFinancialStatement,
      text: c.text,
      header: c.header,
      summary: c.summary,
    }));
    await tx.$executeRaw`
      INSERT INTO filing_chunks (filing_id, ordinal, ticker, form, fiscal_year, period_end, section_code, section_title,
                                 page_index, char_start, char_end, is_table, is_financial_statement, text, header, summary)
      SELECT ${filingId}::bigint, r.ordinal, ${filing.ticker}, ${filing.form}, ${filing.fiscalYear}::int,
             ${filing.periodEnd}::date, r.section_code, r.section_title, r.page_index, r.char_start, r.char_end,
             r.is_table, r.is_financial_statement, r.text, r.header, r.summary
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(ordinal int, section_code text, section_title text, page_index int, char_start int, char_end int,
             is_table boolean, is_financial_statement boolean, text text, header text, summary text)`;
  }
}

/** After a bulk write: fresh planner statistics (PGlite runs no autovacuum). */
export async function tidyFilingTablesAfter(db: Database, written: number): Promise<void> {
  if (written >= TIDY_AFTER) await db.exec("VACUUM (ANALYZE) filings, filing_chunks");
}

/** Embeds every chunk without a vector from the embedder's model (from its header and the start of its text). */
export const embedPendingFilingChunks = embedPendingRowsOf("filing_chunks");

export interface FilingPage {
  filingId: string;
  ticker: string;
  companyName: string;
  form: string;
  fiscalYear: number;
  fiscalPeriod: string;
  /** 0-based, as FilingChunkHit.pageIndex. */
  pageIndex: number;
  pageCount: number;
  text: string;
  sourceUrl: string | null;
}

/** One page of a stored filing, or null when the filing or the page does not exist. */
export async function readFilingPage(db: Db, filingId: string, pageIndex: number): Promise<FilingPage | null> {
  if (!/^\d+$/.test(filingId) || !Number.isInteger(pageIndex) || pageIndex < 0) return null;
  const [row] = await db.$queryRaw<
    {
      ticker: string;
      company_name: string;
      form: string;
      fiscal_year: number;
      fiscal_period: string;
      page_count: number;
      text: string | null;
      source_url: string | null;
    }[]
  >`
    SELECT ticker, company_name, form, fiscal_year, fiscal_period, cardinality(pages) AS page_count,
           pages[${pageIndex + 1}::int] AS text, source_url
    FROM filings WHERE id = ${BigInt(filingId)}::bigint`;
  if (!row || row.text === null) return null;
  return {
    filingId,
    ticker: row.ticker,
    companyName: row.company_name,
    form: row.form,
    fiscalYear: row.fiscal_year,
    fiscalPeriod: row.fiscal_period,
    pageIndex,
    pageCount: row.page_count,
    text: row.text,
    sourceUrl: row.source_url,
  };
}

/** A filing held for a company: its form and period, for the document a question names (no text). */
export interface HeldFiling {
  ticker: string;
  document: HeldDocument;
}

/** The filings held for the companies, one row per form and fiscal period. */
export async function heldFilingsOf(prisma: PrismaClient, tickers: readonly string[]): Promise<HeldFiling[]> {
  if (tickers.length === 0) return [];
  const rows = await prisma.$queryRaw<
    { ticker: string; form: FilingForm; fiscal_year: number; fiscal_period: string }[]
  >`
    SELECT DISTINCT ticker, form, fiscal_year, fiscal_period FROM filings WHERE ticker = ANY(${[...tickers]}::text[])`;
  return rows.flatMap((row) => {
    const quarter = /^Q([1-4])$/.exec(row.fiscal_period);
    // H1/M9 are no filing's period; a stored one would be a bad row, not a document to offer.
    if (!quarter && row.fiscal_period !== "FY") return [];
    return [
      {
        ticker: row.ticker,
        document: { form: row.form, fiscalYear: row.fiscal_year, fiscalQuarter: quarter ? Number(quarter[1]) : null },
      },
    ];
  });
}
