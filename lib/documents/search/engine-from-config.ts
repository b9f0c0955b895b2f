// The configured engine of each indexed kind (news, filing chunks, transcript chunks): PostgreSQL by default;
// Elasticsearch when SEARCH_BACKEND=elasticsearch, falling back to PostgreSQL with a logged warning
// whenever Elasticsearch fails (down, unreachable, hanging, index missing), so an answer never loses its
// documents to an outage. After a failure a circuit breaker (one per index) sends every search of that
// kind straight to PostgreSQL for a while, so an outage costs one timeout, not one per answer.
import { Client } from "@elastic/elasticsearch";
import { processSlot } from "@/lib/core/process-wide";
import type { ElasticsearchConfig, NewsConfig } from "@/lib/documents/config";
import { CircuitBreaker } from "@/lib/core/circuit-breaker";

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
  /** One breaker per index: a kind not indexed yet (its index missing) spares the others. */
  breakers: Map<string, CircuitBreaker>;
}

const cluster = processSlot<SharedCluster>("elasticsearch");

/** One client and one breaker per index for the whole process: an outage seen by one answer spares the next. */
function sharedCluster(config: ElasticsearchConfig): SharedCluster {
  if (cluster.value?.url !== config.url) {
    cluster.value = {
      url: config.url,
      client: elasticsearchClient(config, SEARCH_TIMEOUT_MS),
      breakers: new Map(),
    };
  }
  return cluster.value;
}

/** The document kinds with an Elasticsearch index. */
type IndexedKind = "news" | "filing chunks" | "transcript chunks";

/** A kind's index: news in ELASTICSEARCH_INDEX itself, chunk kinds beside it ("<index>-filing-chunks"). */
export function elasticsearchIndexOf(config: ElasticsearchConfig, kind: IndexedKind): string {
  return kind === "news" ? config.index : `${config.index}-${kind.replace(" ", "-")}`;
}

export type EngineName = "postgres" | "elasticsearch";

/** A kind's search on the configured engine: its Elasticsearch index when SEARCH_BACKEND=elasticsearch,
 * PostgreSQL whenever that fails (with a logged warning) and while the index's breaker is open. */
export function routedSearch<Q, H>(
  config: NewsConfig,
  kind: IndexedKind,
  engines: {
    elasticsearch: (client: Client, index: string, query: Q) => Promise<H>;
    postgres: (query: Q) => Promise<H>;
  },
): (query: Q) => Promise<{ engine: EngineName; hits: H }> {
  const es =
    config.backend === "elasticsearch" && config.elasticsearch
      ? { ...sharedCluster(config.elasticsearch), index: elasticsearchIndexOf(config.elasticsearch, kind) }
      : null;
  const breaker = es ? (es.breakers.get(es.index) ?? new CircuitBreaker(OUTAGE_COOL_DOWN_MS)) : null;
  if (es && breaker) es.breakers.set(es.index, breaker);
  return async (query) => {
    if (es && breaker?.allows()) {
      try {
        const hits = await engines.elasticsearch(es.client, es.index, query);
        breaker.succeeded();
        return { engine: "elasticsearch", hits };
      } catch (error) {
        breaker.failed();
        const seconds = breaker.coolDownMs / 1000;
        console.warn(
          `[${kind}] Elasticsearch at ${es.url} failed (${(error as Error).message}); searching PostgreSQL instead, for the next ${seconds} s`,
        );
      }
    }
    return { engine: "postgres", hits: await engines.postgres(query) };
  };
}
