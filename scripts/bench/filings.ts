// The filings part of `npm run bench` (--filings-only for it alone): on PGlite (in memory) and on
// PostgreSQL (a scratch database, when DATABASE_URL is set), over N generated filler chunks (default
// 120,000, about the data folder's real count; --filing-chunks N) and, on PostgreSQL, 10× that:
// - ingestion rate through insertFiling (one transaction per filing, indexes maintained), chunks/s;
// - filtered hybrid chunk search p50/p95 for three filters, without and with embedding the question.
// Filler vectors are topic vectors from the real encoder plus noise; texts come from word lists.
import { COMPANIES } from "@/lib/catalog/companies";
import { openDatabase, type Database } from "@/lib/db/client";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { type Embedder, useLiteEmbedder } from "@/lib/documents/embeddings";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import { embedPendingFilingChunks, insertFiling, tidyFilingTablesAfter } from "@/lib/documents/filings/store";
import { type FilingFilters, type FilingInput, filingFiltersSchema } from "@/lib/documents/filings/types";
import { silentProgress } from "@/lib/core/progress";
import { prepareSchema } from "@/lib/ingest/prepare";
import { percentile, pick, random, withScratchPostgres } from "./news";

const TOPICS = [
  "revenue recognition and net sales by segment",
  "risk factors competition and litigation",
  "liquidity and capital resources cash flows",
  "goodwill impairment testing",
  "income taxes and effective tax rate",
  "share repurchases and dividends",
  "debt maturities and credit facilities",
  "pension and postretirement benefits",
  "legal proceedings and contingencies",
  "market risk interest rates and currency",
];
const WORDS = [
  "fiscal",
  "operating",
  "income",
  "million",
  "segment",
  "growth",
  "costs",
  "assets",
  "company",
  "results",
];
const SECTIONS = ["1", "1A", "7", "7A", "8"];
const QUERIES = ["what drove revenue growth", "main legal risks", "cash flow from operations", "tax rate change"];
const CHUNKS_PER_FILING = 800;
const SEARCHES = 200;

function fillerFilings(chunks: number): FilingInput[] {
  const rand = random(11);
  const filings: FilingInput[] = [];
  for (let f = 0; f * CHUNKS_PER_FILING < chunks; f++) {
    const company = COMPANIES[f % COMPANIES.length]!;
    const year = 2015 + Math.floor(f / COMPANIES.length);
    const n = Math.min(CHUNKS_PER_FILING, chunks - f * CHUNKS_PER_FILING);
    filings.push({
      ticker: company.ticker,
      companyName: company.name,
      form: "10-K",
      fiscalYear: year,
      fiscalPeriod: "FY",
      periodEnd: `${year}-12-31`,
      filedDate: null,
      sourceUrl: null,
      sourceKey: `bench-${f}`,
      source: "financebench",
      pages: ["(bench filler)"],
      pageCount: 1,
      sectionsFound: SECTIONS,
      chunks: Array.from({ length: n }, (_, i) => {
        const topic = Math.floor(rand() * TOPICS.length);
        const text = `${TOPICS[topic]} ${Array.from({ length: 120 }, () => pick(rand, WORDS)).join(" ")}`;
        return {
          sectionCode: SECTIONS[i % SECTIONS.length]!,
          sectionTitle: `Item ${SECTIONS[i % SECTIONS.length]}`,
          pageIndex: 0,
          charStart: 0,
          charEnd: text.length,
          isTable: false,
          isFinancialStatement: false,
          text,
          header: `${company.name} 10-K FY${year} — ${TOPICS[topic]}`,
          summary: null,
        };
      }),
    });
  }
  return filings;
}

/** Vectors for filler chunks: its topic's real vector plus noise, found from the text's opening words. */
function fillerEmbedder(topicVectors: number[][]): Embedder {
  const rand = random(5);
  return {
    model: "bench-filler",
    async embed(texts) {
      return texts.map((text) => {
        const topic = Math.max(
          0,
          TOPICS.findIndex((t) => text.includes(t)),
        );
        const noisy = topicVectors[topic]!.map((x) => x + (rand() - 0.5) * 0.08);
        const norm = Math.sqrt(noisy.reduce((s, x) => s + x * x, 0));
        return noisy.map((x) => x / norm);
      });
    },
  };
}

