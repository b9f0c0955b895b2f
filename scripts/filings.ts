// npm run filings -- reembed     embed every filing chunk whose vector is missing or from another model
//                                 (what the server does in the background), with the rate it reached
// npm run filings -- index-elasticsearch   copy every chunk and vector into the index "<ELASTICSEARCH_INDEX>-filing-chunks"
// npm run filings -- coverage    the README's filings coverage table (company, forms, fiscal years) from
//                                 the configured database, after `npm run ingest -- filings …`
import { databaseConfigFromEnv, describeDatabase, openDatabase } from "@/lib/db/client";
import { getFilingsOverview, yearRanges } from "@/lib/db/queries/filings-overview";
import { consoleProgress } from "@/lib/core/progress";
import { embedderFromEnv } from "@/lib/documents/embeddings";
import { embedPendingFilingChunks, tidyFilingTablesAfter } from "@/lib/documents/filings/store";
import { prepareSchema } from "@/lib/ingest/prepare";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { filingChunkIndexOf, indexFilingChunksInElasticsearch } from "@/lib/documents/filings/elasticsearch";
import { elasticsearchClient } from "@/lib/documents/search/engine-from-config";

const COMMANDS = ["reembed", "coverage", "index-elasticsearch"] as const;

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
      const count = await embedPendingFilingChunks(db.prisma, embedder, progress);
      await tidyFilingTablesAfter(db, count);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `Embedded ${count.toLocaleString("en-US")} chunks with ${embedder.model} in ${seconds.toFixed(1)} s${count > 0 ? ` (${(count / seconds).toFixed(1)} texts/s)` : ""}`,
      );
    } else if (command === "index-elasticsearch") {
      const es = newsConfigFromEnv().elasticsearch;
      if (!es) throw new Error("set ELASTICSEARCH_URL (and ELASTICSEARCH_INDEX, credentials if needed)");
      const index = filingChunkIndexOf(es);
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
    }
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
