// Filing chunk search on Elasticsearch: an index of chunks (dense_vector, cosine HNSW; English-analysed
// header and text; keyword filter fields), queried as kNN and BM25 side by side with the filters in
// both, fused as the PostgreSQL engine fuses (lib/documents/search/elasticsearch.ts, fuseHits).
import type { Client, estypes } from "@elastic/elasticsearch";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Progress } from "@/lib/core/progress";
import type { NewsConfig } from "@/lib/documents/config";
import { type FilingChunkFields, searchFilingChunks } from "@/lib/documents/filings/search";
import { type EngineName, routedSearch } from "@/lib/documents/search/engine-from-config";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import { fuseHits, hybridCandidates, indexChunksInElasticsearch } from "@/lib/documents/search/elasticsearch";
import type { FilingChunkHit, FilingFilters, FilingQuery } from "@/lib/documents/filings/types";

interface ChunkDocument extends FilingChunkFields {
  filing_id: string;
  embedding_model: string | null;
  embedding?: number[];
}

export const FILING_CHUNK_INDEX_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: "strict",
  properties: {
    filing_id: { type: "keyword" },
    ticker: { type: "keyword" },
    company_name: { type: "keyword" },
    form: { type: "keyword" },
    fiscal_year: { type: "integer" },
    fiscal_period: { type: "keyword" },
    period_end: { type: "date" },
    filed_date: { type: "date" },
    section_code: { type: "keyword" },
    section_title: { type: "keyword" },
    page_index: { type: "integer" },
    char_start: { type: "integer" },
    char_end: { type: "integer" },
    text: { type: "text", analyzer: "english" },
    header: { type: "text", analyzer: "english" },
    is_table: { type: "boolean" },
    is_financial_statement: { type: "boolean" },
    source_url: { type: "keyword", index: false },
    embedding_model: { type: "keyword" },
    embedding: { type: "dense_vector", dims: EMBEDDING_DIMENSIONS, index: true, similarity: "cosine" },
  },
};

type ChunkRow = Omit<ChunkDocument, "embedding"> & { id: bigint; embedding: string | null };

/** Copies every stored chunk (and its vector) into the index, in bulk pages. */
export async function indexFilingChunksInElasticsearch(
  prisma: PrismaClient,
  client: Client,
  index: string,
  progress: Progress,
): Promise<number> {
  const [{ n }] = await prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM filing_chunks`;
  return indexChunksInElasticsearch<Omit<ChunkDocument, "embedding">>(
    client,
    {
      index,
      mappings: FILING_CHUNK_INDEX_MAPPINGS,
      label: "indexing filing chunks",
      total: n,
      page: (afterId, limit) => prisma.$queryRaw<ChunkRow[]>`
        SELECT c.id, c.filing_id::text AS filing_id, c.ticker, f.company_name, c.form, c.fiscal_year, f.fiscal_period,
               to_char(c.period_end, 'YYYY-MM-DD') AS period_end, to_char(f.filed_date, 'YYYY-MM-DD') AS filed_date,
               c.section_code, c.section_title, c.page_index, c.char_start, c.char_end, c.text, c.header, c.is_table,
               c.is_financial_statement, f.source_url, c.embedding_model, c.embedding::text AS embedding
        FROM filing_chunks c JOIN filings f ON f.id = c.filing_id
        WHERE c.id > ${afterId} ORDER BY c.id LIMIT ${limit}`,
    },
    progress,
  );
}

function filterClauses(filters: FilingFilters): estypes.QueryDslQueryContainer[] {
  const clauses: estypes.QueryDslQueryContainer[] = [];
  if (filters.tickers.length > 0) clauses.push({ terms: { ticker: filters.tickers } });
  if (filters.forms.length > 0) clauses.push({ terms: { form: filters.forms } });
  if (filters.fiscalYears.length > 0) clauses.push({ terms: { fiscal_year: filters.fiscalYears } });
  if (filters.fiscalPeriods.length > 0) clauses.push({ terms: { fiscal_period: filters.fiscalPeriods } });
  if (filters.sections.length > 0) clauses.push({ terms: { section_code: filters.sections } });
  if (filters.periodEndFrom || filters.periodEndTo)
    clauses.push({
      range: {
        period_end: {
          ...(filters.periodEndFrom ? { gte: filters.periodEndFrom } : {}),
          ...(filters.periodEndTo ? { lte: filters.periodEndTo } : {}),
        },
      },
    });
  return clauses;
}

type Source = Omit<ChunkDocument, "embedding">;

/** The same question as searchFilingChunks, answered by the index. */
export async function searchFilingChunksInElasticsearch(
  client: Client,
  index: string,
  query: FilingQuery,
): Promise<FilingChunkHit[]> {
  const ranking = query.embedding === null ? { ...query.ranking, mode: "keyword" as const } : query.ranking;
  const filter = filterClauses(query.filters);
  const [vector, keyword] = await hybridCandidates<Source>(client, {
    index,
    filter,
    ranking,
    text: query.text,
    embedding: query.embedding,
    fields: ["header^2", "text"],
  });
  return fuseHits(ranking, vector, keyword, (doc) => doc.period_end ?? "").map(
    ({ id, doc, similarity, keywordScore, score }) => ({
      chunkId: id,
      filingId: doc.filing_id,
      ticker: doc.ticker,
      companyName: doc.company_name,
      form: doc.form,
      fiscalYear: doc.fiscal_year,
      fiscalPeriod: doc.fiscal_period,
      periodEnd: doc.period_end,
      filedDate: doc.filed_date,
      sectionCode: doc.section_code,
      sectionTitle: doc.section_title,
      page: doc.page_index + 1,
      pageIndex: doc.page_index,
      charStart: doc.char_start,
      charEnd: doc.char_end,
      text: doc.text,
      header: doc.header,
      isTable: doc.is_table,
      isFinancialStatement: doc.is_financial_statement,
      sourceUrl: doc.source_url,
      score,
      similarity,
      keywordScore,
      ranking: similarity === null ? "keyword" : ranking.mode,
    }),
  );
}

/** Filing chunk search on the configured engine (the index `npm run filings -- index-elasticsearch`
 * fills): `engine` says which answered. */
export function filingSearchFor(
  prisma: PrismaClient,
  config: NewsConfig,
): (query: FilingQuery) => Promise<{ engine: EngineName; hits: FilingChunkHit[] }> {
  return routedSearch<FilingQuery, FilingChunkHit[]>(config, "filing chunks", {
    elasticsearch: (client, index, query) => searchFilingChunksInElasticsearch(client, index, query),
    postgres: (query) => searchFilingChunks(prisma, query),
  });
}
