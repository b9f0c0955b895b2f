// Brings a database to a usable state: migrations applied, the metric catalog mirrored, and the
// committed seed loaded once (its fingerprint is remembered, so later starts skip it in milliseconds),
// then the news the start path loads (filing alerts, and the data folder's news when present).
import { METRICS } from "@/lib/catalog/metrics";
import { runIngest } from "./run";
import { hasSeed, SEED_DIR, seedMarker } from "./seed";
import { loadStartNews } from "./news-start";
import { silentProgress, type Progress } from "@/lib/core/progress";
import type { Database } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { failInterruptedIngestRuns } from "@/lib/db/queries/ingest-runs";
import { syncMetricCatalog } from "@/lib/db/queries/metric-catalog";
import { hasFinishedRun } from "@/lib/db/queries/ingest-runs";

export interface PrepareResult {
  migrationsApplied: string[];
  seedLoaded: boolean;
}

/** Migrations and catalog only: what every command needs before it reads or writes. */
export async function prepareSchema(db: Database): Promise<string[]> {
  const applied = await migrate(db);
  await syncMetricCatalog(db.prisma, METRICS);
  return applied;
}

// Any fixed id: it only has to differ from the advisory locks other tools take (Prisma's is 72707369).
const PREPARE_LOCK_ID = 4_619_021;

export async function prepareDatabase(db: Database, options: PrepareOptions = {}): Promise<PrepareResult> {
  return db.withLock(PREPARE_LOCK_ID, () => prepareUnlocked(db, options));
}

interface PrepareOptions {
  seedDir?: string;
  progress?: Progress;
  /** Also load the start path's news (the server's start-up does; tests of the seed need not). */
  news?: boolean;
  /** Mark runs left "running" as failed: only the server process that runs the ingests, at its start. */
  failInterruptedRuns?: boolean;
}

async function prepareUnlocked(db: Database, options: PrepareOptions): Promise<PrepareResult> {
  const progress = options.progress ?? silentProgress;
  const seedDir = options.seedDir ?? SEED_DIR;
  const migrationsApplied = await prepareSchema(db);
  if (options.failInterruptedRuns) {
    const interrupted = await failInterruptedIngestRuns(db.prisma);
    if (interrupted > 0)
      progress.log(`Marked ${interrupted} ingest run${interrupted === 1 ? "" : "s"} interrupted by a stop as failed.`);
  }
  if (!hasSeed(seedDir)) return { migrationsApplied, seedLoaded: false };
  const seedLoaded = !(await hasFinishedRun(db.prisma, "seed", seedMarker(seedDir)));
  if (seedLoaded) {
    progress.log("Loading the FinGround seed (first start only)…");
    await runIngest(db, "seed", [seedDir], progress);
  }
  const newsLoaded = options.news ? await loadStartNews(db, seedDir, progress) : [];
  // Fresh planner statistics for the bulk-loaded tables (PGlite has no autovacuum to gather them).
  if (seedLoaded || newsLoaded.length > 0) await db.exec("ANALYZE");
  return { migrationsApplied, seedLoaded };
}
