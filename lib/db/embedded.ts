// The embedded PGlite itself (Postgres 18 in WASM, with pgvector), apart from Prisma: ./client.ts puts Prisma on it,
// and npm start's primary serves it to its server processes (./pglite-wire.ts) without loading Prisma.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";

class DatabaseBusyError extends Error {
  readonly code = "DATABASE_BUSY";
}

/** Session settings every connection starts with. The document search's HNSW scans
 * (lib/documents/search/postgres.ts, the only ones) want more of the graph per query than pgvector's
 * default 40, and iterative scans so a filtered kNN still returns enough rows; set once per session,
 * they cost a search no transaction and no extra round trip. */
export const SESSION_SETTINGS = { "hnsw.ef_search": "100", "hnsw.iterative_scan": "relaxed_order" } as const;

/** PGlite itself, its folder locked to this process and its session settings made: for this process's Prisma,
 * or for npm start's primary to serve to its server processes (./pglite-wire.ts). */
export async function openEmbeddedPglite(
  dataDir: string | null,
  dump?: Blob,
): Promise<{ pglite: PGlite; close(): Promise<void> }> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const pglite = await PGlite.create(dataDir ?? "memory://", { extensions: { vector }, loadDataDir: dump });
    for (const [name, value] of Object.entries(SESSION_SETTINGS))
      await pglite.query("SELECT set_config($1, $2, false)", [name, value]);
    return {
      pglite,
      async close() {
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** PGlite is single-process: two processes writing one folder would corrupt it, so the folder
 * carries the owner's pid and a second opener gets a clear error instead. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "finground.lock");
  if (existsSync(lockFile)) {
    const owner = Number(readFileSync(lockFile, "utf8").trim());
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseBusyError(
        `The embedded database at ${dataDir} is in use by process ${owner} (is the app running?). ` +
          "Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.",
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
