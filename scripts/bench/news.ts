// The news part of `npm run bench`: on PGlite (in memory) and on PostgreSQL (a scratch database, when
// DATABASE_URL is set), over N generated filler articles (default 100,000):
// - ingestion rate without embedding (batched inserts, indexes maintained as in production);
// - filtered hybrid search latency p50/p95 for three filters (see SCENARIOS);
// and the sentence encoder's embedding rate on article-sized texts.
// Filler vectors are topic vectors from the real encoder plus noise, so the HNSW graph sees clusters
// as real news makes; their texts are made from word lists (no article text is used).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { COMPANIES } from "@/lib/catalog/companies";
import { openDatabase, type Database } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { embeddingText, useLiteEmbedder } from "@/lib/documents/embeddings";
import { postgresNewsEngine } from "@/lib/documents/news/search";
import { insertNewsArticles, saveEmbeddings, tidyNewsTablesAfter } from "@/lib/documents/news/store";
import type { NewsArticleInput, NewsFilters } from "@/lib/documents/news/types";
import { percentile } from "./stats";

const TOPICS = [
  "quarterly earnings beat estimates",
  "revenue guidance cut",
  "new product launch",
  "antitrust lawsuit",
  "share buyback program",
  "dividend increase",
  "chief executive steps down",
  "supply chain disruption",
  "acquisition announced",
  "analyst downgrade",
  "record high stock price",
  "layoffs and restructuring",
  "data breach",
  "regulatory approval",
  "factory expansion",
  "interest rates and inflation",
  "artificial intelligence investment",
  "cloud computing growth",
  "oil price shock",
  "labor strike",
];
const WORDS = [
  "shares",
  "investors",
  "quarter",
  "market",
  "growth",
  "demand",
  "margin",
  "outlook",
  "sales",
  "profit",
  "costs",
  "analysts",
  "forecast",
  "segment",
  "customers",
  "pricing",
];
const SECTORS = [
  "Information Technology",
  "Health Care",
  "Financials",
  "Energy",
  "Consumer Discretionary",
  "Industrials",
];
const QUERIES = [
  "earnings results and guidance",
  "lawsuit and regulators",
  "new products and launches",
  "layoffs",
  "buyback and dividends",
];
const BATCH = 1000;
const SEARCHES = 200;

