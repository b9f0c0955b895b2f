// Transcript chunks on Elasticsearch, against fakes of the cluster (no cluster runs here): the mapping
// and bulk indexing of stored chunks with unit vectors, the per-company × quarter kNN and BM25 bodies
// with the filters in both, fusion as on PostgreSQL with Q&A counterparts from the database, and the
// configured engine: SEARCH_BACKEND=elasticsearch answered by an HTTP fake of the cluster, PostgreSQL
// when the cluster is down, with one breaker per index (news keeps trying its own).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@elastic/elasticsearch";
import Mock from "@elastic/elasticsearch-mock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readConfig } from "@/lib/core/config";
import { silentProgress } from "@/lib/core/progress";
import { DEFAULT_RANKING, newsConfigFromEnv } from "@/lib/documents/config";
import { EMBEDDING_DIMENSIONS } from "@/lib/documents/embeddings";
import { newsSearchFor } from "@/lib/documents/news/elasticsearch";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { type TestDatabase, testBackends } from "@/test/db";
import {
  indexTranscriptChunksInElasticsearch,
  searchTranscriptChunksInElasticsearch,
  TRANSCRIPT_CHUNK_INDEX_MAPPINGS,
  transcriptSearchFor,
} from "./elasticsearch";
import { type TranscriptQuery, transcriptFiltersSchema } from "./search";
import { embedPendingTranscriptChunks } from "./store";

const INDEX = "finground-news-transcript-chunks";
const embedding = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => (i === 0 ? 1 : 0));
const mockedClient = (mock: Mock) => new Client({ node: "http://es.invalid:9200", Connection: mock.getConnection() });

// A call written for the test (never text from the data folder).
const KO_FULL = {
  id: "KO_q3_2021",
  ticker: "KO",
  fiscal_quarter: 3,
  fiscal_year: 2021,
  prepared_remarks: [
    { speaker: "Operator", speech: "Welcome to the third quarter call." },
    { speaker: "Jane Chief", speech: "We are raising full-year guidance for earnings per share." },
  ],
  q_and_a: [
    { speaker: "Sam Asker", speech: "What is the commodity inflation outlook for next year?" },
    { speaker: "Jane Chief", speech: "We expect commodity costs to rise next year." },
  ],
  participants: ["Jane Chief--Chairman and Chief Executive Officer", "Sam Asker--Big Bank -- Analyst"],
};

type IndexedChunk = Record<string, unknown> & { ordinal: number; embedding?: number[] };

