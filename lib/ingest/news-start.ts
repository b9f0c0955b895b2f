// News on the start path. The repository holds no article text (the data folder's rules), so a fresh
// start generates filing alerts from the SEC facts in the database and ingests the news files of
// ../shared/data when that folder is present, each once (ingest_runs remembers them). Both store
// without vectors, to keep start-up short: the server embeds them in the background afterwards
// (lib/ingest/documents-background.ts), and keyword search serves until then.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import { dataDir } from "./data-dir";
import type { Progress } from "@/lib/core/progress";
import { hasFinishedRun } from "@/lib/db/queries/ingest-runs";
import { runIngest } from "./run";
import { seedMarker } from "./seed";

/** The news files of the data folder the app loads by itself (see ../shared/data/README.md). */
const DATA_NEWS_FILES = ["news_fnspid/aapl_nasdaq_news_2023_2024.jsonl"] as const;

export async function loadStartNews(db: Database, seedDir: string, progress: Progress): Promise<string[]> {
  const loaded: string[] = [];
  // Alerts follow the seed: a new seed (new facts) gets its alerts once.
  if (!(await hasFinishedRun(db.prisma, "filing-alerts", seedMarker(seedDir)))) {
    await runIngest(db, "filing-alerts", [seedMarker(seedDir)], progress, { embedder: null });
    loaded.push("filing alerts");
  }
  for (const relative of DATA_NEWS_FILES) {
    const file = path.resolve(/*turbopackIgnore: true*/ dataDir(), relative);
    if (!existsSync(file) || (await hasFinishedRun(db.prisma, "news", file))) continue;
    progress.log(`Loading news from ${file} (first start only)…`);
    await runIngest(db, "news", [file], progress, { embedder: null });
    loaded.push(relative);
  }
  return loaded;
}
