// The filing-chunk index against @elastic/elasticsearch-mock (no cluster runs here): the kNN and BM25
// bodies it sends with the filters in both, the fusion (the same as news and PostgreSQL), and bulk
// indexing of stored chunks with their vectors (unit length again) from a real database. Then the
// configured engine (SEARCH_BACKEND=elasticsearch) against a fake cluster over HTTP: filing chunks come
// from the index, and from PostgreSQL when the index fails, without sending news away from the cluster.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { Client } from "@elastic/elasticsearch";
import Mock from "@elastic/elasticsearch-mock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "@/lib/core/config";
import { silentProgress } from "@/lib/core/progress";
import { DEFAULT_RANKING, newsConfigFromEnv } from "@/lib/documents/config";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import {
  FILING_CHUNK_INDEX_MAPPINGS,
  indexFilingChunksInElasticsearch,
  searchFilingChunksInElasticsearch,
} from "@/lib/documents/filings/elasticsearch";
import { embedPendingFilingChunks, insertFiling } from "@/lib/documents/filings/store";
import { filingFiltersSchema } from "@/lib/documents/filings/types";
import { filingSearchFor } from "@/lib/documents/filings/elasticsearch";
import { newsSearchFor } from "@/lib/documents/news/elasticsearch";
import { prepareSchema } from "@/lib/ingest/prepare";
import { testBackends, type TestDatabase } from "@/test/db";

const INDEX = "finground-filing-chunks";
const embedding = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => (i === 0 ? 1 : 0));
const mockedClient = (mock: Mock) => new Client({ node: "http://es.invalid:9200", Connection: mock.getConnection() });

const doc = (text: string) => ({
  filing_id: "7",
  ticker: "MMM",
  company_name: "3M Company",
  form: "10-K",
  fiscal_year: 2022,
  fiscal_period: "FY",
  period_end: "2022-12-31",
  filed_date: null,
  section_code: "1A",
  section_title: "Item 1A. Risk Factors",
  page_index: 4,
  char_start: 10,
  char_end: 90,
  text,
  header: "3M Company 10-K FY2022 — Item 1A. Risk Factors",
  is_table: false,
  is_financial_statement: false,
  source_url: null,
  embedding_model: "fixed",
});

describe("filing chunks on Elasticsearch (mocked cluster)", () => {
  it("filters both searches, and fuses like PostgreSQL", async () => {
    const mock = new Mock();
    const bodies: Record<string, unknown>[] = [];
    mock.add({ method: "POST", path: `/${INDEX}/_search` }, (params) => {
      const body = params.body as Record<string, unknown>;
      bodies.push(body);
      if ("knn" in body) return { hits: { hits: [{ _id: "1", _score: 0.95, _source: doc("earplug litigation") }] } };
      return {
        hits: {
          hits: [
            { _id: "2", _score: 6, _source: doc("PFAS lawsuits") },
            { _id: "1", _score: 3, _source: doc("earplug litigation") },
          ],
        },
      };
    });
    const hits = await searchFilingChunksInElasticsearch(mockedClient(mock), INDEX, {
      text: "litigation",
      embedding,
      filters: filingFiltersSchema.parse({ tickers: ["MMM"], sections: ["1A"], periodEndFrom: "2022-01-01" }),
      ranking: DEFAULT_RANKING,
    });
    const filter = [
      { terms: { ticker: ["MMM"] } },
      { terms: { section_code: ["1A"] } },
      { range: { period_end: { gte: "2022-01-01" } } },
    ];
    expect((bodies.find((b) => "knn" in b)!.knn as { filter: unknown }).filter).toEqual(filter);
    expect(bodies.find((b) => "query" in b)!.query).toEqual({
      bool: { filter, must: [{ multi_match: { query: "litigation", fields: ["header^2", "text"], operator: "or" } }] },
    });
    expect(hits.map((h) => h.chunkId)).toEqual(["1", "2"]);
    expect(hits[0]!.score).toBeCloseTo(0.7 * 0.9 + 0.3 * 0.5, 10);
    expect(hits[0]).toMatchObject({ ranking: "hybrid", page: 5, pageIndex: 4, ticker: "MMM", filingId: "7" });
    expect(hits[1]).toMatchObject({ ranking: "keyword", similarity: null, keywordScore: 1 });
  });

  it("searches by keyword alone when the question has no vector", async () => {
    const mock = new Mock();
    const bodies: Record<string, unknown>[] = [];
    mock.add({ method: "POST", path: `/${INDEX}/_search` }, (params) => {
      bodies.push(params.body as Record<string, unknown>);
      return { hits: { hits: [] } };
    });
    await searchFilingChunksInElasticsearch(mockedClient(mock), INDEX, {
      text: "litigation",
      embedding: null,
      filters: filingFiltersSchema.parse({}),
      ranking: DEFAULT_RANKING,
    });
    expect(bodies.map((b) => "knn" in b)).toEqual([false]);
  });
});

