// The Elasticsearch engine against @elastic/elasticsearch-mock (no cluster runs here): the request
// bodies it sends (kNN with filters and num_candidates, BM25 in a filtered bool, the newest-item
// aggregation for "most recent"), how it fuses the two answers, bulk indexing, and the fallback to
// PostgreSQL when the cluster is down.
import { Client } from "@elastic/elasticsearch";
import { readConfig } from "@/lib/core/config";
import Mock from "@elastic/elasticsearch-mock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prepareSchema } from "@/lib/ingest/prepare";
import { testBackends, type TestDatabase } from "@/test/db";
import { silentProgress } from "@/lib/core/progress";
import { runIngest } from "@/lib/ingest/run";
import { mkdtempSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_RANKING, newsConfigFromEnv } from "@/lib/documents/config";
import { EMBEDDING_DIMENSIONS, type Embedder } from "@/lib/documents/embeddings";
import { UNIQUE_TEST_ARTICLES, writeTestArticles } from "@/test/news-articles";
import type { NewsQuery } from "@/lib/documents/news/types";
import {
  elasticsearchNewsEngine,
  indexNewsInElasticsearch,
  NEWS_INDEX_MAPPINGS,
  newsSearchFor,
} from "@/lib/documents/news/elasticsearch";

const INDEX = "finground-news";
const embedding = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => (i === 0 ? 1 : 0));

function mockedClient(mock: Mock): Client {
  return new Client({ node: "http://es.invalid:9200", Connection: mock.getConnection() });
}

const doc = (title: string, published: string) => ({
  kind: "article",
  source: "news.example",
  url: `https://news.example/${title}`,
  title,
  body: `${title} body`,
  published_at: published,
  tickers: ["AAPL"],
  sectors: ["Information Technology"],
  embedding_model: "use-lite-512",
});

function query(over: Partial<NewsQuery> = {}): NewsQuery {
  return {
    text: "iPhone sales",
    embedding,
    filters: { tickers: ["AAPL"], sectors: [], from: "2024-01-01", to: "2024-01-31" },
    ranking: DEFAULT_RANKING,
    ...over,
  };
}

describe("Elasticsearch engine (mocked cluster)", () => {
  it("sends kNN with filters and num_candidates and a filtered BM25 query, and fuses them like PostgreSQL", async () => {
    const mock = new Mock();
    const bodies: Record<string, unknown>[] = [];
    mock.add({ method: "POST", path: `/${INDEX}/_search` }, (params) => {
      const body = params.body as Record<string, unknown>;
      bodies.push(body);
      if ("knn" in body) {
        // Cosine 0.9 → _score 0.95; cosine 0.1 (under the 0.2 threshold) → 0.55.
        return {
          hits: {
            hits: [
              { _id: "1", _score: 0.95, _source: doc("a", "2024-01-08T14:00:00.000Z") },
              { _id: "3", _score: 0.55, _source: doc("c", "2024-01-09T14:00:00.000Z") },
            ],
          },
        };
      }
      return {
        hits: {
          hits: [
            { _id: "2", _score: 8, _source: doc("b", "2024-01-10T14:00:00.000Z") },
            { _id: "1", _score: 4, _source: doc("a", "2024-01-08T14:00:00.000Z") },
          ],
        },
      };
    });
    const hits = await elasticsearchNewsEngine(mockedClient(mock), INDEX).search(query());

    const knn = bodies.find((b) => "knn" in b)!.knn as Record<string, unknown>;
    const filter = [
      { terms: { tickers: ["AAPL"] } },
      { range: { published_at: { gte: "2024-01-01", lte: "2024-01-31T23:59:59.999Z" } } },
    ];
    expect(knn).toEqual({ field: "embedding", query_vector: embedding, k: 80, num_candidates: 800, filter });
    const bm25 = bodies.find((b) => "query" in b)!.query;
    expect(bm25).toEqual({
      bool: { filter, must: [{ multi_match: { query: "iPhone sales", fields: ["title^2", "body"], operator: "or" } }] },
    });

    expect(hits.map((h) => h.id)).toEqual(["1", "2"]);
    expect(hits[0]!.similarity).toBeCloseTo(0.9, 10);
    expect(hits[0]!.keywordScore).toBeCloseTo(0.5, 10);
    expect(hits[0]!.score).toBeCloseTo(0.7 * 0.9 + 0.3 * 0.5, 10);
    expect(hits[1]).toMatchObject({
      similarity: null,
      keywordScore: 1,
      url: "https://news.example/b",
      snippet: "b body",
    });
    expect(hits[1]!.score).toBeCloseTo(0.3, 10);
  });

  it("without dates, asks for the newest matching item first and searches the 90 days before it", async () => {
    const mock = new Mock();
    const bodies: Record<string, unknown>[] = [];
    mock.add({ method: "POST", path: `/${INDEX}/_search` }, (params) => {
      const body = params.body as Record<string, unknown>;
      bodies.push(body);
      if ("aggs" in body)
        return { hits: { hits: [] }, aggregations: { newest: { value: Date.parse("2024-04-01T00:00:00Z") } } };
      return { hits: { hits: [] } };
    });
    await elasticsearchNewsEngine(mockedClient(mock), INDEX).search(
      query({ filters: { tickers: ["AAPL"], sectors: ["Energy"], from: null, to: null } }),
    );
    expect(bodies[0]).toMatchObject({ size: 0, aggs: { newest: { max: { field: "published_at" } } } });
    const knn = bodies.find((b) => "knn" in b)!.knn as { filter: unknown };
    expect(knn.filter).toEqual([
      {
        bool: {
          should: [{ terms: { tickers: ["AAPL"] } }, { terms: { sectors: ["Energy"] } }],
          minimum_should_match: 1,
        },
      },
      { range: { published_at: { gte: "2024-01-02T00:00:00.000Z" } } },
    ]);
  });
});

