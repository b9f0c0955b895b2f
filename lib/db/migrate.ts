// Applies prisma/migrations offline, on PGlite and PostgreSQL alike, recording each migration in
// _prisma_migrations exactly as `prisma migrate deploy` does, so either tool can take over.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "./client";

// Read at run time from the project folder, not bundled (hence the hint to Next's file tracer).
const MIGRATIONS_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma/migrations");

const MIGRATION_NAME = /^\d{14}_[a-z0-9_]+$/;
// The lock id Prisma's own schema engine takes, so both never migrate at the same time.
const PRISMA_MIGRATE_LOCK_ID = 72707369;

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  readonly code = "MIGRATION_FAILED";
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(/*turbopackIgnore: true*/ dir)) throw new MigrationError(`No migrations folder at ${dir}`);
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      if (!MIGRATION_NAME.test(name)) throw new MigrationError(`Unexpected migration folder name "${name}"`);
      const sql = readFileSync(path.join(/*turbopackIgnore: true*/ dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

interface AppliedMigration {
  migration_name: string;
  checksum: string;
}

async function appliedMigrations(db: Database): Promise<Map<string, string>> {
  const rows = await db.prisma.$queryRaw<AppliedMigration[]>`
    SELECT migration_name, checksum FROM "_prisma_migrations"
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  return new Map(rows.map((row) => [row.migration_name, row.checksum]));
}

/** Applies the pending migrations, each in its own transaction. Returns the names applied. */
export async function migrate(db: Database, migrations: Migration[] = readMigrations()): Promise<string[]> {
  await db.exec(CREATE_MIGRATIONS_TABLE);
  const applied: string[] = [];
  for (const migration of migrations) {
    const known = (await appliedMigrations(db)).get(migration.name);
    if (known !== undefined) {
      if (known !== migration.checksum) {
        throw new MigrationError(
          `Migration ${migration.name} was changed after it was applied (checksum differs). ` +
            "Migrations are immutable: add a new one instead.",
        );
      }
      continue;
    }
    try {
      await db.exec(applyStatement(migration));
      applied.push(migration.name);
    } catch (error) {
      // Another process may have applied it while we waited for the lock.
      if ((await appliedMigrations(db)).get(migration.name) === migration.checksum) continue;
      throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
    }
  }
  return applied;
}

function applyStatement(migration: Migration): string {
  // exec() takes no parameters; every value here is generated or validated above, not user input.
  return [
    "BEGIN;",
    `SELECT pg_advisory_xact_lock(${PRISMA_MIGRATE_LOCK_ID});`,
    migration.sql,
    `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
     VALUES ('${randomUUID()}', '${migration.checksum}', now(), '${migration.name}', 1);`,
    "COMMIT;",
  ].join("\n");
}
