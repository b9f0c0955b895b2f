// News search on Elasticsearch: an index with a dense_vector field (cosine, HNSW), English-analysed text fields
// and keyword tags (tickers, sectors), searched through the pieces every kind shares (../search/elasticsearch.ts);
// and the news search on the configured engine, PostgreSQL whenever Elasticsearch fails.
import type { Client, estypes } from "@elastic/elasticsearch";
import type { Progress } from "@/lib/core/progress";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { NewsConfig } from "@/lib/documents/config";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import { bulkIndex, ensureIndex, fuseHits, hybridCandidates } from "@/lib/documents/search/elasticsearch";
import { RECENT_DAYS, snippetOf } from "@/lib/documents/search/engine";
import { type EngineName, routedSearch } from "@/lib/documents/search/engine-from-config";
import { postgresNewsEngine } from "./search";
import { readEmbeddings, readNewsArticles } from "./store";
import type { NewsFilters, NewsHit, NewsKind, NewsQuery, NewsSearchEngine } from "./types";

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

/** Copies every stored article (and its vector) from the database into the index, in bulk pages. */
export async function indexNewsInElasticsearch(
  prisma: PrismaClient,
  client: Client,
  index: string,
  progress: Progress,
): Promise<number> {
  await ensureIndex(client, index, NEWS_INDEX_MAPPINGS);
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

export function elasticsearchNewsEngine(client: Client, index: string): NewsSearchEngine {
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

/** News search on the configured engine: `engine` says which answered. */
export function newsSearchFor(
  prisma: PrismaClient,
  config: NewsConfig,
): (query: NewsQuery) => Promise<{ engine: EngineName; hits: NewsHit[] }> {
  const postgres = postgresNewsEngine(prisma);
  return routedSearch<NewsQuery, NewsHit[]>(config, "news", {
    elasticsearch: (client, index, query) => elasticsearchNewsEngine(client, index).search(query),
    postgres: (query) => postgres.search(query),
  });
}
