// Transcript chunk search through the shared engine (lib/documents/search/postgres.ts): the filters as
// SQL on transcript_chunks' own columns, one ranked search per company × fiscal quarter (each keeps its
// own top k, so a quarter with many matches cannot crowd out another), all run in parallel, and each hit
// completed with its call and, in the Q&A, the other side of its exchange (an analyst's question with
// the answer that followed it, or an answer with the question it replied to).
import { z } from "zod";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import {
  type DocumentFilterSql,
  type DocumentScores,
  type DocumentTable,
  searchDocuments,
} from "@/lib/documents/search/postgres";
import type { RankingOptions } from "@/lib/documents/search/engine";
import { appConfig, type Config } from "@/lib/core/config";
import { CALL_SECTIONS, type CallSection, SPEAKER_ROLES, type SpeakerRole } from "./types";

/** The design's limits on one question: companies and quarters searched. */
const MAX_TRANSCRIPT_TICKERS = 8;
const MAX_TRANSCRIPT_QUARTERS = 12;

const fiscalQuarter = z.object({
  fiscalYear: z.number().int().min(1990).max(2100),
  fiscalQuarter: z.number().int().min(1).max(4),
});

export const transcriptFiltersSchema = z.object({
  tickers: z
    .array(z.string().regex(/^[A-Z][A-Z0-9.-]{0,9}$/))
    .min(1)
    .max(MAX_TRANSCRIPT_TICKERS),
  /** Empty: every quarter stored (one search per company). */
  quarters: z.array(fiscalQuarter).max(MAX_TRANSCRIPT_QUARTERS).default([]),
  sections: z.array(z.enum(CALL_SECTIONS)).default([]),
  roles: z.array(z.enum(SPEAKER_ROLES)).default([]),
});
export type TranscriptFilters = z.infer<typeof transcriptFiltersSchema>;

export interface TranscriptQuery {
  text: string;
  embedding: readonly number[] | null;
  filters: TranscriptFilters;
  /** `k` is per company and quarter. */
  ranking: RankingOptions;
}

interface TranscriptCounterpart {
  speaker: string | null;
  role: SpeakerRole;
  text: string;
}

export interface TranscriptChunkHit {
  chunkId: string;
  /** The source's id of the call ("KO_q3_2021") and the chunk's position in it: stable across re-ingestion. */
  callId: string;
  ordinal: number;
  ticker: string;
  companyName: string;
  fiscalYear: number;
  fiscalQuarter: number;
  calendarYear: number | null;
  calendarQuarter: number | null;
  section: CallSection;
  speaker: string | null;
  speakerTitle: string | null;
  role: SpeakerRole;
  exchange: number | null;
  exchangePart: "question" | "answer" | null;
  text: string;
  header: string;
  /** For a question, the first answer that followed; for an answer, the question; else null. */
  counterpart: TranscriptCounterpart | null;
  score: number;
  similarity: number | null;
  keywordScore: number;
  /** How this hit was ranked: keyword when the chunk (or the query) had no vector yet. */
  ranking: "hybrid" | "vector" | "keyword";
}

/** The per-quarter k from TRANSCRIPTS_K_PER_QUARTER. */
export function transcriptsPerQuarter(config: Config = appConfig()): number {
  return config.TRANSCRIPTS_K_PER_QUARTER;
}

/** A stored chunk's own fields, as the SQL columns and the Elasticsearch documents both name them. */
export interface TranscriptChunkFields {
  call_id: string;
  ordinal: number;
  ticker: string;
  company_name: string;
  fiscal_year: number;
  fiscal_quarter: number;
  calendar_year: number | null;
  calendar_quarter: number | null;
  section: CallSection;
  speaker: string | null;
  speaker_title: string | null;
  role: SpeakerRole;
  exchange: number | null;
  exchange_part: "question" | "answer" | null;
  text: string;
  header: string;
}

interface ChunkColumns extends TranscriptChunkFields {
  id: bigint;
  transcript_id: bigint;
  has_vector: boolean;
}

/** A ranked chunk as an engine returns it: the hit columns and the three scores. */
export type TranscriptChunkRow = ChunkColumns & DocumentScores;

const TRANSCRIPT_CHUNKS_TABLE: DocumentTable = {
  table: Prisma.raw("transcript_chunks"),
  // Calls have no dates: ties go to the later fiscal quarter (year × 10 + quarter orders them).
  dateColumn: Prisma.raw("(fiscal_year * 10 + fiscal_quarter)"),
  hitColumns:
    Prisma.raw(`a.id, a.transcript_id, t.call_id, a.ordinal, a.ticker, t.company_name, a.fiscal_year, a.fiscal_quarter,
    t.calendar_year, t.calendar_quarter, a.section, a.speaker, a.speaker_title, a.role, a.exchange, a.exchange_part,
    a.text, a.header, a.embedding IS NOT NULL AS has_vector`),
  hitJoin: Prisma.raw("JOIN transcripts t ON t.id = a.transcript_id"),
};

