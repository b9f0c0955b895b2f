// The filings part of `npm run bench` (--filings-only for it alone): filtered hybrid chunk search over
// EVERY filing chunk of the data folder, on PGlite (in memory) and on PostgreSQL (a scratch database,
// when DATABASE_URL is set), and on PostgreSQL over ten times that, generated.
// - Real size: the data folder's filings ingested as the start path does (loadStartFilings: parse,
//   section, chunk, store; chunks/s). The text, tsvector, filters and row count are real; the vectors
//   are GENERATED (embedding 90k chunks takes hours here): each chunk gets the real encoder's vector of
//   its section title plus noise, normalized, so the graph has the clusters of real sections.
// - 10×: nine copies of every filing under other tickers ("AAPL.3"), each copy's vectors with their
//   components rotated (distinct points, same structure). One company's filters keep their real size;
//   every company's grow tenfold, as a universe of ten times the companies would.
// - Per filter (one company-year, one company every year, every company one section, no filter): search
//   p50/p95 alone and with embedding the question (the real encoder, reported separately too), hits per
//   query, and how many of the top k equal the exact plan's (every filtered chunk scored).
// The set-up is kept between runs (filings-setup.ts: a PostgreSQL database and a PGlite directory under
// .data/, named by a fingerprint of the inputs), so only the first run with given inputs builds it.
// `--filing-runs N` repeats the searches N times on the same data (0: build the set-up only), each with
// the load average beside it; `--filings-on postgres|pglite` benches one engine; `--filings-real-size-only`
// skips the 10× set.
import { loadavg } from "node:os";
import { silentProgress } from "@/lib/core/progress";
import type { Database } from "@/lib/db/client";
import { FILINGS_RANKING } from "@/lib/documents/config";
import { type Embedder, useLiteEmbedder } from "@/lib/documents/embeddings";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import { embedPendingFilingChunks, tidyFilingTablesAfter } from "@/lib/documents/filings/store";
import { type FilingFilters, filingFiltersSchema } from "@/lib/documents/filings/types";
import { loadStartFilings } from "@/lib/ingest/start-documents";
import { prepareSchema } from "@/lib/ingest/prepare";
import { type CachedSetup, cachedPglite, cachedPostgres, setupFingerprint } from "./filings-setup";
import { pick, random } from "./news";
import { percentile } from "./stats";

/** Investor questions of the kinds the routing sends to filings. */
const QUESTIONS = [
  "What are the main risk factors?",
  "What legal proceedings does the company disclose?",
  "What drove the change in operating income?",
  "How does the company describe its competition?",
  "What are the liquidity and capital resources?",
  "How many employees does the company have?",
  "What were the cash flows from operating activities?",
  "How is revenue recognized?",
  "What is the effective tax rate and why did it change?",
  "What share repurchases and dividends were made?",
  "What are the debt maturities and credit facilities?",
  "What does the company say about supply chain disruptions?",
];
const SEARCHES = 100;
const WARM_UP = 10;
/** Searches per filter also run by the exact plan, to count how much of the top k the indexes keep. */
const EXACT_CHECKS = { real: 12, generated: 3 };
const COPIES = 9;
/** Generated ids of copy g: the original's plus g × this (above every real id). */
const COPY_ID_STRIDE = 10_000_000;
const EVERY_CHUNK = Number.MAX_SAFE_INTEGER;

interface Scenario {
  label: string;
  filters: (rand: () => number, pairs: readonly CompanyYear[]) => FilingFilters;
}
interface CompanyYear {
  ticker: string;
  fiscal_year: number;
}

const SCENARIOS: Scenario[] = [
  {
    label: "1 company, 1 year",
    filters: (rand, pairs) => {
      const pair = pick(rand, pairs);
      return filingFiltersSchema.parse({ tickers: [pair.ticker], fiscalYears: [pair.fiscal_year] });
    },
  },
  {
    label: "1 company, every year",
    filters: (rand, pairs) => filingFiltersSchema.parse({ tickers: [pick(rand, pairs).ticker] }),
  },
  { label: "every company, Item 1A", filters: () => filingFiltersSchema.parse({ sections: ["1A"] }) },
  { label: "no filter", filters: () => filingFiltersSchema.parse({}) },
];

