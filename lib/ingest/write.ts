// Writes records in batches, each batch and its run counters in one transaction: a crash or kill
// mid-run leaves whole batches only, and rerunning skips what already landed.
import type { Database } from "@/lib/db/client";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { upsertDailyPrices } from "@/lib/db/queries/daily-prices";
import { addRunCounts } from "@/lib/db/queries/ingest-runs";
import { insertMetricFacts, loadIdLookups, type WriteResult } from "@/lib/db/queries/metric-values";
import type { Progress } from "@/lib/core/progress";
import type { IngestProblem, MetricFact, Parsed, PriceRow } from "@/lib/core/types";

const DEFAULT_BATCH_SIZE = 1000;

export interface BatchTotals {
  read: number;
  inserted: number;
  unchanged: number;
  rejected: number;
  problems: IngestProblem[];
}

export function emptyTotals(): BatchTotals {
  return { read: 0, inserted: 0, unchanged: 0, rejected: 0, problems: [] };
}

export async function writeInBatches<T>(options: {
  prisma: PrismaClient;
  runId: number;
  records: readonly T[];
  write: (tx: Prisma.TransactionClient, batch: readonly T[]) => Promise<WriteResult>;
  progress: Progress;
  label: string;
  totals: BatchTotals;
  batchSize?: number;
}): Promise<void> {
  const { prisma, runId, records, write, progress, label, totals } = options;
  const size = options.batchSize ?? DEFAULT_BATCH_SIZE;
  progress.start(label, records.length);
  for (let offset = 0; offset < records.length; offset += size) {
    const batch = records.slice(offset, offset + size);
    const result = await prisma.$transaction(
      async (tx) => {
        const written = await write(tx, batch);
        await addRunCounts(tx, runId, {
          read: batch.length,
          inserted: written.inserted,
          unchanged: written.unchanged,
          rejected: written.rejected,
        });
        return written;
      },
      { timeout: 120_000, maxWait: 60_000 },
    );
    totals.read += batch.length;
    totals.inserted += result.inserted;
    totals.unchanged += result.unchanged;
    totals.rejected += result.rejected;
    totals.problems.push(...result.problems);
    progress.advance(batch.length);
  }
  progress.finish();
}

export interface RunContext {
  runId: number;
  progress: Progress;
  totals: BatchTotals;
}

export async function writeFacts(db: Database, facts: readonly MetricFact[], run: RunContext, label: string) {
  const ids = await loadIdLookups(db.prisma);
  await writeInBatches({
    prisma: db.prisma,
    runId: run.runId,
    records: facts,
    write: (tx, batch) => insertMetricFacts(tx, batch, ids, run.runId),
    progress: run.progress,
    label,
    totals: run.totals,
  });
}

export async function writePrices(db: Database, prices: readonly PriceRow[], run: RunContext, label: string) {
  const { companyIds } = await loadIdLookups(db.prisma);
  await writeInBatches({
    prisma: db.prisma,
    runId: run.runId,
    records: prices,
    write: (tx, batch) => upsertDailyPrices(tx, batch, companyIds, run.runId),
    progress: run.progress,
    label,
    totals: run.totals,
  });
}

/** Collects valid records and counts each problem as read and rejected. */
export function keepValid<T>(parsed: Iterable<Parsed<T>>, run: RunContext): T[] {
  const records: T[] = [];
  for (const item of parsed) {
    if (item.ok) records.push(item.record);
    else reject(run, item.problem);
  }
  return records;
}

export function reject(run: RunContext, problem: IngestProblem): void {
  run.totals.read += 1;
  run.totals.rejected += 1;
  run.totals.problems.push(problem);
}
