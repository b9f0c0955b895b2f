// News search on Elasticsearch: an index with a dense_vector field (cosine, HNSW), English-analysed
// text fields and keyword tags. A query runs as kNN (filters inside the kNN clause, num_candidates) and
// BM25 (multi_match in a filtered bool) side by side; the two lists are fused as the PostgreSQL engine
// fuses its candidates (vectorWeight × cosine + keywordWeight × BM25 / best BM25), so both rank alike.
// The pieces every kind's index shares (chunk bulk indexing, the kNN + BM25 candidates, fusion) are here.
import { errors, type Client, type estypes } from "@elastic/elasticsearch";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Progress } from "@/lib/core/progress";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import { readEmbeddings, readNewsArticles } from "@/lib/documents/news/store";
import type { NewsFilters, NewsHit, NewsKind, NewsQuery, RankingOptions } from "@/lib/documents/news/types";
import {
  CANDIDATE_FACTOR,
  modeWeights,
  RECENT_DAYS,
  snippetOf,
  type NewsSearchEngine,
} from "@/lib/documents/search/engine";

const NUM_CANDIDATES_FACTOR = 10;
const BULK_PAGE = 500;

interface NewsDocument {
  kind: NewsKind;
  source: string;
  url: string;
  title: string;
  body: string;
  published_at: string;
  tickers: string[];
  sectors: string[];
  embedding_model: string | null;
  embedding?: number[];
}

export const NEWS_INDEX_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: "strict",
  properties: {
    kind: { type: "keyword" },
    source: { type: "keyword" },
    url: { type: "keyword" },
    title: { type: "text", analyzer: "english" },
    body: { type: "text", analyzer: "english" },
    published_at: { type: "date" },
    tickers: { type: "keyword" },
    sectors: { type: "keyword" },
    embedding_model: { type: "keyword" },
    embedding: { type: "dense_vector", dims: EMBEDDING_DIMENSIONS, index: true, similarity: "cosine" },
  },
};

/** Creates the index with its mapping unless it exists (create-and-tolerate: no race between two indexers). */
async function ensureIndex(
  client: Client,
  index: string,
  mappings: estypes.MappingTypeMapping = NEWS_INDEX_MAPPINGS,
): Promise<boolean> {
  try {
    await client.indices.create({ index, mappings });
    return true;
  } catch (error) {
    if (
      error instanceof errors.ResponseError &&
      JSON.stringify(error.body ?? "").includes("resource_already_exists_exception")
    )
      return false;
    throw error;
  }
}

/** One bulk request of index operations; any document the cluster refused fails the whole run. */
async function bulkIndex(client: Client, operations: estypes.BulkRequest["operations"]): Promise<void> {
  const result = await client.bulk({ operations, refresh: false });
  if (result.errors) {
    const first = result.items.find((item) => item.index?.error)?.index?.error;
    throw new Error(`Elasticsearch bulk indexing failed: ${first?.reason ?? "unknown error"}`);
  }
}

/** A chunk table's row as an indexer reads it: its id, the index document, and the stored vector as text. */
type ChunkRowWithVector<D> = D & { id: bigint; embedding: string | null };

/** Copies every row of a chunk table (and its vector) into the index, in bulk pages after `afterId`
 * order: the loop of every chunk kind (filings, transcripts). Stored vectors may be scaled (see
 * pendingRows): Elasticsearch's cosine wants them unit length again. */
export async function indexChunksInElasticsearch<D extends object>(
  client: Client,
  options: {
    index: string;
    mappings: estypes.MappingTypeMapping;
    label: string;
    total: number;
    page: (afterId: bigint, limit: number) => Promise<ChunkRowWithVector<D>[]>;
  },
  progress: Progress,
): Promise<number> {
  const { index } = options;
  await ensureIndex(client, index, options.mappings);
  progress.start(`${options.label} into ${index}`, options.total);
  let afterId = 0n;
  let indexed = 0;
  for (;;) {
    const page = await options.page(afterId, BULK_PAGE);
    if (page.length === 0) break;
    const operations = page.flatMap(({ id, embedding, ...doc }) => {
      const vector = embedding ? (JSON.parse(embedding) as number[]) : null;
      const norm = vector ? Math.sqrt(vector.reduce((s, x) => s + x * x, 0)) : 0;
      const body = { ...doc, ...(vector && norm > 0 ? { embedding: vector.map((x) => x / norm) } : {}) };
      return [{ index: { _index: index, _id: String(id) } }, body];
    });
    await bulkIndex(client, operations);
    indexed += page.length;
    progress.advance(page.length);
    afterId = page[page.length - 1]!.id;
  }
  await client.indices.refresh({ index });
  progress.finish();
  return indexed;
}

