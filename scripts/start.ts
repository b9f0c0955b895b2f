// npm start: builds the app when there is no build or the sources changed since the last one, then
// serves it with one or more server processes (./start-cluster.ts). Each prepares its database on start
// (instrumentation.ts). SIGTERM/SIGINT reach every server process (they stop within seconds) and this
// process exits with them, never leaving one orphaned. It runs as `node --import tsx` (package.json), not under
// the tsx CLI: that wrapper relays a signal to its child and kills the child when it does not acknowledge the
// signal within about 60 ms, which cut the primary holding PGlite before its server processes had finished.
import path from "node:path";
import { buildIfStale } from "./build-if-stale";
import { readConfig, serverProcesses, type Config } from "@/lib/core/config";
import { runServerProcesses, serveEmbeddedDatabase, type ServedDatabase } from "./start-cluster";
import { planListen } from "./start-host";

// A local run on the embedded database gets the demo accounts (README) unless told otherwise.
const localDefaults = process.env.DATABASE_URL?.trim() ? {} : { FINGROUND_DEMO_ACCOUNTS: "1" };

const env = { NEXT_TELEMETRY_DISABLED: "1", ...localDefaults, ...process.env };
// A wrong value stops here, naming the variable, before a build is spent on it.
let config: Config;
try {
  config = readConfig(env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

buildIfStale(env);
const listen = planListen(config, process.argv.slice(2));
if (listen.notice) console.log(listen.notice);
const processes = serverProcesses(config);
console.log(
  `FinGround serving with ${processes.count} server process${processes.count === 1 ? "" : "es"} (${processes.reason})`,
);
// Several server processes on the embedded database: this process holds it and serves it to them.
const embeddedDir = !config.DATABASE_URL && processes.count > 1 ? path.resolve(config.FINGROUND_PGLITE_DIR) : null;
let database: ServedDatabase | null = null;
if (embeddedDir) {
  try {
    database = await serveEmbeddedDatabase(embeddedDir);
  } catch (error) {
    console.error(`FinGround could not open the embedded database: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`FinGround embedded database: PGlite at ${embeddedDir}, served by this process to its server processes`);
}
runServerProcesses(processes.count, listen.args, env, database);
