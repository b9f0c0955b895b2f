// npm run ingest -- <source> <path…>
//   sources: companyfacts (SEC companyfacts JSON), xbrl (XBRL fact table CSV), prices (daily price CSV),
//            seed (the committed seed, default prisma/seed)
// npm run ingest -- facts --llm   also asks the configured LLM (OPENAI_BASE_URL, LLM_MODEL) about the
//                                 tables the reader could not read (lib/ingest/facts-llm.ts)
import { databaseConfigFromEnv, describeDatabase, openDatabase } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";
import { consoleProgress } from "@/lib/core/progress";
import { INGEST_SOURCES, runIngest, type IngestSource } from "@/lib/ingest/run";
import type { LlmFactsSettings } from "@/lib/ingest/facts-llm";
import { createLlmModel, llmConfigFromEnv } from "@/lib/llm/llm";

const PROBLEMS_SHOWN = 20;

/** Document sources store without vectors, so an ingest returns when its rows are in: the server's background
 * embedding makes the vectors, or this command on purpose (keyword search serves meanwhile). */
const REEMBED_COMMAND: Partial<Record<IngestSource, string>> = {
  news: "npm run news -- reembed",
  "news-feeds": "npm run news -- reembed",
  "filing-alerts": "npm run news -- reembed",
  filings: "npm run filings -- reembed",
  facts: "npm run filings -- reembed",
  transcripts: "npm run transcripts -- reembed",
};

/** `--llm` of `facts`: the configured endpoint, or a message saying what to set. */
async function llmFactsSettings(): Promise<LlmFactsSettings | string> {
  const llm = llmConfigFromEnv();
  if (llm === null) return "facts --llm needs an LLM endpoint: set OPENAI_BASE_URL and LLM_MODEL";
  return { model: await createLlmModel(llm), modelName: llm.model, baseURL: llm.baseURL, timeoutMs: llm.timeoutMs };
}

async function main(argv: string[]): Promise<number> {
  const [source, ...rest] = argv;
  if (!source || !INGEST_SOURCES.includes(source as IngestSource)) {
    console.error(`usage: npm run ingest -- <${INGEST_SOURCES.join("|")}> <path…>   (facts: [--llm])`);
    return 2;
  }
  const wantsLlm = source === "facts" && rest.includes("--llm");
  const paths = rest.filter((p) => !(wantsLlm && p === "--llm"));
  const llmFacts = wantsLlm ? await llmFactsSettings() : undefined;
  if (typeof llmFacts === "string") {
    console.error(llmFacts);
    return 2;
  }
  const config = databaseConfigFromEnv();
  const db = await openDatabase(config);
  const progress = consoleProgress();
  try {
    progress.log(`Database: ${describeDatabase(config)}`);
    const applied = await prepareSchema(db);
    if (applied.length > 0) progress.log(`Migrations applied: ${applied.join(", ")}`);
    const reembed = REEMBED_COMMAND[source as IngestSource];
    const summary = await runIngest(db, source as IngestSource, paths, progress, {
      llmFacts,
      ...(reembed === undefined ? {} : { embedder: null }),
    });
    console.log(
      [
        `Ingest run #${summary.runId} (${summary.source}) finished in ${summary.seconds.toFixed(1)} s`,
        `  read       ${summary.read.toLocaleString("en-US")}`,
        `  inserted   ${summary.inserted.toLocaleString("en-US")}`,
        `  unchanged  ${summary.unchanged.toLocaleString("en-US")}`,
        `  rejected   ${summary.rejected.toLocaleString("en-US")}`,
      ].join("\n"),
    );
    for (const problem of summary.problems.slice(0, PROBLEMS_SHOWN))
      console.log(`  ! ${problem.where}: ${problem.reason}`);
    if (summary.problems.length > PROBLEMS_SHOWN)
      console.log(`  … and ${summary.problems.length - PROBLEMS_SHOWN} more`);
    if (reembed !== undefined)
      console.log(
        `Stored without vectors: the server embeds them in the background after its next start (keyword search serves meanwhile), or run \`${reembed}\` now.`,
      );
    return 0;
  } catch (error) {
    console.error(`Ingest failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