/** A fake cluster over HTTP: each search is answered by `answer` for its index (null: index missing). */
async function fakeCluster(
  answer: (index: string) => unknown | null,
): Promise<{ url: string; searched: string[]; server: Server }> {
  const searched: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on("end", () => {
      const index = /^\/([^/]+)\/_search/.exec(request.url ?? "")?.[1] ?? "";
      searched.push(index);
      const body = answer(index);
      response.writeHead(body === null ? 404 : 200, {
        "content-type": "application/json",
        "x-elastic-product": "Elasticsearch",
      });
      response.end(
        JSON.stringify(
          body ?? { error: { type: "index_not_found_exception", reason: `no such index [${index}]` }, status: 404 },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, searched, server };
}

const elasticsearchConfig = (url: string) =>
  newsConfigFromEnv(readConfig({ SEARCH_BACKEND: "elasticsearch", ELASTICSEARCH_URL: url }));

const litigationQuery = {
  text: "litigation",
  embedding: null,
  filters: filingFiltersSchema.parse({ tickers: ["MMM"] }),
  ranking: DEFAULT_RANKING,
};

describe.each(testBackends())("filing chunks from $name and a cluster", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    await insertFiling(
      test.db.prisma,
      {
        ticker: "MMM",
        companyName: "3M Company",
        form: "10-K",
        fiscalYear: 2022,
        fiscalPeriod: "FY",
        periodEnd: "2022-12-31",
        filedDate: null,
        sourceUrl: null,
        sourceKey: "3M_2022_10K",
        source: "financebench",
        pages: ["p"],
        pageCount: 1,
        sectionsFound: ["1A"],
        chunking: 1,
        chunks: [
          {
            sectionCode: "1A",
            sectionTitle: "Item 1A. Risk Factors",
            pageIndex: 0,
            charStart: 0,
            charEnd: 1,
            isTable: false,
            isFinancialStatement: false,
            text: "earplug litigation",
            header: "3M Company 10-K FY2022 — Item 1A. Risk Factors",
            summary: null,
          },
        ],
      },
      null,
    );
    await embedPendingFilingChunks(
      test.db.prisma,
      { model: "fixed", embed: async (t) => t.map(() => embedding) },
      silentProgress,
    );
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("creates the index with its mapping and sends each chunk with its unit vector", async () => {
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
    expect(await indexFilingChunksInElasticsearch(test.db.prisma, mockedClient(mock), INDEX, silentProgress)).toBe(1);
    expect(created).toEqual({ mappings: FILING_CHUNK_INDEX_MAPPINGS });
    expect(operations[1]).toMatchObject({
      ticker: "MMM",
      section_code: "1A",
      period_end: "2022-12-31",
      embedding_model: "fixed",
    });
    const vector = (operations[1] as { embedding: number[] }).embedding;
    expect(vector[0]).toBeCloseTo(1, 6);
    expect(vector.slice(1).every((x) => x === 0)).toBe(true);
  });

  it("serves filing chunks from the filing index when SEARCH_BACKEND=elasticsearch", async () => {
    const cluster = await fakeCluster((index) =>
      index === "finground-news-filing-chunks"
        ? { hits: { hits: [{ _id: "41", _score: 4, _source: doc("PFAS exit costs, from the index") }] } }
        : null,
    );
    try {
      const found = await filingSearchFor(test.db.prisma, elasticsearchConfig(cluster.url))(litigationQuery);
      expect(found.engine).toBe("elasticsearch");
      expect(found.hits.map((h) => [h.chunkId, h.text])).toEqual([["41", "PFAS exit costs, from the index"]]);
      expect(cluster.searched).toEqual(["finground-news-filing-chunks"]);
    } finally {
      await new Promise((resolve) => cluster.server.close(resolve));
    }
  });

  it("falls back to PostgreSQL when the filing index fails, and leaves news on the cluster", async () => {
    const cluster = await fakeCluster((index) => (index === "finground-news" ? { hits: { hits: [] } } : null));
    const config = elasticsearchConfig(cluster.url);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const first = await filingSearchFor(test.db.prisma, config)(litigationQuery);
      expect(first.engine).toBe("postgres");
      expect(first.hits.map((h) => h.text)).toEqual(["earplug litigation"]);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(
          /^\[filing chunks\] Elasticsearch at .* failed .*index_not_found_exception.*searching PostgreSQL instead, for the next 30 s/,
        ),
      );
      // The filing index's breaker is open: the next filing search does not reach the cluster.
      const second = await filingSearchFor(test.db.prisma, config)(litigationQuery);
      expect(second.engine).toBe("postgres");
      expect(cluster.searched).toEqual(["finground-news-filing-chunks"]);
      // News has its own breaker: it still searches its index.
      const news = await newsSearchFor(
        test.db.prisma,
        config,
      )({
        text: "earplugs",
        embedding,
        filters: { tickers: ["MMM"], sectors: [], from: "2022-01-01", to: "2022-12-31" },
        ranking: { ...DEFAULT_RANKING, mode: "keyword" },
      });
      expect(news.engine).toBe("elasticsearch");
      expect(cluster.searched).toEqual(["finground-news-filing-chunks", "finground-news"]);
    } finally {
      warn.mockRestore();
      await new Promise((resolve) => cluster.server.close(resolve));
    }
  });
});
