// npm start: builds the app when there is no build or the sources changed since the last one, then
// serves it. The server prepares its own database on start (instrumentation.ts). SIGTERM/SIGINT reach
// the server (it stops within seconds) and this process exits with it, never leaving it orphaned.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { readConfig, type Config } from "@/lib/core/config";
import { planListen } from "./start-host";

const SOURCES = ["app", "components", "lib", "prisma/schema.prisma", "instrumentation.ts", "proxy.ts", "next.config.ts", "package-lock.json"];
const IGNORED = new Set(["generated", "node_modules"]);

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry)
    .filter((name) => !IGNORED.has(name) && !name.endsWith(".test.ts"))
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

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
// Next's own CLI, without npx in between: a signal sent to it reaches the server itself.
const nextCli = path.join("node_modules", "next", "dist", "bin", "next");

function build(): void {
  const result = spawnSync(process.execPath, [nextCli, "build"], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function serve(args: string[]): void {
  const server = spawn(process.execPath, [nextCli, "start", ...args], { stdio: "inherit", env });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 143)));
}

const buildId = ".next/BUILD_ID";
const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
if (SOURCES.some((entry) => newestChange(entry) > builtAt)) build();
const listen = planListen(config, process.argv.slice(2));
if (listen.notice) console.log(listen.notice);
serve(listen.args);
