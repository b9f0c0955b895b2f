// Keeps the filings bench's set-up (about 50 min: ingest, generated vectors, HNSW build) between runs:
// a PostgreSQL database and a PGlite directory under .data/, each named by a fingerprint of its inputs
// (the data folder's filing files, the migrations, the set-up's own version), so a second run with the
// same inputs goes straight to searching. A set-up counts only once it completed: its set-up row is
// written last (PostgreSQL: the database's comment; PGlite: a file beside the directory).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "@/lib/db/client";
import { readMigrations } from "@/lib/db/migrate";
import { DATA_FILING_PATHS } from "@/lib/ingest/start-documents";
import { dataDir } from "@/lib/ingest/data-dir";

/** Bump when the set-up itself changes (vector generator, copies, ingestion or chunking code): the
 * fingerprint covers the data and the migrations, not the code. */
const SETUP_VERSION = 1;
const POSTGRES_PREFIX = "fg_bench_filings_";

export interface CachedSetup {
  db: Database;
  /** The set-up table's row, from the run that built it. */
  setupRow: string;
  reused: boolean;
}

/** Hash of every input file of the set-up, the migration list and SETUP_VERSION; `extra` names
 * anything else the set-up depends on (the encoder's model). */
export function setupFingerprint(extra: string): string {
  const hash = createHash("sha256").update(`v${SETUP_VERSION}\n${extra}\n`);
  for (const migration of readMigrations()) hash.update(`${migration.name} ${migration.checksum}\n`);
  for (const relative of DATA_FILING_PATHS)
    for (const file of filesUnder(path.join(dataDir(), relative)))
      hash.update(
        `${path.relative(dataDir(), file)} ${createHash("sha256").update(readFileSync(file)).digest("hex")}\n`,
      );
  return hash.digest("hex").slice(0, 16);
}

function filesUnder(target: string): string[] {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(path.join(target, entry.name)));
}

async function adminQuery<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** A template must have no sessions, and pg's pool.end() resolves before its sockets are closed. */
async function waitForNoSessions(url: string, database: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await adminQuery<{ sessions: number }>(
      url,
      "SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1",
      [database],
    );
    if (!row || row.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The PostgreSQL database `fg_bench_filings_<name>` at the server of `url`: reused when a completed
 * set-up is there, else (re)created (from `template`, a database name, when given) and built by
 * `build`, which returns the set-up row. */
export async function cachedPostgres(
  url: string,
  name: string,
  build: (db: Database) => Promise<string>,
  template?: string,
): Promise<CachedSetup> {
  const database = POSTGRES_PREFIX + name;
  const scratch = new URL(url);
  scratch.pathname = `/${database}`;
  const [existing] = await adminQuery<{ comment: string | null }>(
    url,
    "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
    [database],
  );
  if (existing?.comment) {
    console.log(`reusing PostgreSQL database ${database} (its set-up: ${existing.comment})`);
    return {
      db: await openDatabase({ kind: "postgres", url: scratch.toString() }),
      setupRow: existing.comment,
      reused: true,
    };
  }
  const others = await adminQuery<{ datname: string }>(
    url,
    "SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2 ORDER BY datname",
    [`${POSTGRES_PREFIX}%`, database],
  );
  if (others.length > 0)
    console.log(
      `other filings bench databases on this server (drop them when unused): ${others.map((o) => o.datname).join(", ")}`,
    );
  console.log(`building PostgreSQL database ${database}${template ? ` from ${POSTGRES_PREFIX + template}` : ""}…`);
  await adminQuery(url, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  if (template) await waitForNoSessions(url, POSTGRES_PREFIX + template);
  await adminQuery(url, `CREATE DATABASE "${database}"${template ? ` TEMPLATE "${POSTGRES_PREFIX + template}"` : ""}`);
  const db = await openDatabase({ kind: "postgres", url: scratch.toString() });
  try {
    const setupRow = await build(db);
    // COMMENT takes no parameters; the row is ours, but quote it as a literal all the same.
    await db.exec(`COMMENT ON DATABASE "${database}" IS ${pg.escapeLiteral(setupRow)}`);
    return { db, setupRow, reused: false };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** The PGlite directory `.data/bench-filings-<name>`: reused when its set-up completed, else emptied
 * and built by `build`. */
export async function cachedPglite(name: string, build: (db: Database) => Promise<string>): Promise<CachedSetup> {
  const dir = path.resolve(".data", `bench-filings-${name}`);
  const marker = `${dir}.setup.json`;
  if (existsSync(marker)) {
    const { setupRow } = JSON.parse(readFileSync(marker, "utf8")) as { setupRow: string };
    console.log(`reusing PGlite directory ${dir} (its set-up: ${setupRow})`);
    return { db: await openDatabase({ kind: "pglite", dataDir: dir }), setupRow, reused: true };
  }
  console.log(`building PGlite directory ${dir}…`);
  rmSync(dir, { recursive: true, force: true });
  const db = await openDatabase({ kind: "pglite", dataDir: dir });
  try {
    const setupRow = await build(db);
    writeFileSync(marker, JSON.stringify({ setupRow, builtAt: new Date().toISOString() }));
    return { db, setupRow, reused: false };
  } catch (error) {
    await db.close();
    throw error;
  }
}
