// Builds the app when there is no build or a source changed since the last one. `npm start`, `npm test`
// (before the tests that start servers) and the Playwright servers share it, so one build serves all.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCES = [
  "app",
  "components",
  "lib",
  "prisma/schema.prisma",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.ts",
  "package-lock.json",
];
const IGNORED = new Set(["generated", "node_modules"]);
const BUILD_ID = ".next/BUILD_ID";

/** Next's own CLI, without npx in between: a signal sent to it reaches the server itself. */
export const NEXT_CLI = path.join("node_modules", "next", "dist", "bin", "next");

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry)
    .filter((name) => !IGNORED.has(name) && !name.endsWith(".test.ts"))
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

/** Runs `next build` when the build is missing or older than the sources; exits the process if it fails. */
export function buildIfStale(env: NodeJS.ProcessEnv): void {
  const builtAt = existsSync(BUILD_ID) ? statSync(BUILD_ID).mtimeMs : 0;
  if (!SOURCES.some((entry) => newestChange(entry) > builtAt)) return;
  const result = spawnSync(process.execPath, [NEXT_CLI, "build"], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildIfStale({ NEXT_TELEMETRY_DISABLED: "1", ...process.env });
}
