// The filing-chunk index against @elastic/elasticsearch-mock (no cluster runs here): the kNN and BM25
// bodies it sends with the filters in both, the fusion (the same as news and PostgreSQL), and bulk
// indexing of stored chunks with their vectors (unit length again) from a real database.
import { Client } from "@elastic/elasticsearch";
import Mock from "@elastic/elasticsearch-mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import {
  FILING_CHUNK_INDEX_MAPPINGS,
  indexFilingChunksInElasticsearch,
  searchFilingChunksInElasticsearch,
} from "@/lib/documents/filings/elasticsearch";
import { embedPendingFilingChunks, insertFiling } from "@/lib/documents/filings/store";
import { filingFiltersSchema } from "@/lib/documents/filings/types";
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

describe.each(testBackends())("bulk indexing filing chunks from $name into a mocked cluster", (backend) => {
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
});
