// Documents on the start path: the data folder's filing texts, the facts of their statement tables and its
// earnings calls (when the folder is present) are loaded once each (ingest_runs remembers them), in the
// server's background after start-up, since they take minutes and the app serves meanwhile. Everything is
// stored without vectors; background embedding follows, and keyword search serves until then.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import type { Progress } from "@/lib/core/progress";
import { dataDir } from "./data-dir";
import { FILING_CHUNKING_VERSION } from "./filing-chunks";
import { hasFinishedRun } from "@/lib/db/queries/ingest-runs";
import { runIngest } from "./run";

/** The filing inputs of the data folder the app loads by itself (see ../shared/data/README.md). */
export const DATA_FILING_PATHS = [
  "financebench",
  "sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl",
  "sec_10k_sections_neo4j",
] as const;

/** The earnings-call files, prepared remarks first: a full call of the same quarter then replaces them. */
const DATA_TRANSCRIPT_FILES = [
  "ectsum/ectsum_sp500_transcripts.jsonl",
  "transcripts_full_la83la/transcripts_core.jsonl",
] as const;

/** Filings, then the facts of their tables, then earnings calls; returns what it loaded. Stops at the next
 * safe point when `signal` aborts (the next start completes it). */
export async function loadStartDocuments(db: Database, progress: Progress, signal?: AbortSignal): Promise<string[]> {
  const filings = await loadStartFilings(db, progress, signal);
  const facts = await loadStartFacts(db, progress, filings.length > 0, signal);
  const calls = await loadStartTranscripts(db, progress, signal);
  return [...filings, ...facts, ...calls];
}

/** Ingests each data-folder filing input not yet ingested, or holding filings an older chunking cut (the
 * ingest replaces those); returns those it loaded. Stops between filings when `signal` aborts (the
 * next start completes the input). */
export async function loadStartFilings(db: Database, progress: Progress, signal?: AbortSignal): Promise<string[]> {
  const loaded: string[] = [];
  for (const relative of DATA_FILING_PATHS) {
    const input = dataPath(relative);
    if (signal?.aborted || !existsSync(/*turbopackIgnore: true*/ input) || !(await filingsNeedIngest(db, input)))
      continue;
    progress.log(`Loading filings from ${input} (first start only; the app serves meanwhile)…`);
    await runIngest(db, "filings", [input], progress, { embedder: null, signal });
    if (!signal?.aborted) loaded.push(relative);
  }
  return loaded;
}

/** The facts of the stored filings' tables, after filings were loaded or while no facts run has finished
 * (a facts run skips every filing whose facts are stored, so a rerun writes nothing twice). */
async function loadStartFacts(
  db: Database,
  progress: Progress,
  filingsLoaded: boolean,
  signal?: AbortSignal,
): Promise<string[]> {
  if (signal?.aborted) return [];
  if (!filingsLoaded && (await hasFinishedRun(db.prisma, "facts"))) return [];
  const [held] = await db.prisma.$queryRaw<{ statements: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM filings WHERE form IN ('10-K', '10-Q')) AS statements`;
  if (!held?.statements) return [];
  progress.log("Reading the facts of the stored filings' statement tables (first start only)…");
  await runIngest(db, "facts", [], progress, { embedder: null });
  return ["facts from filing tables"];
}

/** Each data-folder earnings-call file not yet ingested. */
async function loadStartTranscripts(db: Database, progress: Progress, signal?: AbortSignal): Promise<string[]> {
  const loaded: string[] = [];
  for (const relative of DATA_TRANSCRIPT_FILES) {
    const file = dataPath(relative);
    if (
      signal?.aborted ||
      !existsSync(/*turbopackIgnore: true*/ file) ||
      (await hasFinishedRun(db.prisma, "transcripts", file))
    )
      continue;
    progress.log(`Loading earnings calls from ${file} (first start only; the app serves meanwhile)…`);
    await runIngest(db, "transcripts", [file], progress, { embedder: null });
    loaded.push(relative);
  }
  return loaded;
}

const dataPath = (relative: string) => path.resolve(/*turbopackIgnore: true*/ dataDir(), relative);

async function filingsNeedIngest(db: Database, input: string): Promise<boolean> {
  if (!(await hasFinishedRun(db.prisma, "filings", input))) return true;
  const [outdated] = await db.prisma.$queryRaw<{ outdated: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM filings f JOIN ingest_runs r ON r.id = f.ingest_run_id
      WHERE f.chunking < ${FILING_CHUNKING_VERSION}::int AND ${input} = ANY (r.paths)
    ) AS outdated`;
  return outdated?.outdated ?? false;
}
