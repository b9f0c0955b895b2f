// The configured search engine of each document kind (news, filing chunks): PostgreSQL by default;
// Elasticsearch when SEARCH_BACKEND=elasticsearch, falling back to PostgreSQL with a logged warning
// whenever Elasticsearch fails (down, unreachable, hanging, index missing), so an answer never loses its
// documents to an outage. After a failure a circuit breaker (one per index: a kind whose index is
// missing does not send the others away) sends every search of that index straight to PostgreSQL for a
// while, so an outage costs one timeout, not one per answer.
import { Client } from "@elastic/elasticsearch";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { ElasticsearchConfig, NewsConfig } from "@/lib/documents/config";
import { filingChunkIndexOf, searchFilingChunksInElasticsearch } from "@/lib/documents/filings/elasticsearch";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import type { FilingChunkHit, FilingQuery } from "@/lib/documents/filings/types";
import type { NewsHit, NewsQuery } from "@/lib/documents/news/types";
import { CircuitBreaker } from "@/lib/documents/search/circuit-breaker";
import { elasticsearchSearchEngine } from "@/lib/documents/search/elasticsearch";
import { postgresSearchEngine } from "@/lib/documents/search/postgres";

/** Indexing (bulk pages) may take a while; a search answers in milliseconds or not at all. */
const REQUEST_TIMEOUT_MS = 3000;
const SEARCH_TIMEOUT_MS = 800;
const OUTAGE_COOL_DOWN_MS = 30_000;

export function elasticsearchClient(config: ElasticsearchConfig, requestTimeout = REQUEST_TIMEOUT_MS): Client {
  return new Client({ node: config.url, auth: config.auth, requestTimeout, maxRetries: 0 });
}

interface SharedCluster {
  url: string;
  client: Client;
  /** By index name. */
  breakers: Map<string, CircuitBreaker>;
}

const globalForEs = globalThis as typeof globalThis & { finGroundEs?: SharedCluster };

/** One client per cluster and one breaker per index for the whole process: an outage seen by one
 * answer spares the next. */
function sharedCluster(config: ElasticsearchConfig): SharedCluster {
  if (globalForEs.finGroundEs?.url !== config.url) {
    globalForEs.finGroundEs = {
      url: config.url,
      client: elasticsearchClient(config, SEARCH_TIMEOUT_MS),
      breakers: new Map(),
    };
  }
  return globalForEs.finGroundEs;
}

function breakerOf(cluster: SharedCluster, index: string): CircuitBreaker {
  let breaker = cluster.breakers.get(index);
  if (!breaker) cluster.breakers.set(index, (breaker = new CircuitBreaker(OUTAGE_COOL_DOWN_MS)));
  return breaker;
}

type SearchEngineName = "postgres" | "elasticsearch";

interface RoutedSearch<Query, Hit> {
  search(query: Query): Promise<{ engine: SearchEngineName; hits: Hit[] }>;
}

/** One kind's search on the configured engine, with the fallback and the breaker of its index. */
function routedSearch<Query, Hit>(options: {
  kind: string;
  config: NewsConfig;
  index: (config: ElasticsearchConfig) => string;
  postgres: (query: Query) => Promise<Hit[]>;
  elasticsearch: (client: Client, index: string, query: Query) => Promise<Hit[]>;
}): RoutedSearch<Query, Hit> {
  const { kind, config } = options;
  const es =
    config.backend === "elasticsearch" && config.elasticsearch
      ? {
          config: config.elasticsearch,
          index: options.index(config.elasticsearch),
          ...sharedCluster(config.elasticsearch),
        }
      : null;
  const breaker = es ? breakerOf(es, es.index) : null;
  return {
    async search(query) {
      if (es && breaker?.allows()) {
        try {
          const hits = await options.elasticsearch(es.client, es.index, query);
          breaker.succeeded();
          return { engine: "elasticsearch", hits };
        } catch (error) {
          breaker.failed();
          const seconds = breaker.coolDownMs / 1000;
          console.warn(
            `[${kind}] Elasticsearch at ${es.config.url} failed (${(error as Error).message}); searching PostgreSQL instead, for the next ${seconds} s`,
          );
        }
      }
      return { engine: "postgres", hits: await options.postgres(query) };
    },
  };
}

export function searchEngineFor(prisma: PrismaClient, config: NewsConfig): RoutedSearch<NewsQuery, NewsHit> {
  const postgres = postgresSearchEngine(prisma);
  return routedSearch({
    kind: "news",
    config,
    index: (es) => es.index,
    postgres: (query) => postgres.search(query),
    elasticsearch: (client, index, query) => elasticsearchSearchEngine(client, index).search(query),
  });
}

/** Filing chunks on the configured engine: the index `npm run filings -- index-elasticsearch` fills. */
export function filingSearchFor(prisma: PrismaClient, config: NewsConfig): RoutedSearch<FilingQuery, FilingChunkHit> {
  return routedSearch({
    kind: "filings",
    config,
    index: filingChunkIndexOf,
    postgres: (query) => searchFilingChunks(prisma, query),
    elasticsearch: searchFilingChunksInElasticsearch,
  });
}
