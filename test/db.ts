// Test databases: an in-memory PGlite always, and a fresh PostgreSQL database per test file when
// DATABASE_URL is set, so every integration test runs on both engines the product supports.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "@/lib/db/client";

export interface TestDatabase {
  db: Database;
  /** The scratch PostgreSQL database's connection string, for a server process to open (PostgreSQL only). */
  url?: string;
  dispose(): Promise<void>;
}

export interface TestBackend {
  name: "pglite" | "postgres";
  open(): Promise<TestDatabase>;
}

export function testBackends(env: NodeJS.ProcessEnv = process.env): TestBackend[] {
  const backends: TestBackend[] = [{ name: "pglite", open: openPgliteInMemory }];
  const url = env.DATABASE_URL?.trim();
  if (url) backends.push({ name: "postgres", open: () => openScratchPostgres(url) });
  return backends;
}

async function openPgliteInMemory(): Promise<TestDatabase> {
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  return { db, dispose: () => db.close() };
}

/** A new, empty database on the server at `url`, dropped again by dispose(). */
async function openScratchPostgres(url: string): Promise<TestDatabase> {
  const name = `fg_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  const db = await openDatabase({ kind: "postgres", url: scratchUrl.toString() });
  return {
    db,
    url: scratchUrl.toString(),
    async dispose() {
      await db.close();
      // pg's pool.end() resolves before its sockets are closed; a forced drop would then kill those
      // sessions mid-goodbye and their clients would raise an unhandled error. Let them leave first.
      await waitForNoSessions(url, name);
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, sql: string, params: unknown[] = []): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function waitForNoSessions(url: string, database: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = (await adminQuery(url, "SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1", [
      database,
    ])) as { sessions: number }[];
    if (!row || row.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
