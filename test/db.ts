// Test databases: an in-memory PGlite always, and a fresh PostgreSQL database per test file when
// DATABASE_URL is set, so every integration test runs on both engines the product supports.
// A seeded database (what a first start leaves: migrations, catalog, the committed seed) takes ~13 s
// to prepare on either engine; it is prepared once per test run, by the first file that asks, and every
// file gets its own copy: a PGlite data-directory dump (1–2.5 s) or a PostgreSQL template database (0.24 s).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { inject } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { adminQuery, seedTemplateName } from "./postgres-admin";

export interface TestDatabase {
  db: Database;
  /** The scratch PostgreSQL database's connection string, for a server process to open (PostgreSQL only). */
  url?: string;
  dispose(): Promise<void>;
}

export interface TestBackend {
  name: "pglite" | "postgres";
  /** An empty database. */
  open(): Promise<TestDatabase>;
  /** A database as prepareDatabase leaves it (migrations, catalog, the committed seed), the test's own copy. */
  openSeeded(): Promise<TestDatabase>;
}

export function testBackends(env: NodeJS.ProcessEnv = process.env): TestBackend[] {
  const backends: TestBackend[] = [{ name: "pglite", open: openPgliteInMemory, openSeeded: openSeededPglite }];
  const url = env.DATABASE_URL?.trim();
  if (url) {
    backends.push({
      name: "postgres",
      open: () => openScratchPostgres(url),
      openSeeded: () => openSeededPostgres(url),
    });
  }
  return backends;
}

async function openPgliteInMemory(): Promise<TestDatabase> {
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  return { db, dispose: () => db.close() };
}

function seedRunDir(): string {
  const dir = inject("seedTemplateDir");
  if (!dir)
    throw new Error("seedTemplateDir is not provided: run the tests through vitest.config.ts (test/global-setup.ts)");
  return dir;
}

async function openSeededPglite(): Promise<TestDatabase> {
  const dump = path.join(seedRunDir(), "pglite.tar");
  await onceForTheRun(dump, async () => {
    // Prepared in a folder as `npm start` would, then dumped as a whole.
    const dataDir = `${dump}.dir`;
    const db = await openDatabase({ kind: "pglite", dataDir });
    try {
      await prepareDatabase(db);
    } finally {
      await db.close();
    }
    const pglite = await PGlite.create(dataDir, { extensions: { vector } });
    try {
      writeFileSync(`${dump}.partial`, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
    } finally {
      await pglite.close();
    }
    renameSync(`${dump}.partial`, dump);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const db = await openDatabase({ kind: "pglite", dataDir: null, dump: new Blob([readFileSync(dump)]) });
  return { db, dispose: () => db.close() };
}

async function openSeededPostgres(url: string): Promise<TestDatabase> {
  const runDir = seedRunDir();
  const template = seedTemplateName(runDir);
  await onceForTheRun(path.join(runDir, "postgres.ready"), async (ready) => {
    await adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE "${template}"`);
    const db = await openDatabase({ kind: "postgres", url: databaseUrl(url, template) });
    try {
      await prepareDatabase(db);
    } finally {
      await db.close();
    }
    // A template is copied only while nobody is connected to it.
    await waitForNoSessions(url, template);
    writeFileSync(ready, template);
  });
  return openScratchPostgres(url, template);
}

/**
 * Runs `build` once per test run across the test workers: the first caller builds `product` (a file
 * that exists only when complete) while holding a lock folder; the others wait for it.
 */
async function onceForTheRun(product: string, build: (product: string) => Promise<void>): Promise<void> {
  const lock = `${product}.lock`;
  const deadline = Date.now() + 5 * 60_000;
  while (!existsSync(product)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${product}, built by another test worker`);
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if (!existsSync(product)) await build(product);
    } finally {
      rmdirSync(lock);
    }
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the server at `url` (empty, or a copy of `template`), dropped again by dispose(). */
async function openScratchPostgres(url: string, template?: string): Promise<TestDatabase> {
  const name = `fg_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const scratchUrl = databaseUrl(url, name);
  const db = await openDatabase({ kind: "postgres", url: scratchUrl });
  return {
    db,
    url: scratchUrl,
    async dispose() {
      await db.close();
      // pg's pool.end() resolves before its sockets are closed; a forced drop would then kill those
      // sessions mid-goodbye and their clients would raise an unhandled error. Let them leave first.
      await waitForNoSessions(url, name);
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
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
