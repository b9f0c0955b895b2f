// npm run eval:news: graded retrieval quality of news search over the data folder's Nasdaq articles
// (../shared/data/news_fnspid), for keyword-only, vector-only and hybrid ranking on the PostgreSQL
// engine (in-memory PGlite). Queries and their hand-written relevance rules: eval/news/queries.json,
// rules of labelling: eval/news/LABELLING.md. Skips (exit 0) when the data folder is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { openDatabase } from "@/lib/db/client";
import { prepareSchema } from "@/lib/db/prepare";
import { dataDir } from "@/lib/ingest/data-dir";
import { consoleProgress } from "@/lib/ingest/progress";
import { runIngest } from "@/lib/ingest/run";
import { DEFAULT_RANKING } from "@/lib/news/config";
import { useLiteEmbedder } from "@/lib/news/embeddings";
import { ndcgAtK, recallAtK } from "@/lib/news/ranking-metrics";
import { postgresSearchEngine } from "@/lib/news/search/postgres";
import { readNewsArticles } from "@/lib/news/store";
import { SEARCH_MODES, type NewsFilters } from "@/lib/news/types";

const querySchema = z.object({ id: z.string(), query: z.string().min(1), grade2: z.string().min(1), grade1: z.string().min(1) });
const FILTERS: NewsFilters = { tickers: ["AAPL"], sectors: [], from: "2023-12-01", to: "2024-02-29" };

async function main(): Promise<number> {
  const file = path.join(dataDir(), "news_fnspid/aapl_nasdaq_news_2023_2024.jsonl");
  if (!existsSync(file)) {
    console.log(`eval:news skipped: ${file} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const queries = z.array(querySchema).parse(JSON.parse(readFileSync("eval/news/queries.json", "utf8")));
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  const embedder = useLiteEmbedder();
  try {
    await prepareSchema(db);
    const summary = await runIngest(db, "news", [file], consoleProgress(), { embedder });
    console.log(`Articles: ${summary.inserted} stored (${summary.unchanged} duplicates, ${summary.rejected} rejected)`);
    const articles = await readNewsArticles(db.prisma, { limit: 100_000 });
    const engine = postgresSearchEngine(db.prisma);
    const totals = Object.fromEntries(SEARCH_MODES.map((m) => [m, { ndcg: 0, recall: 0 }])) as Record<(typeof SEARCH_MODES)[number], { ndcg: number; recall: number }>;
    let judged = 0;
    const perQuery: string[] = [];
    for (const q of queries) {
      const grade2 = new RegExp(q.grade2, "i");
      const grade1 = new RegExp(q.grade1, "i");
      const grades = new Map(
        articles.map((a) => [a.id, grade2.test(a.title) ? 2 : grade1.test(a.title) || grade2.test(a.body) || grade1.test(a.body) ? 1 : 0]),
      );
      if (![...grades.values()].some((g) => g > 0)) {
        console.log(`  ${q.id} has no relevant article: left out`);
        continue;
      }
      judged += 1;
      const [embedding] = await embedder.embed([q.query]);
      const row = [q.id];
      for (const mode of SEARCH_MODES) {
        const hits = await engine.search({ text: q.query, embedding: embedding!, filters: FILTERS, ranking: { ...DEFAULT_RANKING, mode } });
        const ranked = hits.map((h) => h.id);
        const ndcg = ndcgAtK(ranked, grades, 10);
        totals[mode].ndcg += ndcg;
        totals[mode].recall += recallAtK(ranked, grades, 20);
        row.push(ndcg.toFixed(2));
      }
      perQuery.push(row.join("  "));
    }
    console.log(`\nPer query NDCG@10 (${SEARCH_MODES.join(" / ")}):\n  ${perQuery.join("\n  ")}`);
    console.log(`\n${judged} queries, ${articles.length} articles, k = ${DEFAULT_RANKING.k}, threshold ${DEFAULT_RANKING.threshold}, hybrid ${DEFAULT_RANKING.vectorWeight}/${DEFAULT_RANKING.keywordWeight}`);
    console.log("| ranking | NDCG@10 | recall@20 |\n|---|---|---|");
    for (const mode of SEARCH_MODES) console.log(`| ${mode} | ${(totals[mode].ndcg / judged).toFixed(3)} | ${(totals[mode].recall / judged).toFixed(3)} |`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
