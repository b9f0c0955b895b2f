// `npm run ingest -- <source> <path…>`: reads files of one source, writes what is valid, reports the
// rest with file and line or JSON path, and records the run with its counts.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import { companyFiscalYearEnds } from "@/lib/db/queries/companies";
import { finishIngestRun, startIngestRun } from "@/lib/db/queries/ingest-runs";
import { conceptIndex } from "@/lib/catalog/metrics";
import { emptyTotals, keepValid, reject, writeFacts, writePrices, type BatchTotals, type RunContext } from "./write";
import { collapseHistory } from "./history";
import type { Progress } from "@/lib/core/progress";
import { loadSeed, SEED_DIR, seedMarker } from "./seed";
import { companyFactsEntity, parseCompanyFacts } from "./sources/sec-companyfacts";
import { parsePriceCsv } from "./sources/prices";
import { parseXbrlFactsCsv } from "./sources/sec-xbrl";
import type { MetricFact, PriceRow } from "@/lib/core/types";
import { embedderFromEnv, type Embedder } from "@/lib/documents/embeddings";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { writeNews, type NewsDraft } from "./news-write";
import { filingAlertDrafts } from "./sources/news-alerts";
import { fetchFeed } from "./sources/news-feeds";
import { newsFileFormat, parseNewsCsv, parseNewsJsonl } from "./sources/news-files";
import { ingestFilings } from "./filings-ingest";
import { parseTranscriptsJsonl } from "./sources/transcripts";
import type { TranscriptDraft } from "@/lib/documents/transcripts/types";
import {
  embedPendingTranscriptChunks,
  tidyTranscriptTablesAfter,
  writeTranscript,
} from "@/lib/documents/transcripts/store";
import { ingestFacts } from "./facts-ingest";
import { ingestLlmTableFacts, type LlmFactsSettings } from "./facts-llm";

export const INGEST_SOURCES = [
  "companyfacts",
  "xbrl",
  "prices",
  "seed",
  "news",
  "news-feeds",
  "filing-alerts",
  "filings",
  "transcripts",
  "facts",
] as const;
export type IngestSource = (typeof INGEST_SOURCES)[number];

export interface IngestSummary extends BatchTotals {
  runId: number;
  source: IngestSource;
  seconds: number;
}

class IngestInputError extends Error {
  readonly code = "INGEST_INPUT";
}

export async function runIngest(
  db: Database,
  source: IngestSource,
  paths: readonly string[],
  progress: Progress,
  /** News and filing sources embed what they store; null stores without embedding (re-embed later).
   * `llmFacts`: facts also asks this model about the tables the reader could not read (facts-llm.ts). */
  options: { embedder?: Embedder | null; signal?: AbortSignal; llmFacts?: LlmFactsSettings } = {},
): Promise<IngestSummary> {
  if (paths.length === 0 && !SOURCES_WITHOUT_PATHS.has(source))
    throw new IngestInputError(`ingest ${source}: give at least one file`);
  const started = Date.now();
  const runId = await startIngestRun(db.prisma, source, recordedPaths(source, paths));
  const totals = emptyTotals();
  try {
    const embedder = options.embedder === undefined ? embedderFromEnv() : options.embedder;
    await SOURCES[source](db, paths, {
      runId,
      progress,
      totals,
      embedder,
      signal: options.signal,
      llmFacts: options.llmFacts,
    });
    await finishIngestRun(db.prisma, runId, totals);
  } catch (error) {
    await finishIngestRun(db.prisma, runId, totals, (error as Error).message);
    throw error;
  }
  return { ...totals, runId, source, seconds: (Date.now() - started) / 1000 };
}

/** Seed runs also record the seed's fingerprint, so start-up knows the database already holds it. */
function recordedPaths(source: IngestSource, paths: readonly string[]): string[] {
  if (source === "news-feeds" || source === "filing-alerts") return [...paths];
  if (source !== "seed") return paths.map((p) => path.resolve(p));
  const dir = path.resolve(paths[0] ?? SEED_DIR);
  return [dir, seedMarker(dir)];
}

/** `signal`: sources that run long (filings) stop at their next safe point when it aborts. */
type SourceIngester = (
  db: Database,
  paths: readonly string[],
  run: RunContext & { embedder: Embedder | null; signal?: AbortSignal; llmFacts?: LlmFactsSettings },
) => Promise<void>;

/** Sources that run without files: the seed (default folder), feeds (NEWS_FEEDS), alerts and facts (the database). */
const SOURCES_WITHOUT_PATHS: ReadonlySet<IngestSource> = new Set(["seed", "news-feeds", "filing-alerts", "facts"]);

const SOURCES: Record<IngestSource, SourceIngester> = {
  companyfacts: ingestCompanyFacts,
  xbrl: ingestXbrl,
  prices: ingestPrices,
  seed: (db, paths, run) => loadSeed(db, paths[0] ?? SEED_DIR, run),
  news: ingestNewsFiles,
  "news-feeds": ingestNewsFeeds,
  "filing-alerts": async (db, _paths, run) =>
    writeNews(db, await filingAlertDrafts(db.prisma), run, "filing alerts", run.embedder),
  filings: ingestFilings,
  transcripts: ingestTranscripts,
  facts: async (db, paths, run) => {
    await ingestFacts(db, paths, run);
    if (run.llmFacts) await ingestLlmTableFacts(db, run, run.llmFacts);
  },
};

/** Earnings calls, one call per transaction (a crash keeps every call finished before it); then the
 * chunks without a vector are embedded when an embedder is given (or later, by the background job). */
