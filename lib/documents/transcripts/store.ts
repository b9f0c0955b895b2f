// The transcript tables (transcripts, transcript_chunks; see their migration): storing a call with its
// chunks in one transaction (a killed ingest leaves no partial call), embedding chunks, and reading a
// call's chunks back for its summary. One call per company and fiscal quarter: a full call (with its
// Q&A) replaces the prepared remarks alone, never the reverse, so the order of ingestion does not matter.
import type { Database } from "@/lib/db/client";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { HeldDocument } from "@/lib/documents/document-asked";
import { embedPendingRowsOf } from "@/lib/documents/embed-pending";
import { chunksOfCall } from "./chunks";
import type { CallSection, SpeakerRole, TranscriptDraft, TranscriptSource } from "./types";

type Db = PrismaClient | Prisma.TransactionClient;

/** Writes of at least this many chunks or vectors are followed by tidying the chunk table. */
const TIDY_AFTER = 1000;

/** Which source's version of a call is kept when two bring it: the fuller one. */
const SOURCE_RANK: Record<TranscriptSource, number> = { ectsum: 0, la83la: 1 };

/** What storing a call did, and how many chunks it wrote. */
interface TranscriptWrite {
  outcome: "inserted" | "replaced" | "unchanged";
  chunks: number;
}

/** Stores one call and its chunks, atomically. */
export async function writeTranscript(
  prisma: PrismaClient,
  call: TranscriptDraft,
  runId: number | null,
): Promise<TranscriptWrite> {
  return prisma.$transaction(
    async (tx) => {
      // Lock the call's key: two ingests of the same call wait for each other instead of both inserting.
      const [existing] = await tx.$queryRaw<{ id: bigint; source: TranscriptSource }[]>`
        SELECT id, source FROM transcripts
        WHERE ticker = ${call.ticker} AND fiscal_year = ${call.fiscalYear} AND fiscal_quarter = ${call.fiscalQuarter}
        FOR UPDATE`;
      if (existing && SOURCE_RANK[existing.source] >= SOURCE_RANK[call.source])
        return { outcome: "unchanged", chunks: 0 };
      if (existing) await tx.$executeRaw`DELETE FROM transcripts WHERE id = ${existing.id}`;
      const [row] = await tx.$queryRaw<{ id: bigint }[]>`
        INSERT INTO transcripts (ticker, company_name, fiscal_year, fiscal_quarter, calendar_year, calendar_quarter,
                                 source, call_id, ingest_run_id)
        VALUES (${call.ticker}, ${call.companyName}, ${call.fiscalYear}, ${call.fiscalQuarter},
                ${call.calendar?.year ?? null}::int, ${call.calendar?.quarter ?? null}::int, ${call.source},
                ${call.callId}, ${runId}::int)
        ON CONFLICT DO NOTHING
        RETURNING id`;
      if (!row) return { outcome: "unchanged", chunks: 0 }; // inserted meanwhile by another run (no row existed to lock)
      const rows = chunksOfCall(call).map((c) => ({
        ordinal: c.ordinal,
        section: c.section,
        speaker: c.speaker,
        speaker_title: c.title,
        role: c.role,
        exchange: c.exchange,
        exchange_part: c.exchangePart,
        text: c.text,
        header: c.header,
      }));
      await tx.$executeRaw`
        INSERT INTO transcript_chunks (transcript_id, ordinal, ticker, fiscal_year, fiscal_quarter, section, speaker,
                                       speaker_title, role, exchange, exchange_part, text, header)
        SELECT ${row.id}::bigint, r.ordinal, ${call.ticker}, ${call.fiscalYear}::int, ${call.fiscalQuarter}::int,
               r.section, r.speaker, r.speaker_title, r.role, r.exchange, r.exchange_part, r.text, r.header
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS r(ordinal int, section text, speaker text, speaker_title text, role text, exchange int,
               exchange_part text, text text, header text)`;
      return { outcome: existing ? "replaced" : "inserted", chunks: rows.length };
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

/** After a bulk write: fresh planner statistics (PGlite runs no autovacuum). */
export async function tidyTranscriptTablesAfter(db: Database, written: number): Promise<void> {
  if (written >= TIDY_AFTER) await db.exec("VACUUM (ANALYZE) transcripts, transcript_chunks");
}

/** Embeds every chunk without a vector from the embedder's model (its header and text). */
export const embedPendingTranscriptChunks = embedPendingRowsOf("transcript_chunks");

export interface StoredCallChunk {
  chunkId: string;
  ordinal: number;
  section: CallSection;
  speaker: string | null;
  speakerTitle: string | null;
  role: SpeakerRole;
  exchange: number | null;
  text: string;
}

/** A stored call's chunks in call order (empty when the company's quarter has no call). */
export async function readCallChunks(
  db: Db,
  call: { ticker: string; fiscalYear: number; fiscalQuarter: number },
): Promise<StoredCallChunk[]> {
  const rows = await db.$queryRaw<
    {
      id: bigint;
      ordinal: number;
      section: CallSection;
      speaker: string | null;
      speaker_title: string | null;
      role: SpeakerRole;
      exchange: number | null;
      text: string;
    }[]
  >`
    SELECT id, ordinal, section, speaker, speaker_title, role, exchange, text FROM transcript_chunks
    WHERE ticker = ${call.ticker} AND fiscal_year = ${call.fiscalYear}::int AND fiscal_quarter = ${call.fiscalQuarter}::int
    ORDER BY ordinal`;
  return rows.map((r) => ({
    chunkId: String(r.id),
    ordinal: r.ordinal,
    section: r.section,
    speaker: r.speaker,
    speakerTitle: r.speaker_title,
    role: r.role,
    exchange: r.exchange,
    text: r.text,
  }));
}

/** The earnings calls held for the companies, by fiscal quarter, for the document a question names. */
export async function heldCallsOf(
  prisma: PrismaClient,
  tickers: readonly string[],
): Promise<{ ticker: string; document: HeldDocument }[]> {
  if (tickers.length === 0) return [];
  const rows = await prisma.$queryRaw<{ ticker: string; fiscal_year: number; fiscal_quarter: number }[]>`
    SELECT ticker, fiscal_year, fiscal_quarter FROM transcripts WHERE ticker = ANY(${[...tickers]}::text[])`;
  return rows.map((row) => ({
    ticker: row.ticker,
    document: { form: "earnings-call", fiscalYear: row.fiscal_year, fiscalQuarter: row.fiscal_quarter },
  }));
}
