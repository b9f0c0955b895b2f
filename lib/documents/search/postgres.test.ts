// The news store and the PostgreSQL engine on real databases (PGlite, and PostgreSQL when
// DATABASE_URL is set) with the real sentence encoder: duplicates, filters, the three ranking modes,
// the similarity threshold, "most recent" without dates, both search plans (exact and through the
// indexes), the filter tables kept by trigger and back-filled by their migration, and re-embedding
// after a model change.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/lib/db/migrate";
import { prepareSchema } from "@/lib/ingest/prepare";
import { upsertCompanies } from "@/lib/db/queries/companies";
import { testBackends, type TestDatabase } from "@/test/db";
import { silentProgress } from "@/lib/core/progress";
import { runIngest } from "@/lib/ingest/run";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { useLiteEmbedder, USE_LITE_MODEL_ID, vectorLiteral, type Embedder } from "@/lib/documents/embeddings";
import { embedPendingArticles, readNewsArticles, tidyNewsTablesAfter } from "@/lib/documents/news/store";
import { UNIQUE_TEST_ARTICLES, writeTestArticles } from "@/test/news-articles";
import type { NewsFilters } from "@/lib/documents/news/types";
import type { RankingOptions } from "@/lib/documents/search/engine";
import { postgresNewsEngine } from "@/lib/documents/news/search";
import { scaledIntegerArray } from "@/lib/documents/search/postgres";

const embedder = useLiteEmbedder();
const dir = mkdtempSync(path.join(tmpdir(), "fg-news-"));
const noFilters: NewsFilters = { tickers: [], sectors: [], from: null, to: null };
const allDates = { from: "2023-01-01", to: "2024-12-31" };