async function ingestTranscripts(
  db: Database,
  paths: readonly string[],
  run: RunContext & { embedder: Embedder | null },
): Promise<void> {
  const calls: TranscriptDraft[] = [];
  for (const file of paths) {
    const text = readText(file, run);
    if (text !== undefined) calls.push(...keepValid(parseTranscriptsJsonl(text, { file }), run));
  }
  run.progress.start("transcripts", calls.length);
  let replaced = 0;
  let chunks = 0;
  for (const call of calls) {
    run.totals.read++;
    const written = await writeTranscript(db.prisma, call, run.runId);
    if (written.outcome === "unchanged") run.totals.unchanged++;
    else run.totals.inserted++;
    if (written.outcome === "replaced") replaced++;
    chunks += written.chunks;
    run.progress.advance(1);
  }
  run.progress.finish();
  run.progress.log(
    `transcripts: ${run.totals.inserted} calls stored with ${chunks} chunks (${replaced} prepared-remarks-only calls replaced by the full call), ${run.totals.unchanged} already stored`,
  );
  await tidyTranscriptTablesAfter(db, chunks);
  if (run.embedder) {
    const embedded = await embedPendingTranscriptChunks(db.prisma, run.embedder, run.progress);
    await tidyTranscriptTablesAfter(db, embedded);
  }
}

async function ingestNewsFiles(
  db: Database,
  paths: readonly string[],
  run: RunContext & { embedder: Embedder | null },
): Promise<void> {
  const drafts: NewsDraft[] = [];
  for (const file of paths) {
    const format = newsFileFormat(file);
    if (!format) {
      reject(run, { where: file, reason: "not a news file: expected .jsonl, .ndjson or .csv" });
      continue;
    }
    const text = readText(file, run);
    if (text === undefined) continue;
    drafts.push(...keepValid(format === "jsonl" ? parseNewsJsonl(text, { file }) : parseNewsCsv(text, { file }), run));
  }
  await writeNews(db, drafts, run, "news", run.embedder);
}

/** The feed URLs given, or NEWS_FEEDS. */
async function ingestNewsFeeds(
  db: Database,
  paths: readonly string[],
  run: RunContext & { embedder: Embedder | null },
): Promise<void> {
  const urls = paths.length > 0 ? paths : newsConfigFromEnv().feeds.urls;
  if (urls.length === 0) throw new IngestInputError("ingest news-feeds: give feed URLs or set NEWS_FEEDS");
  const drafts: NewsDraft[] = [];
  for (const url of urls) drafts.push(...keepValid(await fetchFeed(url), run));
  await writeNews(db, drafts, run, "feeds", run.embedder);
}

async function ingestCompanyFacts(db: Database, paths: readonly string[], run: RunContext): Promise<void> {
  const companies = await db.prisma.company.findMany({ select: { ticker: true, cik: true, fiscalYearEndMonth: true } });
  const byCik = new Map(companies.map((c) => [c.cik, c]));
  const facts: MetricFact[] = [];
  for (const file of paths) {
    const json = readJson(file, run);
    if (json === undefined) continue;
    let entity: { cik: string; name: string };
    try {
      entity = companyFactsEntity(json);
    } catch (error) {
      reject(run, { where: file, reason: `not a companyfacts file: ${(error as Error).message}` });
      continue;
    }
    const company = byCik.get(entity.cik);
    if (!company) {
      reject(run, {
        where: file,
        reason: `unknown company CIK ${entity.cik} (${entity.name}): add it to the companies first`,
      });
      continue;
    }
    const parsed = parseCompanyFacts(json, {
      file,
      ticker: company.ticker,
      fiscalYearEndMonth: company.fiscalYearEndMonth,
      concepts: conceptIndex(),
    });
    facts.push(...keepValid(parsed, run));
  }
  await writeFacts(db, collapseHistory(facts, conceptIndex()), run, "companyfacts");
}

async function ingestXbrl(db: Database, paths: readonly string[], run: RunContext): Promise<void> {
  const fiscalYearEnds = await companyFiscalYearEnds(db.prisma);
  const covered = await tickersWithCompanyFacts(db);
  const facts: MetricFact[] = [];
  for (const file of paths) {
    const text = readText(file, run);
    if (text === undefined) continue;
    const parsed = parseXbrlFactsCsv(text, {
      file,
      fiscalYearEndMonth: (ticker) => fiscalYearEnds.get(ticker),
      concepts: conceptIndex(),
    });
    // Companyfacts already carries every filing's history for its companies; XBRL tables add companies.
    for (const fact of keepValid(parsed, run)) if (!covered.has(fact.ticker)) facts.push(fact);
  }
  await writeFacts(db, collapseHistory(facts, conceptIndex()), run, "xbrl");
}

async function ingestPrices(db: Database, paths: readonly string[], run: RunContext): Promise<void> {
  const prices: PriceRow[] = [];
  for (const file of paths) {
    const text = readText(file, run);
    if (text !== undefined) prices.push(...keepValid(parsePriceCsv(text, { file }), run));
  }
  await writePrices(db, prices, run, "prices");
}

async function tickersWithCompanyFacts(db: Database): Promise<Set<string>> {
  const rows = await db.prisma.$queryRaw<{ ticker: string }[]>`
    SELECT c.ticker FROM companies c
    WHERE EXISTS (SELECT 1 FROM metric_values mv WHERE mv.company_id = c.id AND mv.source_kind = 'sec_companyfacts')`;
  return new Set(rows.map((r) => r.ticker));
}

function readText(file: string, run: RunContext): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    reject(run, {
      where: file,
      reason: `cannot read file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    });
    return undefined;
  }
}

function readJson(file: string, run: RunContext): unknown {
  const text = readText(file, run);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    reject(run, { where: file, reason: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
}
