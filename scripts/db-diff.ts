// npm run db:diff -- --name <migration_name>   write prisma/migrations/<UTC stamp>_<name>/migration.sql
// npm run db:diff -- --check                   exit 1 (printing the SQL) if migrations and schema differ
//
// Offline stand-in for `prisma migrate dev --create-only` and `prisma migrate diff --exit-code`: the
// Prisma CLI needs a native schema engine it cannot download here, so this drives the same engine
// compiled to WASM (@prisma/schema-engine-wasm, pinned to prisma's engines hash). The engine replays
// the existing migrations on a shadow database (a throwaway in-memory PGlite: no server needed) and
// diffs that against prisma/schema.prisma, rendering SQL exactly as the CLI would.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { messages, PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import {
  bindMigrationAwareSqlAdapterFactory,
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import * as engineModule from "@prisma/schema-engine-wasm/schema_engine_bg";
import type {
  MigrationDirectory,
  MigrationList,
  SchemaContainer,
  SchemaEngine,
  SchemaFilter,
} from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import prismaConfig from "../prisma.config";

const ROOT = path.resolve(import.meta.dirname, "..");
const LOCKFILE_NAME = "migration_lock.toml";
const MIGRATION_FILE = "migration.sql";
// Prisma slugifies --name and caps it at 200 characters; lib/db/migrate.ts expects [a-z0-9_].
const MAX_NAME_LENGTH = 200;

type Options = { mode: "check" } | { mode: "create"; name: string };

interface Project {
  schemaFiles: SchemaContainer[];
  migrationsDir: string;
  filters: SchemaFilter;
  shadowDbInitScript: string;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: { name: { type: "string", short: "n" }, check: { type: "boolean", default: false } },
    strict: true,
  });
  if (values.check) return { mode: "check" };
  const name = slugify(values.name ?? "");
  if (!name) throw new Error("--name is required (or --check)");
  return { mode: "create", name };
}

/** What Prisma's CLI does to --name (the `slugify` package with "_"), for ASCII-ish input. */
function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z\d]+)/g, "$1_$2")
    .toLowerCase()
    .replace(/&/g, "_and_")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_NAME_LENGTH);
}

// ---- project files (paths in prisma.config.ts are relative to the config file, at the root) ----

function loadProject(): Project {
  const schemaPath = path.resolve(ROOT, prismaConfig.schema ?? "prisma/schema.prisma");
  return {
    schemaFiles: readSchemaFiles(schemaPath),
    migrationsDir: path.resolve(ROOT, prismaConfig.migrations?.path ?? "prisma/migrations"),
    // The same filter and shadow init script `prisma migrate` takes from prisma.config.ts.
    filters: {
      externalTables: prismaConfig.tables?.external ?? [],
      externalEnums: prismaConfig.enums?.external ?? [],
    },
    shadowDbInitScript: prismaConfig.migrations?.initShadowDb ?? "",
  };
}

/** A schema path may be one file or a folder of *.prisma files (multi-file schema). */
function readSchemaFiles(schemaPath: string): SchemaContainer[] {
  if (!existsSync(schemaPath)) throw new Error(`Prisma schema not found at ${schemaPath}`);
  const files = statSync(schemaPath).isDirectory()
    ? readdirSync(schemaPath, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".prisma"))
        .sort()
        .map((file) => path.join(schemaPath, file))
    : [schemaPath];
  return files.map((file) => ({ path: file, content: readFileSync(file, "utf8") }));
}

/** Mirrors how Prisma's CLI loads the migrations folder for the engine. */
function readMigrationList(project: Project): MigrationList {
  const dir = project.migrationsDir;
  const lockPath = path.join(dir, LOCKFILE_NAME);
  const directories: MigrationDirectory[] = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
        .map((name) => readMigrationDirectory(dir, name))
    : [];
  return {
    baseDir: dir,
    lockfile: { path: LOCKFILE_NAME, content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: project.shadowDbInitScript,
    migrationDirectories: directories,
  };
}

function readMigrationDirectory(dir: string, name: string): MigrationDirectory {
  const file = path.join(dir, name, MIGRATION_FILE);
  try {
    return {
      path: name,
      migrationFile: { path: MIGRATION_FILE, content: { tag: "ok", value: readFileSync(file, "utf8") } },
    };
  } catch (error) {
    // The engine reports unreadable migrations itself, naming the folder.
    return {
      path: name,
      migrationFile: { path: MIGRATION_FILE, content: { tag: "error", value: (error as Error).message } },
    };
  }
}

function lockfileContent(provider: string): string {
  return `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${provider}"\n`;
}

// ---- databases: a throwaway in-memory PGlite as the "main" database and one per shadow database ----

interface Databases {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

async function openPGlite(): Promise<PGlite> {
  // pgvector loaded so migrations with `CREATE EXTENSION vector` replay like they do in lib/db/client.ts.
  return PGlite.create("memory://", { extensions: { vector } });
}

/**
 * pglite-prisma-adapter 0.7.2's executeScript does not await PGlite's exec(): a migration that fails
 * on the shadow database would count as applied (a false "in sync") and its error would surface as an
 * unhandled rejection. Replace it with one that waits and reports the error as Postgres would.
 */
async function connectPGlite(db: PGlite): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPGlite(db).connect();
  adapter.executeScript = async (script: string): Promise<void> => {
    try {
      await db.exec(script);
    } catch (error) {
      throw error instanceof messages.DatabaseError ? toDriverAdapterError(error) : error;
    }
  };
  return adapter;
}

function toDriverAdapterError(error: messages.DatabaseError): DriverAdapterError {
  return new DriverAdapterError({
    kind: "postgres",
    code: error.code ?? "XX000",
    severity: error.severity ?? "ERROR",
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  });
}

/** PrismaPGlite's own connectToShadowDb never closes its PGlite; this one tracks them to close. */
async function openDatabases(): Promise<Databases> {
  const main = await openPGlite();
  const opened: PGlite[] = [main];
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "pglite-prisma-adapter",
    connect: async () => connectPGlite(main),
    connectToShadowDb: async () => {
      const shadow = await openPGlite();
      opened.push(shadow);
      return connectPGlite(shadow);
    },
  };
  return { factory, close: async () => void (await Promise.all(opened.map((db) => db.close()))) };
}