describe.each(testBackends())("news store and PostgreSQL search on $name", (backend) => {
  let test: TestDatabase;
  const search = async (
    text: string,
    filters: Partial<NewsFilters>,
    ranking: Partial<RankingOptions> = {},
    plan: { exactScanLimit?: number } = {},
  ) => {
    const [embedding] = await embedder.embed([text]);
    return postgresNewsEngine(test.db.prisma, plan).search({
      text,
      embedding: embedding!,
      filters: { ...noFilters, ...filters },
      ranking: { ...DEFAULT_RANKING, ...ranking },
    });
  };

  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
    const company = (ticker: string, name: string, sector: string) => ({
      ticker,
      cik: null,
      name,
      sector,
      industry: null,
      exchange: null,
      currency: "USD",
      fiscalYearEndMonth: 12,
      aliases: [],
    });
    await upsertCompanies(test.db.prisma, [
      company("AAPL", "Apple Inc.", "Information Technology"),
      company("NVDA", "NVIDIA Corporation", "Information Technology"),
      company("XOM", "Exxon Mobil Corporation", "Energy"),
    ]);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("stores each story once (same URL or same content), tagged and embedded with its model", async () => {
    const summary = await runIngest(test.db, "news", [writeTestArticles(dir)], silentProgress, { embedder });
    expect(summary).toMatchObject({ read: 7, inserted: UNIQUE_TEST_ARTICLES, unchanged: 2, rejected: 0 });
    const again = await runIngest(test.db, "news", [writeTestArticles(dir)], silentProgress, { embedder });
    expect(again).toMatchObject({ inserted: 0, unchanged: 7 });
    const stored = await readNewsArticles(test.db.prisma);
    expect(stored).toHaveLength(UNIQUE_TEST_ARTICLES);
    expect(new Set(stored.map((a) => a.embeddingModel))).toEqual(new Set([USE_LITE_MODEL_ID]));
    const nvidia = stored.find((a) => a.url === "https://news.example/n1")!;
    expect(nvidia).toMatchObject({
      tickers: ["NVDA"],
      sectors: ["Information Technology"],
      source: "news.example",
      publishedAt: "2024-01-10T21:00:00.000Z",
    });
  }, 120_000);

  it("applies ticker, sector and date filters before ranking", async () => {
    const apple = await search("iPhone sales", { tickers: ["AAPL"], from: "2024-01-01", to: "2024-01-31" });
    expect(apple.map((h) => h.url).sort()).toEqual(["https://news.example/a1", "https://news.example/a2"]);
    const energy = await search("dividend", { sectors: ["Energy"] });
    expect(energy.map((h) => h.url)).toEqual(["https://news.example/x1"]);
    const tech = await search("chips", { sectors: ["Information Technology"], from: "2024-01-09", to: "2024-01-11" });
    expect(tech.map((h) => h.url)).toEqual(["https://news.example/n1"]);
  });

  it("ranks by meaning with vectors, by words with keywords, and fuses both", async () => {
    // No word in common with the article: only the vector side can find it first.
    const vector = await search("smartphone demand weakens in Chinese market", {}, { mode: "vector" });
    expect(vector[0]!.url).toBe("https://news.example/a1");
    expect(vector[0]!.keywordScore).toBe(0);
    const keyword = await search("Masimo", allDates, { mode: "keyword" });
    expect(keyword.map((h) => h.url)).toEqual(["https://news.example/a3"]);
    expect(keyword[0]!.keywordScore).toBe(1);
    const hybrid = await search("Masimo blood oxygen watch", allDates);
    expect(hybrid[0]!.url).toBe("https://news.example/a3");
    expect(hybrid[0]!.score).toBeCloseTo(0.7 * hybrid[0]!.similarity! + 0.3 * hybrid[0]!.keywordScore, 6);
  });

  it("drops vector-only results under the similarity threshold, and keeps k", async () => {
    const all = await search("quarterly results", allDates, { mode: "vector", threshold: -1 });
    expect(all).toHaveLength(UNIQUE_TEST_ARTICLES);
    const strict = await search("quarterly results", {}, { mode: "vector", threshold: 0.99 });
    expect(strict).toHaveLength(0);
    expect(await search("quarterly results", {}, { mode: "vector", threshold: -1, k: 2 })).toHaveLength(2);
  });

  it("without dates, searches the most recent items for the filters", async () => {
    const latest = await search("Apple", { tickers: ["AAPL"] }, { threshold: -1 });
    // The June 2023 article is more than 90 days older than the newest Apple item.
    expect(latest.map((h) => h.url).sort()).toEqual(["https://news.example/a1", "https://news.example/a2"]);
  });

  it.each([
    ["HNSW", 0],
    ["every filtered vector", 2],
  ])(
    "ranks the same through the indexes (vectors by %s, GIN) as by scoring every filtered article",
    async (_, limit) => {
      // A limit of 0 sends every search down the index plan with HNSW; 2 down the index plan with every
      // filtered vector scored (up to 4 × 2 articles). On these few articles both plans are exact.
      const cases: [string, Partial<NewsFilters>, Partial<RankingOptions>][] = [
        ["iPhone sales in China", { tickers: ["AAPL"], ...allDates }, {}],
        ["chips and dividends", { sectors: ["Information Technology", "Energy"] }, { threshold: -1 }],
        [
          "oil and chips",
          { tickers: ["XOM"], sectors: ["Information Technology"], from: "2024-01-09" },
          { threshold: -1 },
        ],
        ["Masimo", allDates, { mode: "keyword" }],
        ["smartphone demand weakens", {}, { mode: "vector", threshold: -1 }],
      ];
      for (const [text, filters, ranking] of cases) {
        const exact = await search(text, filters, ranking);
        expect(exact.length).toBeGreaterThan(0);
        const indexed = await search(text, filters, ranking, { exactScanLimit: limit });
        expect(indexed.map((h) => [h.url, h.score.toFixed(9)])).toEqual(exact.map((h) => [h.url, h.score.toFixed(9)]));
      }
    },
  );

  it("keeps a keyword match what the text search matches when a word becomes a phrase", async () => {
    // "blood-oxygen" is the phrase blood-oxygen <-> blood <-> oxygen, which "blood oxygen" does not
    // match though ts_rank scores it above 0: a plain-words question's rank-above-0 shortcut must not apply.
    expect(await search("blood-oxygen", allDates, { mode: "keyword" })).toEqual([]);
    expect((await search("blood oxygen", allDates, { mode: "keyword" })).map((h) => h.url)).toEqual([
      "https://news.example/a3",
    ]);
  });

  it("sends the query vector as scaled integers that pgvector reads as the same direction", async () => {
    const [vector] = await embedder.embed(["Apple iPhone sales slump in China"]);
    const scaled = scaledIntegerArray(vector!);
    expect(
      Math.max(
        ...scaled
          .slice(1, -1)
          .split(",")
          .map((x) => Math.abs(Number(x))),
      ),
    ).toBe(2e9);
    const [row] = await test.db.prisma.$queryRaw<{ distance: number }[]>`
      SELECT (${scaled}::int4[]::vector <=> ${vectorLiteral(vector!)}::vector)::float8 AS distance`;
    expect(row!.distance).toBeLessThan(1e-6);
    expect(scaledIntegerArray([0, 0])).toBe("{0,0}");
  });

  it("keeps the ticker and sector filter tables in step when an article is re-tagged", async () => {
    const january = { from: "2024-01-01", to: "2024-01-31" };
    const urls = async () =>
      (await search("news", { tickers: ["AAPL"], ...january }, { threshold: -1 })).map((h) => h.url).sort();
    expect(await urls()).toEqual(["https://news.example/a1", "https://news.example/a2"]);
    await test.db.prisma
      .$executeRaw`UPDATE news_articles SET tickers = ARRAY['NVDA', 'AAPL'] WHERE url = 'https://news.example/n1'`;
    expect(await urls()).toEqual(["https://news.example/a1", "https://news.example/a2", "https://news.example/n1"]);
    await test.db.prisma
      .$executeRaw`UPDATE news_articles SET tickers = ARRAY['NVDA'], published_at = '2023-12-20T00:00:00Z' WHERE url = 'https://news.example/n1'`;
    const nvidia = await search("news", { tickers: ["NVDA"], from: "2023-12-01", to: "2023-12-31" }, { threshold: -1 });
    expect(nvidia.map((h) => h.url)).toEqual(["https://news.example/n1"]);
    expect(await urls()).toEqual(["https://news.example/a1", "https://news.example/a2"]);
    await test.db.prisma
      .$executeRaw`UPDATE news_articles SET published_at = '2024-01-10T21:00:00Z' WHERE url = 'https://news.example/n1'`;
  });

  it("re-embeds every article when the model changes", async () => {
    const other: Embedder = { model: "other-model", embed: (texts) => embedder.embed(texts) };
    expect(await embedPendingArticles(test.db.prisma, other, silentProgress)).toBe(UNIQUE_TEST_ARTICLES);
    expect(await embedPendingArticles(test.db.prisma, other, silentProgress)).toBe(0);
    const stored = await readNewsArticles(test.db.prisma);
    expect(new Set(stored.map((a) => a.embeddingModel))).toEqual(new Set(["other-model"]));
  }, 60_000);
});

