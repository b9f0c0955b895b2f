// npm run filings -- reembed     embed every filing chunk and table row label (filing_fact_labels) whose
//                                 vector is missing or from another model (what the server does in the
//                                 background), with the rate it reached
// npm run filings -- summarize   with an LLM configured (OPENAI_BASE_URL, LLM_MODEL): a 50–100-token
//                                 contextual summary for every chunk without one (resumable, 4 requests
//                                 at a time), then `reembed` embeds the summarized chunks again
// npm run filings -- index-elasticsearch   copy every chunk and vector into the index "<ELASTICSEARCH_INDEX>-filing-chunks"
// npm run filings -- coverage    the filings coverage table of docs/filings.md (company, forms, fiscal years) from
//                                 the configured database, after `npm run ingest -- filings …`, then the matrix of
//                                 core statement metrics per 10-K with each gap and its reason
import { databaseConfigFromEnv, describeDatabase, openDatabase } from "@/lib/db/client";
import { getFilingsOverview, yearRanges } from "@/lib/db/queries/filings-overview";
import { CORE_STATEMENT_METRICS, statementCoverage } from "@/lib/db/queries/statement-coverage";
import { consoleProgress } from "@/lib/core/progress";
import { embedderFromEnv } from "@/lib/documents/embeddings";
import { embedPendingFilingChunks, tidyFilingTablesAfter } from "@/lib/documents/filings/store";
import { embedPendingFactLabels, tidyFactLabelsAfter } from "@/lib/documents/filings/fact-labels";
import { prepareSchema } from "@/lib/ingest/prepare";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { indexFilingChunksInElasticsearch } from "@/lib/documents/filings/elasticsearch";
import { elasticsearchClient, elasticsearchIndexOf } from "@/lib/documents/search/engine-from-config";
import { summarizeFilingChunks } from "@/lib/documents/filings/summaries";
import { createLlmModel, llmConfigFromEnv } from "@/lib/llm/llm";

const COMMANDS = ["reembed", "coverage", "index-elasticsearch", "summarize"] as const;

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (!COMMANDS.includes(command as (typeof COMMANDS)[number])) {
    console.error(`usage: npm run filings -- <${COMMANDS.join("|")}>`);
    return 2;
  }
  const config = databaseConfigFromEnv();
  const db = await openDatabase(config);
  const progress = consoleProgress();
  try {
    progress.log(`Database: ${describeDatabase(config)}`);
    await prepareSchema(db);
    if (command === "reembed") {
      const embedder = embedderFromEnv();
      const started = Date.now();
      const labels = await embedPendingFactLabels(db.prisma, embedder, progress);
      await tidyFactLabelsAfter(db, labels);
      const count = await embedPendingFilingChunks(db.prisma, embedder, progress);
      await tidyFilingTablesAfter(db, count);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `Embedded ${labels.toLocaleString("en-US")} table row labels and ${count.toLocaleString("en-US")} chunks with ${embedder.model} in ${seconds.toFixed(1)} s${labels + count > 0 ? ` (${((labels + count) / seconds).toFixed(1)} texts/s)` : ""}`,
      );
    } else if (command === "summarize") {
      const llm = llmConfigFromEnv();
      if (!llm) throw new Error("set OPENAI_BASE_URL and LLM_MODEL: summaries need an LLM endpoint");
      const run = await summarizeFilingChunks(db.prisma, await createLlmModel(llm), progress, {
        timeoutMs: llm.timeoutMs,
      });
      console.log(
        `Summarized ${run.summarized.toLocaleString("en-US")} chunks with ${llm.model}; ${run.failed} failed${run.firstFailure ? ` (first: ${run.firstFailure}), rerun to retry them` : ""}. Run \`npm run filings -- reembed\` (or start the server) to embed them with their summaries.`,
      );
      if (run.failed > 0 && run.summarized === 0) return 1;
    } else if (command === "index-elasticsearch") {
      const es = newsConfigFromEnv().elasticsearch;
      if (!es) throw new Error("set ELASTICSEARCH_URL (and ELASTICSEARCH_INDEX, credentials if needed)");
      const index = elasticsearchIndexOf(es, "filing chunks");
      const count = await indexFilingChunksInElasticsearch(db.prisma, elasticsearchClient(es), index, progress);
      console.log(`Indexed ${count.toLocaleString("en-US")} filing chunks into ${index} at ${es.url}`);
    } else {
      const overview = await getFilingsOverview(db.prisma);
      console.log("| company | forms | fiscal years | filings | chunks |\n|---|---|---|---|---|");
      for (const c of overview.companies)
        console.log(
          `| ${c.ticker} (${c.companyName}) | ${c.forms.join(", ")} | ${yearRanges(c.fiscalYears)} | ${c.filings} | ${c.chunks.toLocaleString("en-US")} |`,
        );
      console.log(
        `| **total** | | | ${overview.filings} | ${overview.chunks.toLocaleString("en-US")} (${overview.embeddedChunks.toLocaleString("en-US")} embedded) |`,
      );
      const coverage = await statementCoverage(db.prisma);
      const core = CORE_STATEMENT_METRICS.length;
      const held = coverage.reduce((sum, c) => sum + c.present.length, 0);
      console.log(
        `\nCore statement metrics per 10-K (${core}: ${CORE_STATEMENT_METRICS.join(", ")}), from XBRL or the filing's tables:\n`,
      );
      console.log("| company | fiscal year | held | gaps |\n|---|---|---|---|");
      for (const c of coverage)
        console.log(
          `| ${c.ticker} | ${c.fiscalYear} | ${c.present.length}/${core} | ${c.gaps.map((g) => `${g.metric} (${g.reason})`).join(", ") || "none"} |`,
        );
      const full = coverage.filter((c) => c.present.length / core >= 0.95).length;
      console.log(
        `\n${coverage.length} 10-Ks: ${held.toLocaleString("en-US")} of ${(coverage.length * core).toLocaleString("en-US")} core values held (${coverage.length === 0 ? "0" : ((100 * held) / (coverage.length * core)).toFixed(1)}%); ${full} 10-Ks with at least 95% of them`,
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