const fixedEmbedder: Embedder = { model: "fixed", embed: async (texts) => texts.map(() => embedding) };

describe.each(testBackends())("bulk indexing from $name into a mocked cluster, and the fallback to it", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await runIngest(test.db, "news", [writeTestArticles(mkdtempSync(path.join(tmpdir(), "fg-es-")))], silentProgress, {
      embedder: fixedEmbedder,
    });
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("creates the index with its mapping and sends every article with its vector in bulk", async () => {
    const mock = new Mock();
    let created: unknown;
    const operations: unknown[] = [];
    mock.add({ method: "PUT", path: `/${INDEX}` }, (params) => {
      created = params.body;
      return { acknowledged: true };
    });
    mock.add({ method: "POST", path: "/_bulk" }, (params) => {
      operations.push(...(params.body as unknown[]));
      return { errors: false, items: [] };
    });
    mock.add({ method: ["GET", "POST"], path: `/${INDEX}/_refresh` }, () => ({
      _shards: { total: 1, successful: 1, failed: 0 },
    }));
    const indexed = await indexNewsInElasticsearch(test.db.prisma, mockedClient(mock), INDEX, silentProgress);
    expect(indexed).toBe(UNIQUE_TEST_ARTICLES);
    expect(created).toEqual({ mappings: NEWS_INDEX_MAPPINGS });
    expect(operations).toHaveLength(2 * UNIQUE_TEST_ARTICLES);
    expect(operations[0]).toEqual({ index: { _index: INDEX, _id: "1" } });
    expect(operations[1]).toMatchObject({
      url: "https://news.example/a1",
      tickers: ["AAPL"],
      embedding_model: "fixed",
    });
    expect((operations[1] as { embedding: number[] }).embedding).toEqual(embedding);
  });

  it("falls back to PostgreSQL with a warning when the cluster is down", async () => {
    // A real client against a port nothing listens on: the connection is refused, as with a stopped cluster.
    const config = newsConfigFromEnv(
      readConfig({ SEARCH_BACKEND: "elasticsearch", ELASTICSEARCH_URL: "http://127.0.0.1:1" }),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const result = await newsSearchFor(
      test.db.prisma,
      config,
    )(query({ ranking: { ...DEFAULT_RANKING, threshold: -1 } }));
    expect(result.engine).toBe("postgres");
    expect(result.hits.map((h) => h.url).sort()).toEqual(["https://news.example/a1", "https://news.example/a2"]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /Elasticsearch at http:\/\/127\.0\.0\.1:1 failed .*ECONNREFUSED.*searching PostgreSQL instead/,
      ),
    );
    warn.mockRestore();
  });

  it("gives up on a hanging cluster within a second, then skips it at once while the breaker is open", async () => {
    // Accepts connections and never answers, like a cluster stuck in a long GC pause.
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const config = newsConfigFromEnv(
      readConfig({ SEARCH_BACKEND: "elasticsearch", ELASTICSEARCH_URL: `http://127.0.0.1:${port}` }),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const started = Date.now();
      const first = await newsSearchFor(
        test.db.prisma,
        config,
      )(query({ ranking: { ...DEFAULT_RANKING, threshold: -1 } }));
      expect(first.engine).toBe("postgres");
      expect(first.hits).toHaveLength(2);
      // The old 3 s timeout made this ~3.5 s; the search timeout is 0.8 s (loose bound: shared machine).
      expect(Date.now() - started).toBeLessThan(2500);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/timed out.*searching PostgreSQL instead, for the next 30 s/),
      );
      const connections = sockets.length;
      expect(connections).toBeGreaterThan(0);

      const second = await newsSearchFor(
        test.db.prisma,
        config,
      )(query({ ranking: { ...DEFAULT_RANKING, threshold: -1 } }));
      expect(second.engine).toBe("postgres");
      expect(second.hits).toHaveLength(2);
      // The breaker is open: the hanging cluster was not even contacted.
      expect(sockets).toHaveLength(connections);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
