// Transcript chunk search on Elasticsearch: an index of chunks (dense_vector, cosine HNSW; English-analysed
// header and text; keyword filter fields), searched per company × quarter like the PostgreSQL engine
// (rankTranscriptChunks: the same fan-out and Q&A counterparts), each group as kNN and BM25 side by side
// with the filters in both, fused as every engine fuses (fuseHits). `transcriptSearchFor` picks the
// configured engine, with the shared breaker fallback to PostgreSQL.
import type { Client, estypes } from "@elastic/elasticsearch";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Progress } from "@/lib/core/progress";
import type { NewsConfig } from "@/lib/documents/config";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import { fuseHits, hybridCandidates, indexChunksInElasticsearch } from "@/lib/documents/search/elasticsearch";
import { type EngineName, routedSearch } from "@/lib/documents/search/engine-from-config";
import {
  rankTranscriptChunks,
  searchTranscriptChunks,
  type TranscriptChunkFields,
  type TranscriptChunkHit,
  type TranscriptChunkRow,
  type TranscriptFilters,
  type TranscriptQuery,
} from "./search";

interface ChunkDocument extends TranscriptChunkFields {
  transcript_id: string;
  embedding_model: string | null;
  embedding?: number[];
}

export const TRANSCRIPT_CHUNK_INDEX_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: "strict",
  properties: {
    transcript_id: { type: "keyword" },
    call_id: { type: "keyword" },
    ordinal: { type: "integer" },
    ticker: { type: "keyword" },
    company_name: { type: "keyword" },
    fiscal_year: { type: "integer" },
    fiscal_quarter: { type: "integer" },
    calendar_year: { type: "integer" },
    calendar_quarter: { type: "integer" },
    section: { type: "keyword" },
    speaker: { type: "keyword" },
    speaker_title: { type: "keyword", index: false },
    role: { type: "keyword" },
    exchange: { type: "integer" },
    exchange_part: { type: "keyword" },
    text: { type: "text", analyzer: "english" },
    header: { type: "text", analyzer: "english" },
    embedding_model: { type: "keyword" },
    embedding: { type: "dense_vector", dims: EMBEDDING_DIMENSIONS, index: true, similarity: "cosine" },
  },
};

type Source = Omit<ChunkDocument, "embedding">;

/** Copies every stored transcript chunk (and its vector) into the index, in bulk pages. */
export async function indexTranscriptChunksInElasticsearch(
  prisma: PrismaClient,
  client: Client,
  index: string,
  progress: Progress,
): Promise<number> {
  const [{ n }] = await prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM transcript_chunks`;
  return indexChunksInElasticsearch<Source>(
    client,
    {
      index,
      mappings: TRANSCRIPT_CHUNK_INDEX_MAPPINGS,
      label: "indexing transcript chunks",
      total: n,
      page: (afterId, limit) => prisma.$queryRaw<(Source & { id: bigint; embedding: string | null })[]>`
        SELECT c.id, c.transcript_id::text AS transcript_id, t.call_id, c.ordinal, c.ticker, t.company_name,
               c.fiscal_year, c.fiscal_quarter, t.calendar_year, t.calendar_quarter, c.section, c.speaker,
               c.speaker_title, c.role, c.exchange, c.exchange_part, c.text, c.header, c.embedding_model,
               c.embedding::text AS embedding
        FROM transcript_chunks c JOIN transcripts t ON t.id = c.transcript_id
        WHERE c.id > ${afterId} ORDER BY c.id LIMIT ${limit}`,
    },
    progress,
  );
}

/** One company (and quarter, if given), as the PostgreSQL engine filters it: operator turns only when
 * asked for by role. */
function filterClauses(
  ticker: string,
  quarter: TranscriptFilters["quarters"][number] | null,
  filters: TranscriptFilters,
): estypes.QueryDslQueryContainer[] {
  const clauses: estypes.QueryDslQueryContainer[] = [{ term: { ticker } }];
  if (quarter) {
    clauses.push({ term: { fiscal_year: quarter.fiscalYear } }, { term: { fiscal_quarter: quarter.fiscalQuarter } });
  }
  if (filters.sections.length > 0) clauses.push({ terms: { section: filters.sections } });
  if (filters.roles.length > 0) clauses.push({ terms: { role: filters.roles } });
  else clauses.push({ bool: { must_not: [{ term: { role: "operator" } }] } });
  return clauses;
}

/** The same question as searchTranscriptChunks, each group answered by the index; the Q&A counterparts
 * still come from the database, which holds every chunk the index was filled from. */
export function searchTranscriptChunksInElasticsearch(
  prisma: PrismaClient,
  client: Client,
  index: string,
  query: TranscriptQuery,
): Promise<TranscriptChunkHit[]> {
  const ranking = query.embedding === null ? { ...query.ranking, mode: "keyword" as const } : query.ranking;
  return rankTranscriptChunks(prisma, query, async (ticker, quarter, filters) => {
    const [vector, keyword] = await hybridCandidates<Source>(client, {
      index,
      filter: filterClauses(ticker, quarter, filters),
      ranking,
      text: query.text,
      embedding: query.embedding,
      fields: ["header^2", "text"],
    });
    // Calls have no dates: ties go to the later fiscal quarter, as in PostgreSQL.
    const hits = fuseHits(ranking, vector, keyword, (doc) => String(doc.fiscal_year * 10 + doc.fiscal_quarter));
    return hits.map(({ id, doc, similarity, keywordScore, score }): TranscriptChunkRow => {
      const { embedding_model, transcript_id, ...columns } = doc;
      return {
        ...columns,
        id: BigInt(id),
        transcript_id: BigInt(transcript_id),
        has_vector: embedding_model !== null,
        similarity,
        keyword: keywordScore,
        score,
      };
    });
  });
}

/** Transcript search on the configured engine: `engine` says which answered. */
export function transcriptSearchFor(
  prisma: PrismaClient,
  config: NewsConfig,
): (query: TranscriptQuery) => Promise<{ engine: EngineName; hits: TranscriptChunkHit[] }> {
  return routedSearch<TranscriptQuery, TranscriptChunkHit[]>(config, "transcript chunks", {
    elasticsearch: (client, index, query) => searchTranscriptChunksInElasticsearch(prisma, client, index, query),
    postgres: (query) => searchTranscriptChunks(prisma, query),
  });
}
