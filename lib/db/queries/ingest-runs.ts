// Ingest runs: one row per `npm run ingest` invocation (or seed load) with its counters and the first
// problems it met, so /data can show what went in and what was rejected.
import type { Prisma, PrismaClient } from "../generated/client";
import type { IngestProblem } from "@/lib/core/types";

/** Problems kept per run: enough to act on, bounded so a broken file cannot bloat the table. */
const MAX_STORED_PROBLEMS = 100;

export interface RunCounts {
  read: number;
  inserted: number;
  unchanged: number;
  rejected: number;
}

export async function startIngestRun(prisma: PrismaClient, source: string, paths: string[]): Promise<number> {
  // A run left "running" by a killed process of the same source can never finish: say so.
  await prisma.ingestRun.updateMany({
    where: { source, status: "running" },
    data: { status: "failed", finishedAt: new Date() },
  });
  const run = await prisma.ingestRun.create({ data: { source, paths } });
  return run.id;
}

/** Marks every run still "running" as failed: called at start by the process that runs ingests, when no run of
 * its own can be under way, so a run whose process was killed does not stay "running" until a later run of its
 * source. Returns how many it marked. */
export async function failInterruptedIngestRuns(prisma: PrismaClient): Promise<number> {
  const interrupted = await prisma.ingestRun.findMany({
    where: { status: "running" },
    select: { id: true, errors: true },
  });
  for (const run of interrupted) {
    const errors = Array.isArray(run.errors) ? run.errors : [];
    await prisma.ingestRun.updateMany({
      where: { id: run.id, status: "running" },
      data: {
        status: "failed",
        finishedAt: new Date(),
        errors: [
          { where: "run", reason: "interrupted: the process running it stopped before it finished (found at start)" },
          ...errors,
        ] as Prisma.InputJsonValue,
      },
    });
  }
  return interrupted.length;
}

/** Adds one batch's counts; called inside the batch's transaction so counters never drift from rows. */
export async function addRunCounts(
  tx: Prisma.TransactionClient | PrismaClient,
  runId: number,
  counts: RunCounts,
): Promise<void> {
  await tx.ingestRun.update({
    where: { id: runId },
    data: {
      rowsRead: { increment: counts.read },
      rowsInserted: { increment: counts.inserted },
      rowsUnchanged: { increment: counts.unchanged },
      rowsRejected: { increment: counts.rejected },
    },
  });
}

/** Closes a run with its final counts, which also cover records rejected before any batch was written. */
export async function finishIngestRun(
  prisma: PrismaClient,
  runId: number,
  totals: RunCounts & { problems: readonly IngestProblem[] },
  failure?: string,
): Promise<void> {
  const { problems } = totals;
  const stored = problems.slice(0, MAX_STORED_PROBLEMS).map((p) => ({ where: p.where, reason: p.reason }));
  if (failure) stored.unshift({ where: "run", reason: failure });
  await prisma.ingestRun.update({
    where: { id: runId },
    data: {
      status: failure ? "failed" : problems.length > 0 ? "partial" : "succeeded",
      finishedAt: new Date(),
      rowsRead: totals.read,
      rowsInserted: totals.inserted,
      rowsUnchanged: totals.unchanged,
      rowsRejected: totals.rejected,
      errors: stored,
    },
  });
}

/** Whether a run of `source` finished (succeeded, or partly) — over `input` when one is given: what start-up
 * loads only once. */
export async function hasFinishedRun(prisma: PrismaClient, source: string, input?: string): Promise<boolean> {
  const run = await prisma.ingestRun.findFirst({
    where: {
      source,
      status: { in: ["succeeded", "partial"] },
      ...(input === undefined ? {} : { paths: { has: input } }),
    },
    select: { id: true },
  });
  return run !== null;
}
