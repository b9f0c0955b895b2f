import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, MigrationError, readMigrations } from "./migrate";
import { testBackends, type TestDatabase } from "@/test/db";

describe.each(testBackends())("migrations on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("apply every migration to an empty database and record them as Prisma does", async () => {
    const all = readMigrations();
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(test.db)).toEqual(all.map((m) => m.name));
    const recorded = await test.db.prisma.$queryRaw<
      { migration_name: string; checksum: string; applied_steps_count: number }[]
    >`
      SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`;
    expect(recorded).toEqual(
      all.map((m) => ({ migration_name: m.name, checksum: m.checksum, applied_steps_count: 1 })),
    );
    const tables = await test.db.prisma.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        "companies",
        "company_aliases",
        "daily_prices",
        "ingest_runs",
        "metric_aliases",
        "metric_relations",
        "metric_values",
        "metrics",
      ]),
    );
  });

  it("are idempotent: a second run applies nothing", async () => {
    expect(await migrate(test.db)).toEqual([]);
  });

  it("refuse a migration edited after it was applied", async () => {
    const [first, ...rest] = readMigrations();
    const edited = { ...first!, checksum: "0".repeat(64) };
    await expect(migrate(test.db, [edited, ...rest])).rejects.toThrow(MigrationError);
    await expect(migrate(test.db, [edited, ...rest])).rejects.toThrow(/changed after it was applied/);
  });

  it("roll back a failing migration whole and report it", async () => {
    const broken = {
      name: "29990101000000_broken",
      sql: 'CREATE TABLE "half_done" (id int); SELECT * FROM no_such_table;',
      checksum: "f".repeat(64),
    };
    await expect(migrate(test.db, [...readMigrations(), broken])).rejects.toThrow(/29990101000000_broken failed/);
    const leftovers = await test.db.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'half_done'`;
    expect(Number(leftovers[0]!.n)).toBe(0);
    // The connection is usable afterwards.
    expect(await migrate(test.db)).toEqual([]);
  });
});
