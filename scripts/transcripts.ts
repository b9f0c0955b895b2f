// npm run transcripts -- reembed   embed every call chunk whose vector is missing or from another model (what the
//                                  server does in the background), with the rate it reached
// npm run transcripts -- index-elasticsearch   copy every transcript chunk and vector into the index
//                                               "<ELASTICSEARCH_INDEX>-transcript-chunks" (bulk), which
//                                               SEARCH_BACKEND=elasticsearch then searches
import { databaseConfigFromEnv, describeDatabase, openDatabase } from "@/lib/db/client";
import { consoleProgress } from "@/lib/core/progress";
import { embedderFromEnv } from "@/lib/documents/embeddings";
import { embedPendingTranscriptChunks, tidyTranscriptTablesAfter } from "@/lib/documents/transcripts/store";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { elasticsearchClient, elasticsearchIndexOf } from "@/lib/documents/search/engine-from-config";
import { indexTranscriptChunksInElasticsearch } from "@/lib/documents/transcripts/elasticsearch";
import { prepareSchema } from "@/lib/ingest/prepare";

const COMMANDS = ["reembed", "index-elasticsearch"] as const;

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (!COMMANDS.includes(command as (typeof COMMANDS)[number])) {
    console.error(`usage: npm run transcripts -- <${COMMANDS.join("|")}>`);
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
      const count = await embedPendingTranscriptChunks(db.prisma, embedder, progress);
      await tidyTranscriptTablesAfter(db, count);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `Embedded ${count.toLocaleString("en-US")} call chunks with ${embedder.model} in ${seconds.toFixed(1)} s${count > 0 ? ` (${(count / seconds).toFixed(1)} texts/s)` : ""}`,
      );
      return 0;
    }
    const es = newsConfigFromEnv().elasticsearch;
    if (!es) throw new Error("set ELASTICSEARCH_URL (and ELASTICSEARCH_INDEX, credentials if needed)");
    const index = elasticsearchIndexOf(es, "transcript chunks");
    const count = await indexTranscriptChunksInElasticsearch(db.prisma, elasticsearchClient(es), index, progress);
    console.log(`Indexed ${count.toLocaleString("en-US")} transcript chunks into ${index} at ${es.url}`);
    return 0;
  } catch (error) {
    console.error(`transcripts ${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
