// The configured news engine: PostgreSQL by default; Elasticsearch when SEARCH_BACKEND=elasticsearch,
// falling back to PostgreSQL with a logged warning whenever Elasticsearch fails (down, unreachable,
// index missing), so an answer never loses its news to an outage.
import { Client } from "@elastic/elasticsearch";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { ElasticsearchConfig, NewsConfig } from "../config";
import type { NewsHit, NewsQuery } from "../types";
import { elasticsearchSearchEngine } from "./elasticsearch";
import { postgresSearchEngine } from "./postgres";

const REQUEST_TIMEOUT_MS = 3000;

export function elasticsearchClient(config: ElasticsearchConfig): Client {
  return new Client({ node: config.url, auth: config.auth, requestTimeout: REQUEST_TIMEOUT_MS, maxRetries: 0 });
}

const globalForEs = globalThis as typeof globalThis & { finGroundEs?: { url: string; client: Client } };

function sharedClient(config: ElasticsearchConfig): Client {
  if (globalForEs.finGroundEs?.url !== config.url) globalForEs.finGroundEs = { url: config.url, client: elasticsearchClient(config) };
  return globalForEs.finGroundEs.client;
}

export interface RoutedSearch {
  search(query: NewsQuery): Promise<{ engine: "postgres" | "elasticsearch"; hits: NewsHit[] }>;
}

export function searchEngineFor(prisma: PrismaClient, config: NewsConfig, client?: Client): RoutedSearch {
  const postgres = postgresSearchEngine(prisma);
  const es = config.backend === "elasticsearch" && config.elasticsearch ? { config: config.elasticsearch, client: client ?? sharedClient(config.elasticsearch) } : null;
  return {
    async search(query) {
      if (es) {
        try {
          return { engine: "elasticsearch", hits: await elasticsearchSearchEngine(es.client, es.config.index).search(query) };
        } catch (error) {
          console.warn(`[news] Elasticsearch at ${es.config.url} failed (${(error as Error).message}); searching PostgreSQL instead`);
        }
      }
      return { engine: "postgres", hits: await postgres.search(query) };
    },
  };
}