/** Copies every stored article (and its vector) from the database into the index, in bulk pages. */
export async function indexNewsInElasticsearch(
  prisma: PrismaClient,
  client: Client,
  index: string,
  progress: Progress,
): Promise<number> {
  await ensureIndex(client, index);
  const total = await prisma.newsArticle.count();
  progress.start(`indexing into ${index}`, total);
  let afterId = "0";
  let indexed = 0;
  for (;;) {
    const page = await readNewsArticles(prisma, { afterId, limit: BULK_PAGE });
    if (page.length === 0) break;
    const vectors = await readEmbeddings(
      prisma,
      page.map((a) => a.id),
    );
    const operations = page.flatMap((a) => {
      const doc: NewsDocument = {
        kind: a.kind,
        source: a.source,
        url: a.url,
        title: a.title,
        body: a.body,
        published_at: a.publishedAt,
        tickers: a.tickers,
        sectors: a.sectors,
        embedding_model: a.embeddingModel,
        ...(vectors.has(a.id) ? { embedding: vectors.get(a.id) } : {}),
      };
      return [{ index: { _index: index, _id: a.id } }, doc];
    });
    await bulkIndex(client, operations);
    indexed += page.length;
    progress.advance(page.length);
    afterId = page[page.length - 1]!.id;
  }
  await client.indices.refresh({ index });
  progress.finish();
  return indexed;
}

function filterClauses(filters: NewsFilters, from: string | null): estypes.QueryDslQueryContainer[] {
  const clauses: estypes.QueryDslQueryContainer[] = [];
  const tags: estypes.QueryDslQueryContainer[] = [];
  if (filters.tickers.length > 0) tags.push({ terms: { tickers: filters.tickers } });
  if (filters.sectors.length > 0) tags.push({ terms: { sectors: filters.sectors } });
  if (tags.length === 1) clauses.push(tags[0]!);
  if (tags.length === 2) clauses.push({ bool: { should: tags, minimum_should_match: 1 } });
  if (from || filters.to) {
    clauses.push({
      range: {
        published_at: { ...(from ? { gte: from } : {}), ...(filters.to ? { lte: `${filters.to}T23:59:59.999Z` } : {}) },
      },
    });
  }
  return clauses;
}

type Source = Omit<NewsDocument, "embedding">;

export function elasticsearchSearchEngine(client: Client, index: string): NewsSearchEngine {
  return {
    name: "elasticsearch",
    async search(query) {
      const { ranking, filters } = query;
      const from = filters.from ?? (filters.to ? null : await recentFrom(client, index, filters));
      const filter = filterClauses(filters, from);
      const [vector, keyword] = await hybridCandidates<Source>(client, {
        index,
        filter,
        ranking,
        text: query.text,
        embedding: query.embedding,
        fields: ["title^2", "body"],
      });
      return fuse(query, vector, keyword);
    },
  };
}

/** "Most recent": RECENT_DAYS up to the newest item matching the filters. */
async function recentFrom(client: Client, index: string, filters: NewsFilters): Promise<string | null> {
  const result = await client.search({
    index,
    size: 0,
    query: { bool: { filter: filterClauses(filters, null) } },
    aggs: { newest: { max: { field: "published_at" } } },
  });
  const newest = (result.aggregations?.newest as estypes.AggregationsMaxAggregate | undefined)?.value;
  if (newest === null || newest === undefined) return null;
  return new Date(newest - RECENT_DAYS * 86_400_000).toISOString();
}

type Hit = estypes.SearchHit<Source>;