describe.each(testBackends())("news filter tables on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("are filled from the articles stored before their migration, which keeps their vectors", async () => {
    const migrations = readMigrations();
    const at = migrations.findIndex((m) => m.name.endsWith("_news_filter_tables"));
    await migrate(test.db, migrations.slice(0, at));
    const [vector] = await embedder.embed(["Older article"]);
    await test.db.prisma.$executeRaw`
      INSERT INTO news_articles (source, url, title, body, published_at, tickers, sectors, content_hash, embedding)
      VALUES ('news.example', 'https://news.example/old', 'Older article', '', '2024-01-05T00:00:00Z', ARRAY['AAPL', 'MSFT'], ARRAY['Information Technology'], 'old', ${vectorLiteral(vector!)}::vector)`;
    const before = await test.db.prisma.$queryRaw<{ embedding: string }[]>`SELECT embedding::text FROM news_articles`;
    await migrate(test.db, migrations);
    // The vector moved inline, unchanged.
    expect(await test.db.prisma.$queryRaw`SELECT embedding::text FROM news_articles`).toEqual(before);
    const tickers = await test.db.prisma.$queryRaw<
      { ticker: string }[]
    >`SELECT ticker FROM news_article_tickers ORDER BY ticker`;
    expect(tickers.map((t) => t.ticker)).toEqual(["AAPL", "MSFT"]);
    const sectors = await test.db.prisma.$queryRaw<
      { sector: string; published_at: Date }[]
    >`SELECT sector, published_at FROM news_article_sectors`;
    expect(sectors).toEqual([{ sector: "Information Technology", published_at: new Date("2024-01-05T00:00:00Z") }]);
    await test.db.prisma.$executeRaw`DELETE FROM news_articles`;
    expect(await test.db.prisma.$queryRaw`SELECT * FROM news_article_tickers`).toEqual([]);
  });

  it("are vacuumed and analyzed with the articles after a bulk write, not after a small one", async () => {
    const lastVacuum = async () =>
      (
        await test.db.prisma.$queryRaw<
          { last_vacuum: Date | null }[]
        >`SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = 'news_article_tickers'`
      )[0]!.last_vacuum;
    await tidyNewsTablesAfter(test.db, 999);
    expect(await lastVacuum()).toBeNull();
    await tidyNewsTablesAfter(test.db, 1000);
    expect(await lastVacuum()).toBeInstanceOf(Date);
  });
});
