import { existsSync } from "node:fs";
import path from "node:path";
import { appConfig } from "@/lib/core/config";

// The shared data folder sits beside the project and is never copied into it; FINGROUND_DATA_DIR
// points elsewhere (CI, other checkouts).
export function dataDir(): string {
  return appConfig().FINGROUND_DATA_DIR ?? path.resolve(/*turbopackIgnore: true*/ process.cwd(), "../shared/data");
}

/** The project builds and tests without the data folder; checks that read it skip when this is false. */
export function hasDataDir(): boolean {
  return existsSync(/*turbopackIgnore: true*/ dataDir());
}