/** A fused hit of any kind: its source document and the three scores. */
/** The two candidate lists of a hybrid search, each a few times k: the nearest vectors (kNN) and the
 * best keyword matches (BM25 over `fields`), both under the same filters; a side the mode does not use
 * (or a missing query vector) is empty. Every document kind's index searches through it. */
export async function hybridCandidates<S>(
  client: Client,
  options: {
    index: string;
    filter: estypes.QueryDslQueryContainer[];
    ranking: RankingOptions;
    text: string;
    embedding: readonly number[] | null;
    fields: string[];
  },
): Promise<[estypes.SearchHit<S>[], estypes.SearchHit<S>[]]> {
  const { index, filter, ranking, text, embedding, fields } = options;
  const candidates = ranking.k * CANDIDATE_FACTOR;
  const source = { excludes: ["embedding"] };
  const [vector, keyword] = await Promise.all([
    ranking.mode === "keyword" || embedding === null
      ? null
      : client.search<S>({
          index,
          size: candidates,
          _source: source,
          knn: {
            field: "embedding",
            query_vector: [...embedding],
            k: candidates,
            num_candidates: candidates * NUM_CANDIDATES_FACTOR,
            filter,
          },
        }),
    ranking.mode === "vector"
      ? null
      : client.search<S>({
          index,
          size: candidates,
          _source: source,
          query: { bool: { filter, must: [{ multi_match: { query: text, fields, operator: "or" } }] } },
        }),
  ]);
  return [vector?.hits.hits ?? [], keyword?.hits.hits ?? []];
}

export interface FusedHit<S> {
  id: string;
  doc: S;
  similarity: number | null;
  keywordScore: number;
  score: number;
}

/** Fuses a kind's kNN and BM25 answers as the PostgreSQL engine fuses its candidates: vectorWeight ×
 * cosine + keywordWeight × BM25 / best BM25; a vector-only hit must reach the threshold. The best k,
 * ties broken by `date` (newest first), then id. */
export function fuseHits<S>(
  ranking: RankingOptions,
  vectorHits: readonly estypes.SearchHit<S>[],
  keywordHits: readonly estypes.SearchHit<S>[],
  date: (doc: S) => string,
): FusedHit<S>[] {
  const weights = modeWeights(ranking);
  // Elasticsearch scores cosine kNN as (1 + cosine) / 2.
  const cosine = new Map(vectorHits.map((h) => [h._id!, 2 * (h._score ?? 0) - 1]));
  const best = Math.max(0, ...keywordHits.map((h) => h._score ?? 0));
  const keyword = new Map(keywordHits.map((h) => [h._id!, best > 0 ? (h._score ?? 0) / best : 0]));
  const byId = new Map([...vectorHits, ...keywordHits].map((h) => [h._id!, h]));
  const hits: FusedHit<S>[] = [];
  for (const [id, hit] of byId) {
    const similarity = cosine.get(id) ?? null;
    const keywordScore = keyword.get(id) ?? 0;
    if (!keyword.has(id) && (similarity === null || similarity < ranking.threshold)) continue;
    hits.push({
      id,
      doc: hit._source!,
      similarity,
      keywordScore,
      score: weights.vector * (similarity ?? 0) + weights.keyword * keywordScore,
    });
  }
  return hits
    .sort((a, b) => b.score - a.score || date(b.doc).localeCompare(date(a.doc)) || Number(a.id) - Number(b.id))
    .slice(0, ranking.k);
}

function fuse(query: NewsQuery, vectorHits: readonly Hit[], keywordHits: readonly Hit[]): NewsHit[] {
  return fuseHits(query.ranking, vectorHits, keywordHits, (doc) => new Date(doc.published_at).toISOString()).map(
    ({ id, doc, similarity, keywordScore, score }) => ({
      id,
      kind: doc.kind,
      source: doc.source,
      url: doc.url,
      title: doc.title,
      snippet: snippetOf(doc.title, doc.body),
      publishedAt: new Date(doc.published_at).toISOString(),
      tickers: doc.tickers,
      similarity,
      keywordScore,
      score,
    }),
  );
}