/** One company (and quarter, if given): every condition is on the chunk's own columns. */
function filterSql(ticker: string, quarter: QuarterSearched, filters: TranscriptFilters): DocumentFilterSql {
  const conditions = [Prisma.sql`ticker = ${ticker}`];
  if (quarter) {
    conditions.push(
      Prisma.sql`fiscal_year = ${quarter.fiscalYear}::int AND fiscal_quarter = ${quarter.fiscalQuarter}::int`,
    );
  }
  if (filters.sections.length > 0) conditions.push(Prisma.sql`section = ANY(${filters.sections}::text[])`);
  // The operator's turns ("Our next question is from…") say nothing about the company, and their
  // header's "operator" matches words like "operating": searched only when asked for by role.
  if (filters.roles.length > 0) conditions.push(Prisma.sql`role = ANY(${filters.roles}::text[])`);
  else conditions.push(Prisma.sql`role <> 'operator'`);
  const predicate = Prisma.join(conditions, " AND ");
  return { ids: Prisma.sql`SELECT id FROM transcript_chunks WHERE ${predicate}`, predicate };
}

/** A fiscal quarter searched, or null: every quarter of the company. */
type QuarterSearched = TranscriptFilters["quarters"][number] | null;

/** One engine's ranked search of one company × quarter, under the request's section and role filters:
 * rows with the hit columns and their three scores. */
export type TranscriptGroupSearch = (
  ticker: string,
  quarter: QuarterSearched,
  filters: TranscriptFilters,
) => Promise<TranscriptChunkRow[]>;

/**
 * The best chunks for a question, per company × quarter (or per company when no quarter is given),
 * searched in parallel; hits come grouped in the order of the tickers and quarters asked, each group by
 * score. `exactScanLimit`: see searchDocuments.
 */
export function searchTranscriptChunks(
  prisma: PrismaClient,
  query: TranscriptQuery,
  options: { exactScanLimit?: number } = {},
): Promise<TranscriptChunkHit[]> {
  return rankTranscriptChunks(prisma, query, (ticker, quarter, filters) =>
    searchDocuments<ChunkColumns>(
      prisma,
      TRANSCRIPT_CHUNKS_TABLE,
      {
        text: query.text,
        embedding: query.embedding,
        filter: filterSql(ticker, quarter, filters),
        ranking: query.ranking,
      },
      options.exactScanLimit,
    ),
  );
}

/** The fan-out every engine shares: one `searchGroup` per company × quarter, in parallel, then each hit
 * completed from the database with the other side of its Q&A exchange. */
export async function rankTranscriptChunks(
  prisma: PrismaClient,
  query: TranscriptQuery,
  searchGroup: TranscriptGroupSearch,
): Promise<TranscriptChunkHit[]> {
  const filters = transcriptFiltersSchema.parse(query.filters);
  const quarters = filters.quarters.length > 0 ? filters.quarters : [null];
  const groups = await Promise.all(
    filters.tickers.flatMap((ticker) => quarters.map((quarter) => searchGroup(ticker, quarter, filters))),
  );
  const rows = groups.flat();
  const counterparts = await counterpartsOf(prisma, rows);
  const mode = query.embedding === null ? "keyword" : query.ranking.mode;
  return rows.map((row) => ({
    chunkId: String(row.id),
    callId: row.call_id,
    ordinal: row.ordinal,
    ticker: row.ticker,
    companyName: row.company_name,
    fiscalYear: row.fiscal_year,
    fiscalQuarter: row.fiscal_quarter,
    calendarYear: row.calendar_year,
    calendarQuarter: row.calendar_quarter,
    section: row.section,
    speaker: row.speaker,
    speakerTitle: row.speaker_title,
    role: row.role,
    exchange: row.exchange,
    exchangePart: row.exchange_part,
    text: row.text,
    header: row.header,
    counterpart: counterparts.get(String(row.id)) ?? null,
    score: row.score,
    similarity: row.similarity,
    keywordScore: row.keyword,
    ranking: mode !== "keyword" && !row.has_vector ? "keyword" : mode,
  }));
}

/** For each Q&A hit, the other side of its exchange, in one query: a question's first answer chunk,
 * an answer's first question chunk. */
async function counterpartsOf(
  prisma: PrismaClient,
  rows: readonly TranscriptChunkRow[],
): Promise<Map<string, TranscriptCounterpart>> {
  const wanted = rows
    .filter((r) => r.exchange !== null && r.exchange_part !== null)
    .map((r) => ({
      hit: String(r.id),
      transcript_id: String(r.transcript_id),
      exchange: r.exchange,
      part: r.exchange_part === "question" ? "answer" : "question",
    }));
  if (wanted.length === 0) return new Map();
  const found = await prisma.$queryRaw<{ hit: string; speaker: string | null; role: SpeakerRole; text: string }[]>`
    SELECT DISTINCT ON (w.hit) w.hit, c.speaker, c.role, c.text
    FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS w(hit text, transcript_id bigint, exchange int, part text)
    JOIN transcript_chunks c ON c.transcript_id = w.transcript_id AND c.exchange = w.exchange AND c.exchange_part = w.part
    ORDER BY w.hit, c.ordinal`;
  return new Map(found.map((f) => [f.hit, { speaker: f.speaker, role: f.role, text: f.text }]));
}