// ---- the WASM schema engine ----

let wasmLoaded = false;

/** The package's entry imports the .wasm as an ES module, which Node 20 cannot; instantiate it by hand. */
function loadEngineWasm(): void {
  if (wasmLoaded) return;
  const wasmUrl = new URL(import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg").replace(/\.js$/, ".wasm"));
  const module = new WebAssembly.Module(readFileSync(wasmUrl));
  const imports: WebAssembly.Imports = {
    "./schema_engine_bg.js": engineModule as unknown as WebAssembly.ModuleImports,
  };
  const instance = new WebAssembly.Instance(module, imports);
  engineModule.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  wasmLoaded = true;
}

interface EngineLog {
  level?: string;
  fields?: { message?: string };
}

/** The engine logs JSON lines; show warnings and errors, everything with DEBUG_SCHEMA_ENGINE=1. */
function logEngineMessage(line: string): void {
  let log: EngineLog;
  try {
    log = JSON.parse(line) as EngineLog;
  } catch {
    console.error(`schema-engine: ${line}`);
    return;
  }
  if (process.env.DEBUG_SCHEMA_ENGINE === "1" || log.level === "WARN" || log.level === "ERROR") {
    console.error(`schema-engine ${log.level ?? ""}: ${log.fields?.message ?? line}`);
  }
}

async function withEngine<T>(project: Project, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  loadEngineWasm();
  const databases = await openDatabases();
  let engine: SchemaEngine | null = null;
  try {
    const datamodels = project.schemaFiles.map((file): [string, string] => [file.path, file.content]);
    const adapter = bindMigrationAwareSqlAdapterFactory(databases.factory);
    engine = await engineModule.SchemaEngine.new({ datamodels }, logEngineMessage, adapter);
    return await run(engine);
  } finally {
    engine?.free();
    await databases.close();
  }
}

// ---- commands ----

/** `prisma migrate dev --create-only`: the engine names the folder (UTC yyyymmddHHMMSS_name). */
async function createMigration(project: Project, name: string): Promise<number> {
  const migrationsList = readMigrationList(project);
  const output = await withEngine(project, async (engine) => {
    // The WASM engine's createMigration cannot open a shadow database itself: it takes the schema of
    // the migration history from a cache that devDiagnostic fills (through the adapter's shadow
    // database) for the migrations applied to the main database. So bring a throwaway in-memory main
    // database up to date first, then run the `migrate dev` sequence.
    await engine.applyMigrations({ migrationsList, filters: project.filters });
    const diagnostic = await engine.devDiagnostic({ migrationsList, filters: project.filters });
    if (diagnostic.action.tag === "reset")
      throw new Error(`The migration history is inconsistent: ${diagnostic.action.reason}`);
    return engine.createMigration({
      migrationName: name,
      draft: true, // as --create-only: an empty diff still yields a migration to hand-write SQL in
      migrationsList,
      schema: { files: project.schemaFiles },
      filters: project.filters,
    });
  });
  if (output.migrationScript === null) throw new Error("The schema engine returned no migration script");
  const dir = path.join(project.migrationsDir, output.generatedMigrationName);
  if (existsSync(dir)) throw new Error(`The migration directory already exists at ${dir}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `migration.${output.extension}`), output.migrationScript, "utf8");
  const lockPath = path.join(project.migrationsDir, LOCKFILE_NAME);
  if (!existsSync(lockPath)) writeFileSync(lockPath, lockfileContent(output.connectorType), "utf8");

  const relative = path.relative(process.cwd(), path.join(dir, `migration.${output.extension}`));
  const empty = output.migrationScript.includes("This is an empty migration.");
  console.log(
    empty ? `Schema and migrations already match: wrote an empty migration ${relative}` : `Wrote ${relative}`,
  );
  return 0;
}

/** `prisma migrate diff --from-migrations --to-schema --exit-code`, for CI. */
async function checkMigrations(project: Project): Promise<number> {
  const migrationsList = readMigrationList(project);
  // "from migrations" needs to know the provider; a folder without a lockfile is still postgresql.
  migrationsList.lockfile.content ??= lockfileContent("postgresql");
  const result = await withEngine(project, (engine) =>
    engine.diff({
      from: { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: project.schemaFiles },
      script: true,
      exitCode: true,
      filters: project.filters,
    }),
  );
  const count = migrationsList.migrationDirectories.length;
  if (result.exitCode === 0) {
    console.log(`Migrations are in sync with the Prisma schema (${count} migration${count === 1 ? "" : "s"}).`);
    return 0;
  }
  console.error("The Prisma schema differs from prisma/migrations. This SQL would bring the migrations up to date:\n");
  console.log(result.stdout ?? "");
  console.error("Run `npm run db:diff -- --name <migration_name>` to add it as a migration.");
  return 1;
}

async function main(argv: string[]): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: npm run db:diff -- --name <migration_name> | --check`);
    return 2;
  }
  const project = loadProject();
  return options.mode === "check" ? checkMigrations(project) : createMigration(project, options.name);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error(`db-diff failed: ${message}`);
    process.exit(2);
  },
);