/** Generated vectors: the real vector of the chunk's section title (the header's second part) plus
 * noise seeded by the text, normalized. */
function generatedEmbedder(titleVectors: ReadonlyMap<string, number[]>, fallback: number[]): Embedder {
  return {
    model: "bench-generated",
    async embed(texts) {
      return texts.map((text) => {
        const title = text.slice(0, text.indexOf("\n")).split(" — ")[1] ?? "";
        const rand = random(hashOf(text));
        const noisy = (titleVectors.get(title) ?? fallback).map((x) => x + (rand() - 0.5) * 0.12);
        const norm = Math.sqrt(noisy.reduce((s, x) => s + x * x, 0));
        return noisy.map((x) => x / norm);
      });
    },
  };
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

const integer = (n: number) => Math.round(n).toLocaleString("en-US");

async function chunkCount(db: Database): Promise<number> {
  const [{ n }] = await db.prisma.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM filing_chunks`;
  return n;
}

/** Drops the HNSW index before bulk vector writes (row-by-row graph inserts are the slow path) and
 * builds it once after; returns the build's seconds. */
async function buildVectorIndex(db: Database, memory = "1GB"): Promise<number> {
  const started = performance.now();
  await db.exec(
    `SET maintenance_work_mem = '${memory}'; CREATE INDEX filing_chunks_embedding_idx ON filing_chunks USING hnsw (embedding vector_cosine_ops)`,
  );
  return seconds(started);
}

/** The data folder's filings as the start path loads them, with generated vectors. Returns the row
 * of the set-up table. */
async function loadRealSize(db: Database, encoder: Embedder): Promise<string> {
  await prepareSchema(db);
  let started = performance.now();
  await loadStartFilings(db, silentProgress);
  const ingestSeconds = seconds(started);
  const chunks = await chunkCount(db);
  console.log(`  ${integer(chunks)} chunks ingested in ${ingestSeconds.toFixed(0)} s; writing generated vectors…`);
  await db.exec("DROP INDEX filing_chunks_embedding_idx");
  const titles = (
    await db.prisma.$queryRaw<{ section_title: string }[]>`SELECT DISTINCT section_title FROM filing_chunks`
  ).map((r) => r.section_title);
  const titleVectors = await encoder.embed(titles);
  started = performance.now();
  await embedPendingFilingChunks(
    db.prisma,
    generatedEmbedder(new Map(titles.map((t, i) => [t, titleVectors[i]!])), titleVectors[0]!),
    silentProgress,
  );
  const vectorSeconds = seconds(started);
  console.log(`  vectors written in ${vectorSeconds.toFixed(0)} s; building the HNSW index…`);
  const buildSeconds = await buildVectorIndex(db);
  await tidyFilingTablesAfter(db, chunks);
  return `| ${integer(chunks)} real | ${integer(chunks / ingestSeconds)} (${ingestSeconds.toFixed(0)} s) | ${integer(chunks / vectorSeconds)} | ${buildSeconds.toFixed(0)} |`;
}

/** Nine copies of every filing and chunk under other tickers, vectors rotated; indexes rebuilt after
 * (the same definitions as the migrations'). Returns the row of the set-up table. */
async function addGeneratedCopies(db: Database): Promise<string> {
  const started = performance.now();
  await db.exec("DROP INDEX filing_chunks_embedding_idx; DROP INDEX filing_chunks_document_idx");
  await db.prisma.$executeRaw`
    INSERT INTO filings (id, ticker, company_name, form, fiscal_year, fiscal_period, period_end, filed_date, source_url,
                         source_key, source, page_count, sections_found, pages)
    SELECT id + g * ${COPY_ID_STRIDE}, ticker || '.' || g, company_name || ' (copy ' || g || ')', form, fiscal_year,
           fiscal_period, period_end, filed_date, source_url, source_key, 'bench-copy', page_count, sections_found,
           ARRAY[]::text[]
    FROM filings, generate_series(1, ${COPIES}::int) g`;
  for (let g = 1; g <= COPIES; g++) {
    const rotation = g * 50;
    await db.prisma.$executeRaw`
      INSERT INTO filing_chunks (id, filing_id, ordinal, ticker, form, fiscal_year, period_end, section_code,
                                 section_title, page_index, char_start, char_end, is_table, is_financial_statement,
                                 text, header, summary, embedding_model, embedding)
      SELECT id + ${g * COPY_ID_STRIDE}, filing_id + ${g * COPY_ID_STRIDE}, ordinal, ticker || '.' || ${g}::int, form,
             fiscal_year, period_end, section_code, section_title, page_index, char_start, char_end, is_table,
             is_financial_statement, text, header, summary, embedding_model,
             ((embedding::real[])[${rotation + 1}:512] || (embedding::real[])[1:${rotation}])::vector
      FROM filing_chunks WHERE id < ${COPY_ID_STRIDE}`;
  }
  const copySeconds = seconds(started);
  const ginStarted = performance.now();
  await db.exec(
    "SET maintenance_work_mem = '1GB'; CREATE INDEX filing_chunks_document_idx ON filing_chunks USING GIN (document) WITH (fastupdate = off)",
  );
  const ginSeconds = seconds(ginStarted);
  const buildSeconds = await buildVectorIndex(db, "4GB");
  const chunks = await chunkCount(db);
  await tidyFilingTablesAfter(db, chunks);
  return `| ${integer(chunks)} (real + ${COPIES} generated copies) | copied in ${copySeconds.toFixed(0)} s, GIN ${ginSeconds.toFixed(0)} s | | ${buildSeconds.toFixed(0)} |`;
}

function ids(hits: readonly { chunkId: string }[]): string[] {
  return hits.map((h) => h.chunkId);
}

/** One pass of every scenario: a row per filter. */
async function searchScenarios(
  db: Database,
  encoder: Embedder,
  exactChecks: number,
): Promise<{ rows: string[]; embedMs: number[] }> {
  const pairs = await db.prisma.$queryRaw<CompanyYear[]>`
    SELECT DISTINCT ticker, fiscal_year FROM filing_chunks WHERE id < ${COPY_ID_STRIDE} ORDER BY ticker, fiscal_year`;
  const rows: string[] = [];
  const embedMs: number[] = [];
  for (const scenario of SCENARIOS) {
    const rand = random(7);
    const search: number[] = [];
    const total: number[] = [];
    let hits = 0;
    let same = 0;
    let compared = 0;
    for (let i = -WARM_UP; i < SEARCHES; i++) {
      const text = pick(rand, QUESTIONS);
      const filters = scenario.filters(rand, pairs);
      const t0 = performance.now();
      const [embedding] = await encoder.embed([text]);
      const t1 = performance.now();
      const query = { text, embedding: embedding!, filters, ranking: FILINGS_RANKING };
      const found = await searchFilingChunks(db.prisma, query);
      const t2 = performance.now();
      if (i < 0) continue;
      embedMs.push(t1 - t0);
      search.push(t2 - t1);
      total.push(t2 - t0);
      hits += found.length;
      if (i < exactChecks) {
        const exact = new Set(ids(await searchFilingChunks(db.prisma, query, { exactScanLimit: EVERY_CHUNK })));
        same += ids(found).filter((id) => exact.has(id)).length;
        compared += exact.size;
      }
    }
    const ms = (values: number[]) => `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)}`;
    rows.push(
      `| | ${scenario.label} | ${ms(search)} | ${ms(total)} | ${(hits / search.length).toFixed(1)} | ${same} / ${compared} |`,
    );
  }
  return { rows, embedMs };
}

type SearchSize = { label: string; exactChecks: number };
const REAL_SIZE: SearchSize = { label: "real size", exactChecks: EXACT_CHECKS.real };
const TENFOLD: SearchSize = { label: "10× generated", exactChecks: EXACT_CHECKS.generated };

/** `runs` passes of every scenario on one set-up, appended to `results` as table rows. */
async function reportRuns(
  name: string,
  db: Database,
  encoder: Embedder,
  size: SearchSize,
  runs: number,
  results: string[],
): Promise<void> {
  for (let run = 1; run <= runs; run++) {
    const { rows, embedMs } = await searchScenarios(db, encoder, run === 1 ? size.exactChecks : 0);
    const load = loadavg().map((l) => l.toFixed(2));
    results.push(
      `| ${name}, ${size.label}, run ${run} (load ${load.join(" ")}; question embedding p50 / p95 ${percentile(embedMs, 50).toFixed(1)} / ${percentile(embedMs, 95).toFixed(1)} ms) | | | | | |`,
      ...rows,
    );
  }
}

/** Runs the passes on a cached set-up and closes it; returns its set-up row, marked when reused. */
async function onSetup(setup: Promise<CachedSetup>, measure: (db: Database) => Promise<void>): Promise<string> {
  const { db, setupRow, reused } = await setup;
  try {
    await measure(db);
  } finally {
    await db.close();
  }
  return reused ? `${setupRow} (reused)` : setupRow;
}

function printReport(name: string, setups: readonly string[], results: readonly string[]): void {
  console.log(`\nFilings on ${name}: set-up (vectors GENERATED: section-title vector + noise, not the chunks' own)`);
  console.log("| chunks | ingest chunks/s | vectors written/s | HNSW build s |\n|---|---|---|---|");
  for (const row of setups) console.log(row);
  if (results.length === 0) return;
  console.log(
    `\nFilings on ${name}: filtered hybrid chunk search, k ${FILINGS_RANKING.k}, ${SEARCHES} questions per filter after ${WARM_UP} warm-up; p50 / p95 ms; "same as exact": top-k ids equal to the exact plan's, over the first searches of run 1`,
  );
  console.log(
    "| run | filters | search ms | embed + search ms | hits/query | same as exact |\n|---|---|---|---|---|---|",
  );
  for (const row of results) console.log(row);
}

