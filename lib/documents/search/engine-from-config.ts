// The configured news engine: PostgreSQL by default; Elasticsearch when SEARCH_BACKEND=elasticsearch,
// falling back to PostgreSQL with a logged warning whenever Elasticsearch fails (down, unreachable,
// hanging, index missing), so an answer never loses its news to an outage. After a failure a circuit
// breaker sends every search straight to PostgreSQL for a while, so an outage costs one timeout, not
// one per answer.
import { Client } from "@elastic/elasticsearch";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { ElasticsearchConfig, NewsConfig } from "@/lib/documents/config";
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
  breaker: CircuitBreaker;
}

const globalForEs = globalThis as typeof globalThis & { finGroundEs?: SharedCluster };

/** One client and one breaker per cluster for the whole process: an outage seen by one answer spares the next. */
function sharedCluster(config: ElasticsearchConfig): SharedCluster {
  if (globalForEs.finGroundEs?.url !== config.url) {
    globalForEs.finGroundEs = {
      url: config.url,
      client: elasticsearchClient(config, SEARCH_TIMEOUT_MS),
      breaker: new CircuitBreaker(OUTAGE_COOL_DOWN_MS),
    };
  }
  return globalForEs.finGroundEs;
}

export interface RoutedSearch {
  search(query: NewsQuery): Promise<{ engine: "postgres" | "elasticsearch"; hits: NewsHit[] }>;
}

export function searchEngineFor(prisma: PrismaClient, config: NewsConfig): RoutedSearch {
  const postgres = postgresSearchEngine(prisma);
  const es =
    config.backend === "elasticsearch" && config.elasticsearch
      ? { config: config.elasticsearch, ...sharedCluster(config.elasticsearch) }
      : null;
  return {
    async search(query) {
      if (es?.breaker.allows()) {
        try {
          const hits = await elasticsearchSearchEngine(es.client, es.config.index).search(query);
          es.breaker.succeeded();
          return { engine: "elasticsearch", hits };
        } catch (error) {
          es.breaker.failed();
          const seconds = es.breaker.coolDownMs / 1000;
          console.warn(
            `[news] Elasticsearch at ${es.config.url} failed (${(error as Error).message}); searching PostgreSQL instead, for the next ${seconds} s`,
          );
        }
      }
      return { engine: "postgres", hits: await postgres.search(query) };
    },
  };
}
