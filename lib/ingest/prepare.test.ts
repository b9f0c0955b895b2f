// Start-up's preparation and ingest runs cut by a stop: the process that runs the ingests marks the runs left
// "running" as failed when it starts (none of its own can be under way yet); other callers leave them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends, type TestDatabase } from "@/test/db";
import { prepareDatabase, prepareSchema } from "./prepare";

describe.each(testBackends())("prepareDatabase and interrupted ingest runs on $name", (backend) => {
  let test: TestDatabase;
  // No seed here: the preparation stops after the schema.
  const noSeed = mkdtempSync(path.join(tmpdir(), "finground-no-seed-"));
  beforeAll(async () => {
    test = await backend.open();
    await prepareSchema(test.db);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("marks a run a killed process left running as failed, saying why, and leaves finished runs alone", async () => {
    const { prisma } = test.db;
    const killed = await prisma.ingestRun.create({ data: { source: "filings", paths: ["/data/a"] } });
    const finished = await prisma.ingestRun.create({
      data: { source: "news", paths: [], status: "succeeded", finishedAt: new Date("2026-01-01T00:00:00Z") },
    });
    await prepareDatabase(test.db, { seedDir: noSeed });
    expect((await prisma.ingestRun.findUniqueOrThrow({ where: { id: killed.id } })).status).toBe("running");

    await prepareDatabase(test.db, { seedDir: noSeed, failInterruptedRuns: true });
    const marked = await prisma.ingestRun.findUniqueOrThrow({ where: { id: killed.id } });
    expect(marked.status).toBe("failed");
    expect(marked.finishedAt).not.toBeNull();
    expect(marked.errors).toEqual([{ where: "run", reason: expect.stringContaining("interrupted") }]);
    expect(await prisma.ingestRun.findUniqueOrThrow({ where: { id: finished.id } })).toMatchObject({
      status: "succeeded",
      finishedAt: new Date("2026-01-01T00:00:00Z"),
    });
  });
});