const SCENARIOS: { label: string; filters: (rand: () => number) => FilingFilters }[] = [
  {
    label: "1 company, 1 year",
    filters: (rand) => filingFiltersSchema.parse({ tickers: [pick(rand, COMPANIES).ticker], fiscalYears: [2015] }),
  },
  {
    label: "1 company, all years, Item 7",
    filters: (rand) => filingFiltersSchema.parse({ tickers: [pick(rand, COMPANIES).ticker], sections: ["7"] }),
  },
  { label: "every company, Item 1A", filters: () => filingFiltersSchema.parse({ sections: ["1A"] }) },
];

async function benchEngine(name: string, db: Database, filings: FilingInput[], topicVectors: number[][]) {
  await prepareSchema(db);
  const chunks = filings.reduce((n, f) => n + f.chunks.length, 0);
  let started = performance.now();
  for (const filing of filings) await insertFiling(db.prisma, filing, null);
  const ingestRate = chunks / ((performance.now() - started) / 1000);
  // As the news bench: vectors first, the HNSW graph built once (row-by-row graph inserts are the slow path).
  await db.exec("DROP INDEX filing_chunks_embedding_idx");
  started = performance.now();
  await embedPendingFilingChunks(db.prisma, fillerEmbedder(topicVectors), silentProgress);
  const vectorRate = chunks / ((performance.now() - started) / 1000);
  await db.exec(
    "SET maintenance_work_mem = '512MB'; CREATE INDEX filing_chunks_embedding_idx ON filing_chunks USING hnsw (embedding vector_cosine_ops)",
  );
  await tidyFilingTablesAfter(db, chunks);
  const rows = [
    `| ${name} | ${chunks.toLocaleString("en-US")} | ${Math.round(ingestRate).toLocaleString("en-US")} | ${Math.round(vectorRate).toLocaleString("en-US")} | | | | |`,
  ];
  const encoder = useLiteEmbedder();
  for (const scenario of SCENARIOS) {
    const rand = random(7);
    const search: number[] = [];
    const withEmbedding: number[] = [];
    let hits = 0;
    for (let i = -20; i < SEARCHES; i++) {
      const text = `${QUERIES[Math.floor(rand() * QUERIES.length)]} ${i}`;
      const filters = scenario.filters(rand);
      const t0 = performance.now();
      const [embedding] = await encoder.embed([text]);
      const t1 = performance.now();
      const found = await searchFilingChunks(db.prisma, {
        text,
        embedding: embedding!,
        filters,
        ranking: DEFAULT_RANKING,
      });
      const t2 = performance.now();
      if (i < 0) continue;
      search.push(t2 - t1);
      withEmbedding.push(t2 - t0);
      hits += found.length;
    }
    rows.push(
      `| | | | | ${scenario.label} | ${percentile(search, 50).toFixed(1)} / ${percentile(search, 95).toFixed(1)} | ${percentile(withEmbedding, 50).toFixed(1)} / ${percentile(withEmbedding, 95).toFixed(1)} | ${(hits / search.length).toFixed(1)} |`,
    );
  }
  return rows;
}

export async function benchFilings(options: { chunks: number; postgresUrl: string | null }): Promise<void> {
  const encoder = useLiteEmbedder();
  const topicVectors = await encoder.embed(TOPICS);
  const rows: string[] = [];
  const sizes = [options.chunks, ...(options.postgresUrl ? [options.chunks * 10] : [])];
  const real = fillerFilings(options.chunks);
  const pglite = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    rows.push(...(await benchEngine("PGlite (memory)", pglite, real, topicVectors)));
  } finally {
    await pglite.close();
  }
  if (options.postgresUrl) {
    for (const size of sizes) {
      const filings = size === options.chunks ? real : fillerFilings(size);
      rows.push(
        ...(await withScratchPostgres(options.postgresUrl, (db) =>
          benchEngine("PostgreSQL", db, filings, topicVectors),
        )),
      );
    }
  }
  console.log(
    `\nFilings: filler chunks, ingestion through insertFiling, vector writes, filtered hybrid chunk search (k ${DEFAULT_RANKING.k}, ${SEARCHES} queries per filter; p50 / p95 ms, search alone and with embedding the question)`,
  );
  console.log(
    "| engine | chunks | ingest chunks/s | vectors/s | filters | search ms | embed + search ms | hits/query |\n|---|---|---|---|---|---|---|---|",
  );
  for (const row of rows) console.log(row);
}