export type FilingsBenchEngine = "postgres" | "pglite";

/** `runs` search passes (0: set-up only) on each engine's cached set-up, built first when missing;
 * `tenfold` adds the 10× generated set on PostgreSQL (a database of its own, copied from the real one). */
export async function benchFilings(options: {
  postgresUrl: string | null;
  runs: number;
  engines: readonly FilingsBenchEngine[];
  tenfold: boolean;
}): Promise<void> {
  const encoder = useLiteEmbedder();
  const fingerprint = setupFingerprint(encoder.model);
  console.log(`Filings set-up fingerprint ${fingerprint} (data files, migrations, set-up version)`);
  if (options.engines.includes("postgres")) {
    const url = options.postgresUrl;
    if (!url) console.log("\nFilings on PostgreSQL: skipped (set DATABASE_URL)");
    else {
      const results: string[] = [];
      const measure = (size: SearchSize) => (db: Database) =>
        reportRuns("PostgreSQL", db, encoder, size, options.runs, results);
      const setups = [
        await onSetup(
          cachedPostgres(url, fingerprint, (db) => loadRealSize(db, encoder)),
          measure(REAL_SIZE),
        ),
      ];
      if (options.tenfold)
        setups.push(
          await onSetup(cachedPostgres(url, `${fingerprint}_x10`, addGeneratedCopies, fingerprint), measure(TENFOLD)),
        );
      printReport("PostgreSQL", setups, results);
    }
  }
  if (options.engines.includes("pglite")) {
    const name = "PGlite (.data directory)";
    const results: string[] = [];
    const setup = await onSetup(
      cachedPglite(fingerprint, (db) => loadRealSize(db, encoder)),
      (db) => reportRuns(name, db, encoder, REAL_SIZE, options.runs, results),
    );
    printReport(name, [setup], results);
  }
}
