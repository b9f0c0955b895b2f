// npm start: builds the app when there is no build or the sources changed since the last one, then
// serves it. The server prepares its own database on start (instrumentation.ts). SIGTERM/SIGINT reach
// the server (it stops within seconds) and this process exits with it, never leaving it orphaned.
import { spawn } from "node:child_process";
import { buildIfStale, NEXT_CLI } from "./build-if-stale";
import { readConfig, type Config } from "@/lib/core/config";
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

function serve(args: string[]): void {
  const server = spawn(process.execPath, [NEXT_CLI, "start", ...args], { stdio: "inherit", env });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 143)));
}

buildIfStale(env);
const listen = planListen(config, process.argv.slice(2));
if (listen.notice) console.log(listen.notice);
serve(listen.args);
