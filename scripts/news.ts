// npm run news -- reembed                  embed every article whose vector is missing or from another model
// npm run news -- index-elasticsearch      copy all articles and vectors into the Elasticsearch index (bulk)
import { databaseConfigFromEnv, describeDatabase, openDatabase } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";
import { consoleProgress } from "@/lib/core/progress";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { embedderFromEnv } from "@/lib/documents/embeddings";
import { indexNewsInElasticsearch } from "@/lib/documents/news/elasticsearch";
import { elasticsearchClient } from "@/lib/documents/search/engine-from-config";
import { embedPendingArticles, tidyNewsTablesAfter } from "@/lib/documents/news/store";

const COMMANDS = ["reembed", "index-elasticsearch"] as const;

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (!COMMANDS.includes(command as (typeof COMMANDS)[number])) {
    console.error(`usage: npm run news -- <${COMMANDS.join("|")}>`);
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
      const count = await embedPendingArticles(db.prisma, embedder, progress);
      await tidyNewsTablesAfter(db, count);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `Embedded ${count.toLocaleString("en-US")} articles with ${embedder.model} in ${seconds.toFixed(1)} s${count > 0 ? ` (${(count / seconds).toFixed(1)} articles/s)` : ""}`,
      );
    } else {
      const es = newsConfigFromEnv().elasticsearch;
      if (!es) throw new Error("set ELASTICSEARCH_URL (and ELASTICSEARCH_INDEX, credentials if needed)");
      const count = await indexNewsInElasticsearch(db.prisma, elasticsearchClient(es), es.index, progress);
      console.log(`Indexed ${count.toLocaleString("en-US")} articles into ${es.index} at ${es.url}`);
    }
    return 0;
  } catch (error) {
    console.error(`news ${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