/** Deterministic pseudo-random numbers (mulberry32), so every run benchmarks the same data. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function filler(n: number, topicVectors: number[][]): { articles: NewsArticleInput[]; vectors: number[][] } {
  const rand = random(42);
  const articles: NewsArticleInput[] = [];
  const vectors: number[][] = [];
  const start = Date.parse("2015-01-01T00:00:00Z");
  const span = Date.parse("2025-07-01T00:00:00Z") - start;
  for (let i = 0; i < n; i++) {
    const topic = Math.floor(rand() * TOPICS.length);
    const company = pick(rand, COMPANIES);
    const words = Array.from({ length: 40 }, () => pick(rand, WORDS)).join(" ");
    articles.push({
      kind: "article",
      source: "bench.invalid",
      url: `https://bench.invalid/${i}`,
      title: `${company.name} ${TOPICS[topic]} ${i}`,
      body: `${TOPICS[topic]}: ${words}`,
      publishedAt: new Date(start + rand() * span).toISOString(),
      tickers: [company.ticker],
      sectors: [pick(rand, SECTORS)],
    });
    const noisy = topicVectors[topic]!.map((x) => x + (rand() - 0.5) * 0.08);
    const norm = Math.sqrt(noisy.reduce((s, x) => s + x * x, 0));
    vectors.push(noisy.map((x) => x / norm));
  }
  return { articles, vectors };
}

async function benchEngine(
  name: string,
  db: Database,
  data: ReturnType<typeof filler>,
  queryVectors: number[][],
): Promise<string[]> {
  await prepareSchema(db);
  let started = performance.now();
  for (let i = 0; i < data.articles.length; i += BATCH) {
    await db.prisma.$transaction((tx) => insertNewsArticles(tx, data.articles.slice(i, i + BATCH), null), {
      timeout: 600_000,
    });
  }
  const insertSeconds = (performance.now() - started) / 1000;
  // A bulk load writes vectors first and builds the HNSW graph once, as pgvector advises: row-by-row
  // graph inserts are the slow path (the app's own ingestion is small batches, where they are fine).
  await db.exec("DROP INDEX news_articles_embedding_idx");
  started = performance.now();
  for (let i = 0; i < data.articles.length; i += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, data.articles.length - i) }, (_, j) => String(i + j + 1));
    await saveEmbeddings(
      db.prisma,
      "bench-filler",
      ids.map((id, j) => ({ id, vector: data.vectors[i + j]! })),
    );
  }
  const vectorSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await db.exec(
    `SET maintenance_work_mem = '512MB'; CREATE INDEX news_articles_embedding_idx ON news_articles USING hnsw (embedding vector_cosine_ops)`,
  );
  const hnswSeconds = (performance.now() - started) / 1000;
  await tidyNewsTablesAfter(db, data.articles.length);
  const count = data.articles.length;
  const rows = [
    `| ${name} | ${Math.round(count / insertSeconds).toLocaleString("en-US")} | ${Math.round(count / vectorSeconds).toLocaleString("en-US")} | ${hnswSeconds.toFixed(1)} |`,
  ];
  for (const scenario of SCENARIOS) rows.push(await benchSearch(db, scenario, queryVectors));
  return rows;
}

interface SearchScenario {
  label: string;
  filters: (rand: () => number) => NewsFilters;
}

// The question the target is about (one company over a year: the exact plan), a sector's latest news
// (exact), and a sector over ten years (~16,000 articles: the HNSW + GIN plan).
const SCENARIOS: SearchScenario[] = [
  {
    label: "1 company, 1 year",
    filters: (rand) => ({ tickers: [pick(rand, COMPANIES).ticker], sectors: [], ...oneYear(rand) }),
  },
  {
    label: "1 sector, latest 90 days",
    filters: (rand) => ({ tickers: [], sectors: [pick(rand, SECTORS)], from: null, to: null }),
  },
  {
    label: "1 sector, 10 years",
    filters: (rand) => ({ tickers: [], sectors: [pick(rand, SECTORS)], from: "2015-01-01", to: "2024-12-31" }),
  },
];

export function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function oneYear(rand: () => number): { from: string; to: string } {
  const year = 2015 + Math.floor(rand() * 10);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

async function benchSearch(db: Database, scenario: SearchScenario, queryVectors: number[][]): Promise<string> {
  const engine = postgresNewsEngine(db.prisma);
  const rand = random(7);
  const latencies: number[] = [];
  let results = 0;
  for (let i = -20; i < SEARCHES; i++) {
    const q = Math.floor(rand() * QUERIES.length);
    const filters = scenario.filters(rand);
    const started = performance.now();
    const hits = await engine.search({
      text: QUERIES[q]!,
      embedding: queryVectors[q]!,
      filters,
      ranking: DEFAULT_RANKING,
    });
    if (i < 0) continue; // warm-up
    latencies.push(performance.now() - started);
    results += hits.length;
  }
  return `| | | | | ${scenario.label} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 95).toFixed(1)} | ${(results / latencies.length).toFixed(1)} |`;
}

export async function benchNews(options: { articles: number; postgresUrl: string | null }): Promise<void> {
  const embedder = useLiteEmbedder();
  await embedder.embed(["warm-up"]);
  const sample = fillerTexts(200);
  let started = performance.now();
  await embedder.embed(sample);
  const embedRate = sample.length / ((performance.now() - started) / 1000);
  const topicVectors = await embedder.embed(TOPICS);
  const queryVectors = await embedder.embed(QUERIES);
  started = performance.now();
  const data = filler(options.articles, topicVectors);
  console.log(
    `\nNews: ${options.articles.toLocaleString("en-US")} filler articles generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const rows: string[] = [];
  const pglite = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    rows.push(...(await benchEngine("PGlite (memory)", pglite, data, queryVectors)));
  } finally {
    await pglite.close();
  }
  if (options.postgresUrl)
    rows.push(
      ...(await withScratchPostgres(options.postgresUrl, (db) => benchEngine("PostgreSQL", db, data, queryVectors))),
    );
  console.log(
    `Embedding rate (${embedder.model}, ${sample.length} texts of ~400 characters, one process): ${embedRate.toFixed(1)} articles/s`,
  );
  console.log(
    `\nNews over ${options.articles.toLocaleString("en-US")} articles: ingestion without embedding, vector writes, filtered hybrid search (k ${DEFAULT_RANKING.k}, ${SEARCHES} queries per filter)`,
  );
  console.log(
    "| engine | inserts/s | vectors/s | HNSW build s | filters | search p50 ms | search p95 ms | hits/query |\n|---|---|---|---|---|---|---|---|",
  );
  for (const row of rows) console.log(row);
}

function fillerTexts(n: number): string[] {
  const rand = random(3);
  return Array.from({ length: n }, (_, i) =>
    embeddingText(
      `${TOPICS[i % TOPICS.length]} ${i}`,
      Array.from({ length: 70 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" "),
    ),
  );
}

/** Runs `work` on a fresh database of the PostgreSQL server at `url` (given its URL too), dropped after. */
export async function withScratchPostgres<T>(
  url: string,
  work: (db: Database, scratchUrl: string) => Promise<T>,
): Promise<T> {
  const name = `fg_bench_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const db = await openDatabase({ kind: "postgres", url: scratch.toString() });
  try {
    return await work(db, scratch.toString());
  } finally {
    await db.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
