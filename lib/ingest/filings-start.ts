// Filings on the start path: the data folder's filing texts (when the folder is present) are ingested
// once each (ingest_runs remembers them), in the server's background after start-up, since they take
// minutes and the app serves meanwhile. They are stored without vectors; background embedding follows,
// and keyword search serves until then.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import type { Progress } from "@/lib/core/progress";
import { dataDir } from "./data-dir";
import { FILING_CHUNKING_VERSION } from "./filing-chunks";
import { runIngest } from "./run";

/** The filing inputs of the data folder the app loads by itself (see ../shared/data/README.md). */
export const DATA_FILING_PATHS = [
  "financebench",
  "sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl",
  "sec_10k_sections_neo4j",
] as const;

/** Ingests each data-folder input not yet ingested, or holding filings an older chunking cut (the
 * ingest replaces those); returns those it loaded. Stops between filings when `signal` aborts (the
 * next start completes the input). */
export async function loadStartFilings(db: Database, progress: Progress, signal?: AbortSignal): Promise<string[]> {
  const loaded: string[] = [];
  for (const relative of DATA_FILING_PATHS) {
    const input = path.resolve(/*turbopackIgnore: true*/ dataDir(), relative);
    if (signal?.aborted || !existsSync(/*turbopackIgnore: true*/ input) || !(await needsIngest(db, input))) continue;
    progress.log(`Loading filings from ${input} (first start only; the app serves meanwhile)…`);
    await runIngest(db, "filings", [input], progress, { embedder: null, signal });
    if (!signal?.aborted) loaded.push(relative);
  }
  return loaded;
}

async function needsIngest(db: Database, input: string): Promise<boolean> {
  const run = await db.prisma.ingestRun.findFirst({
    where: { source: "filings", status: { in: ["succeeded", "partial"] }, paths: { has: input } },
    select: { id: true },
  });
  if (run === null) return true;
  const [outdated] = await db.prisma.$queryRaw<{ outdated: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM filings f JOIN ingest_runs r ON r.id = f.ingest_run_id
      WHERE f.chunking < ${FILING_CHUNKING_VERSION}::int AND ${input} = ANY (r.paths)
    ) AS outdated`;
  return outdated?.outdated ?? false;
}
