// One database handle for the whole process: PostgreSQL when DATABASE_URL is set, otherwise an
// embedded PGlite (Postgres 18 in WASM, with pgvector) persisted in a folder inside the project.
// Both go through Prisma driver adapters, so every query and migration is the same on either.
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { appConfig, DEFAULT_POOL_SIZE, type Config } from "@/lib/core/config";
import { processSlot } from "@/lib/core/process-wide";
import { openEmbeddedPglite, SESSION_SETTINGS } from "./embedded";
import { PrismaClient } from "./generated/client";

export type DatabaseConfig =
  /** poolSize: connections one app instance may hold (DEFAULT_POOL_SIZE when not given). */
  /** servedPgliteDir: the URL is npm start's primary serving this PGlite folder (./pglite-wire.ts). */
  | { kind: "postgres"; url: string; poolSize?: number; servedPgliteDir?: string }
  /** dataDir null keeps the database in memory (tests), empty or starting from a data-directory dump. */
  | { kind: "pglite"; dataDir: string | null; dump?: Blob };

export interface Database {
  /** How this process reaches the data: PGlite in process, or a connection pool. */
  readonly kind: DatabaseConfig["kind"];
  /** What holds the data: PGlite (in process, or served by npm start's primary) or a PostgreSQL server. */
  readonly engine: "pglite" | "postgres";
  readonly prisma: PrismaClient;
  /** Runs SQL text that may hold several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  /** Runs `work` while holding a database-wide advisory lock, so app instances starting together on
   * one PostgreSQL prepare it one at a time. PGlite has one process, so it needs no lock. */
  withLock<T>(lockId: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Under load a query or transaction waits this long for a free connection (it queues) before
 * failing; Prisma's own default of 2 s turned short bursts into errors. */
const CONNECTION_WAIT_MS = 20_000;

export function databaseConfigFromEnv(config: Config = appConfig()): DatabaseConfig {
  const url = config.DATABASE_URL;
  if (url) {
    const servedPgliteDir = config.FINGROUND_SERVED_PGLITE_DIR;
    return { kind: "postgres", url, poolSize: config.DATABASE_POOL_SIZE, ...(servedPgliteDir && { servedPgliteDir }) };
  }
  return { kind: "pglite", dataDir: path.resolve(/*turbopackIgnore: true*/ config.FINGROUND_PGLITE_DIR) };
}

export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === "pglite") return config.dataDir ? `PGlite at ${config.dataDir}` : "PGlite in memory";
  if (config.servedPgliteDir) return `PGlite at ${config.servedPgliteDir}, served by npm start's primary`;
  const url = new URL(config.url);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === "postgres"
    ? openPostgres(config.url, config.poolSize ?? DEFAULT_POOL_SIZE, config.servedPgliteDir ? "pglite" : "postgres")
    : openPglite(config.dataDir, config.dump);
}

const transactionOptions = { maxWait: CONNECTION_WAIT_MS };

async function openPostgres(url: string, poolSize: number, engine: Database["engine"]): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" "),
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions });
  return {
    kind: "postgres",
    engine,
    prisma,
    async exec(sql) {
      const connection = await pool.connect();
      try {
        await connection.query(sql);
      } catch (error) {
        await connection.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
    async withLock(lockId, work) {
      const connection = await pool.connect();
      try {
        await connection.query("SELECT pg_advisory_lock($1)", [lockId]);
        return await work();
      } finally {
        await connection.query("SELECT pg_advisory_unlock($1)", [lockId]).catch(() => {});
        connection.release();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null, dump: Blob | undefined): Promise<Database> {
  const embedded = await openEmbeddedPglite(dataDir, dump);
  const { pglite } = embedded;
  try {
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions });
    return {
      kind: "pglite",
      engine: "pglite",
      prisma,
      async exec(sql) {
        try {
          await pglite.exec(sql);
        } catch (error) {
          await pglite.exec("ROLLBACK").catch(() => {});
          throw error;
        }
      },
      withLock: (_lockId, work) => work(),
      async close() {
        await prisma.$disconnect();
        await embedded.close();
      },
    };
  } catch (error) {
    await embedded.close();
    throw error;
  }
}

const database = processSlot<Promise<Database>>("database");

/** The process-wide database, opened on first use from the environment. */
export function getDatabase(): Promise<Database> {
  database.value ??= openDatabase(databaseConfigFromEnv()).catch((error: unknown) => {
    database.value = undefined;
    throw error;
  });
  return database.value;
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}
