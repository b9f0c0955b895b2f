// Against a live Elasticsearch cluster, only when ELASTICSEARCH_URL is set (none runs on these
// machines): the real mapping, bulk indexing, filtered kNN + BM25 and fusion end to end.
import { mkdtempSync } from "node:fs";
import { readConfig } from "@/lib/core/config";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareSchema } from "@/lib/ingest/prepare";
import { openDatabase, type Database } from "@/lib/db/client";
import { silentProgress } from "@/lib/core/progress";
import { runIngest } from "@/lib/ingest/run";
import { DEFAULT_RANKING, newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { UNIQUE_TEST_ARTICLES, writeTestArticles } from "@/test/news-articles";
import { elasticsearchNewsEngine, indexNewsInElasticsearch } from "@/lib/documents/news/elasticsearch";
import { elasticsearchClient } from "@/lib/documents/search/engine-from-config";

const url = process.env.ELASTICSEARCH_URL?.trim();

describe.skipIf(!url)("Elasticsearch engine on the live cluster at ELASTICSEARCH_URL", () => {
  const index = `finground-news-test-${Date.now()}`;
  const embedder = useLiteEmbedder();
  let db: Database;
  const config = () =>
    newsConfigFromEnv(readConfig({ ...process.env, SEARCH_BACKEND: "elasticsearch" })).elasticsearch!;
  beforeAll(async () => {
    db = await openDatabase({ kind: "pglite", dataDir: null });
    await prepareSchema(db);
    await runIngest(db, "news", [writeTestArticles(mkdtempSync(path.join(tmpdir(), "fg-es-live-")))], silentProgress, {
      embedder,
    });
  }, 120_000);
  afterAll(async () => {
    await elasticsearchClient(config()).indices.delete({ index }, { ignore: [404] });
    await db?.close();
  });

  it("indexes every article and finds them with filters, vectors and BM25", async () => {
    const client = elasticsearchClient(config());
    expect(await indexNewsInElasticsearch(db.prisma, client, index, silentProgress)).toBe(UNIQUE_TEST_ARTICLES);
    const engine = elasticsearchNewsEngine(client, index);
    const [embedding] = await embedder.embed(["smartphone demand weakens in Chinese market"]);
    const vector = await engine.search({
      text: "smartphone demand",
      embedding: embedding!,
      filters: { tickers: ["AAPL"], sectors: [], from: "2024-01-01", to: "2024-01-31" },
      ranking: { ...DEFAULT_RANKING, mode: "vector" },
    });
    expect(vector[0]!.url).toBe("https://news.example/a1");
    expect(vector.every((h) => h.tickers.includes("AAPL"))).toBe(true);
    const keyword = await engine.search({
      text: "Masimo",
      embedding: embedding!,
      filters: { tickers: [], sectors: [], from: "2023-01-01", to: "2024-12-31" },
      ranking: { ...DEFAULT_RANKING, mode: "keyword" },
    });
    expect(keyword.map((h) => h.url)).toEqual(["https://news.example/a3"]);
  }, 120_000);
});