describe.each(testBackends())("transcript chunks from $name on Elasticsearch (fake clusters)", (backend) => {
  let test: TestDatabase;
  let dir: string;
  /** What bulk indexing sent, by chunk id: the documents the fake clusters answer with. */
  const indexed = new Map<string, IndexedChunk>();
  const query = (over: Partial<TranscriptQuery> = {}): TranscriptQuery => ({
    text: "commodity inflation outlook",
    embedding,
    filters: transcriptFiltersSchema.parse({ tickers: ["KO"], quarters: [{ fiscalYear: 2021, fiscalQuarter: 3 }] }),
    ranking: { ...DEFAULT_RANKING, k: 15 },
    ...over,
  });
  const hit = (id: string, score: number) => {
    const { embedding: _vector, ...source } = indexed.get(id)!;
    return { _id: id, _score: score, _source: source };
  };
  const idOf = (ordinal: number) => [...indexed].find(([, doc]) => doc.ordinal === ordinal)![0];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "transcripts-es-"));
    test = await backend.open();
    await prepareSchema(test.db);
    const file = path.join(dir, "full.jsonl");
    writeFileSync(file, JSON.stringify(KO_FULL));
    await runIngest(test.db, "transcripts", [file], silentProgress, { embedder: null });
    // Scaled, as a real vector would be stored: the index must get it back at unit length.
    await embedPendingTranscriptChunks(
      test.db.prisma,
      { model: "fixed", embed: async (t) => t.map(() => embedding.map((x) => x * 3)) },
      silentProgress,
    );
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates the index with its mapping and sends every chunk with its call fields and unit vector", async () => {
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
    expect(await indexTranscriptChunksInElasticsearch(test.db.prisma, mockedClient(mock), INDEX, silentProgress)).toBe(
      4,
    );
    expect(created).toEqual({ mappings: TRANSCRIPT_CHUNK_INDEX_MAPPINGS });
    for (let i = 0; i < operations.length; i += 2) {
      const { index } = operations[i] as { index: { _index: string; _id: string } };
      expect(index._index).toBe(INDEX);
      indexed.set(index._id, operations[i + 1] as IndexedChunk);
    }
    expect([...indexed.values()].map((d) => [d.ordinal, d.section, d.role, d.exchange_part])).toEqual([
      [0, "prepared_remarks", "operator", null],
      [1, "prepared_remarks", "executive", null],
      [2, "qa", "analyst", "question"],
      [3, "qa", "executive", "answer"],
    ]);
    const question = indexed.get(idOf(2))!;
    expect(question).toMatchObject({
      call_id: "KO_q3_2021",
      ticker: "KO",
      company_name: "The Coca-Cola Company",
      fiscal_year: 2021,
      fiscal_quarter: 3,
      speaker: "Sam Asker",
      speaker_title: "Big Bank -- Analyst",
      embedding_model: "fixed",
    });
    expect(question.embedding![0]).toBeCloseTo(1, 6);
    expect(question.embedding!.slice(1).every((x) => x === 0)).toBe(true);
  });

  it("searches each company × quarter with the filters in both searches, fuses like PostgreSQL, pairs Q&A", async () => {
    const mock = new Mock();
    const bodies: Record<string, unknown>[] = [];
    mock.add({ method: "POST", path: `/${INDEX}/_search` }, (params) => {
      const body = params.body as Record<string, unknown>;
      bodies.push(body);
      if ("knn" in body) return { hits: { hits: [hit(idOf(2), 0.95)] } };
      return { hits: { hits: [hit(idOf(3), 6), hit(idOf(2), 3)] } };
    });
    const quarters = [
      { fiscalYear: 2021, fiscalQuarter: 3 },
      { fiscalYear: 2021, fiscalQuarter: 2 },
    ];
    const hits = await searchTranscriptChunksInElasticsearch(
      test.db.prisma,
      mockedClient(mock),
      INDEX,
      query({ filters: transcriptFiltersSchema.parse({ tickers: ["KO"], quarters, sections: ["qa"] }) }),
    );
    const filterOf = (quarter: number) => [
      { term: { ticker: "KO" } },
      { term: { fiscal_year: 2021 } },
      { term: { fiscal_quarter: quarter } },
      { terms: { section: ["qa"] } },
      { bool: { must_not: [{ term: { role: "operator" } }] } },
    ];
    const knn = bodies.filter((b) => "knn" in b).map((b) => (b.knn as { filter: unknown }).filter);
    expect(knn).toEqual([filterOf(3), filterOf(2)]);
    expect(bodies.filter((b) => "query" in b).map((b) => b.query)).toEqual(
      [3, 2].map((q) => ({
        bool: {
          filter: filterOf(q),
          must: [
            { multi_match: { query: "commodity inflation outlook", fields: ["header^2", "text"], operator: "or" } },
          ],
        },
      })),
    );
    // Each quarter keeps its own list: the mock answers both alike, so the two groups repeat.
    expect(hits.map((h) => h.ordinal)).toEqual([2, 3, 2, 3]);
    expect(hits[0]!.score).toBeCloseTo(0.7 * 0.9 + 0.3 * 0.5, 10);
    expect(hits[0]).toMatchObject({
      chunkId: idOf(2),
      callId: "KO_q3_2021",
      speaker: "Sam Asker",
      exchangePart: "question",
      ranking: "hybrid",
      counterpart: { speaker: "Jane Chief", role: "executive", text: expect.stringContaining("commodity costs") },
    });
    expect(hits[1]).toMatchObject({ similarity: null, keywordScore: 1, counterpart: { speaker: "Sam Asker" } });
  });

  it("serves SEARCH_BACKEND=elasticsearch from the cluster's transcript index", async () => {
    // An HTTP fake of the cluster: answers searches of the transcript index as the mock above.
    const paths: string[] = [];
    const server = createServer(async (request: IncomingMessage, response) => {
      let raw = "";
      for await (const chunk of request) raw += chunk;
      paths.push(`${request.method} ${request.url}`);
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      response.writeHead(200, { "content-type": "application/json", "x-elastic-product": "Elasticsearch" });
      const hits = "knn" in body ? [hit(idOf(2), 0.95)] : [hit(idOf(3), 6)];
      response.end(JSON.stringify({ took: 1, timed_out: false, hits: { total: { value: 1, relation: "eq" }, hits } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const config = newsConfigFromEnv(
        readConfig({ SEARCH_BACKEND: "elasticsearch", ELASTICSEARCH_URL: `http://127.0.0.1:${port}` }),
      );
      const found = await transcriptSearchFor(test.db.prisma, config)(query());
      expect(found.engine).toBe("elasticsearch");
      expect(paths).toEqual([`POST /${INDEX}/_search`, `POST /${INDEX}/_search`]);
      expect(found.hits.map((h) => [h.ordinal, h.counterpart?.speaker])).toEqual([
        [2, "Jane Chief"],
        [3, "Sam Asker"],
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("falls back to PostgreSQL when the cluster is down, the breaker open for transcripts only", async () => {
    // A port nothing listens on: the connection is refused, as with a stopped cluster.
    const config = newsConfigFromEnv(
      readConfig({ SEARCH_BACKEND: "elasticsearch", ELASTICSEARCH_URL: "http://127.0.0.1:1" }),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const first = await transcriptSearchFor(test.db.prisma, config)(query());
      expect(first.engine).toBe("postgres");
      expect(first.hits.map((h) => h.ordinal).sort()).toEqual([1, 2, 3]);
      expect(first.hits.find((h) => h.ordinal === 2)!.counterpart).toMatchObject({ speaker: "Jane Chief" });
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(
          /^\[transcript chunks\] Elasticsearch at http:\/\/127\.0\.0\.1:1 failed .*ECONNREFUSED.*searching PostgreSQL instead/,
        ),
      );
      // Open now: the next transcript search skips the cluster without a second warning.
      expect((await transcriptSearchFor(test.db.prisma, config)(query())).engine).toBe("postgres");
      expect(warn).toHaveBeenCalledTimes(1);
      // News has its own breaker: it still tries the cluster (and warns for itself).
      await newsSearchFor(
        test.db.prisma,
        config,
      )({
        text: "guidance",
        embedding,
        filters: { tickers: ["KO"], sectors: [], from: "2021-01-01", to: "2021-12-31" },
        ranking: DEFAULT_RANKING,
      });
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[1]![0]).toMatch(/^\[news\] Elasticsearch/);
    } finally {
      warn.mockRestore();
    }
  });
});
