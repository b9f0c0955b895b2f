// npm run eval:news: graded retrieval quality of news search over the data folder's Nasdaq articles
// (../shared/data/news_fnspid), for keyword-only, vector-only and hybrid ranking on the PostgreSQL
// engine (in-memory PGlite). Queries: eval/news/queries.json; their pooled hand judgments:
// eval/news/judgments.json, how they were made: eval/news/LABELLING.md. Skips (exit 0) when the data
// folder is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { openDatabase } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";
import { dataDir } from "@/lib/ingest/data-dir";
import { consoleProgress } from "@/lib/core/progress";
import { runIngest } from "@/lib/ingest/run";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { articleKey, ndcgAtK, parseJudgments, recallAtK, unjudgedAtK } from "@/lib/documents/ranking-metrics";
import { postgresNewsEngine } from "@/lib/documents/news/search";
import { readNewsArticles } from "@/lib/documents/news/store";
import type { NewsFilters } from "@/lib/documents/news/types";
import { SEARCH_MODES, type SearchMode } from "@/lib/documents/search/engine";
import { writeSuiteResult } from "./eval-report/suite-result";

const querySchema = z.object({ id: z.string(), query: z.string().min(1) }).strict();
const FILTERS: NewsFilters = { tickers: ["AAPL"], sectors: [], from: "2023-12-01", to: "2024-02-29" };

async function main(): Promise<number> {
  const file = path.join(dataDir(), "news_fnspid/aapl_nasdaq_news_2023_2024.jsonl");
  if (!existsSync(file)) {
    console.log(`eval:news skipped: ${file} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const queries = z.array(querySchema).parse(JSON.parse(readFileSync("eval/news/queries.json", "utf8")));
  const judgments = parseJudgments(JSON.parse(readFileSync("eval/news/judgments.json", "utf8")));
  const ids = new Set(queries.map((q) => q.id));
  const mismatched = [
    ...queries.filter((q) => !judgments.has(q.id)).map((q) => q.id),
    ...[...judgments.keys()].filter((id) => !ids.has(id)),
  ];
  if (mismatched.length > 0) throw new Error(`queries.json and judgments.json disagree on: ${mismatched.join(", ")}`);

  const db = await openDatabase({ kind: "pglite", dataDir: null });
  const embedder = useLiteEmbedder();
  try {
    await prepareSchema(db);
    const summary = await runIngest(db, "news", [file], consoleProgress(), { embedder });
    console.log(`Articles: ${summary.inserted} stored (${summary.unchanged} duplicates, ${summary.rejected} rejected)`);
    // A judged key that matches no stored article means the data or the URL canonicalisation changed.
    const stored = new Set((await readNewsArticles(db.prisma, { limit: 100_000 })).map((a) => articleKey(a.url)));
    const orphans = new Set(
      [...judgments.values()].flatMap((grades) => [...grades.keys()].filter((key) => !stored.has(key))),
    );
    if (orphans.size > 0) console.log(`Warning: ${orphans.size} judged article keys match no stored article`);

    const engine = postgresNewsEngine(db.prisma);
    const totals = Object.fromEntries(
      SEARCH_MODES.map((m) => [m, { ndcg: 0, recall: 0, unjudged: 0, shown: 0 }]),
    ) as Record<SearchMode, { ndcg: number; recall: number; unjudged: number; shown: number }>;
    let scored = 0;
    const perQuery: string[] = [];
    for (const q of queries) {
      const grades = judgments.get(q.id)!;
      // NDCG and recall are undefined without a relevant article; the query still counts unjudged results.
      const hasRelevant = [...grades.values()].some((g) => g > 0);
      if (hasRelevant) scored += 1;
      const [embedding] = await embedder.embed([q.query]);
      const ndcgs: string[] = [];
      const unjudged: number[] = [];
      for (const mode of SEARCH_MODES) {
        const hits = await engine.search({
          text: q.query,
          embedding: embedding!,
          filters: FILTERS,
          ranking: { ...DEFAULT_RANKING, mode },
        });
        const ranked = hits.map((h) => articleKey(h.url));
        const notJudged = unjudgedAtK(ranked, grades, 10);
        unjudged.push(notJudged);
        totals[mode].unjudged += notJudged;
        totals[mode].shown += Math.min(10, ranked.length);
        if (!hasRelevant) continue;
        const ndcg = ndcgAtK(ranked, grades, 10);
        totals[mode].ndcg += ndcg;
        totals[mode].recall += recallAtK(ranked, grades, 20);
        ndcgs.push(ndcg.toFixed(2));
      }
      const scores = hasRelevant ? ndcgs.join("  ") : "no relevant article judged: left out of the means";
      perQuery.push(
        `${q.id}  ${scores}${unjudged.some((n) => n > 0) ? `  (unjudged in top 10: ${unjudged.join("/")})` : ""}`,
      );
    }
    console.log(`\nPer query NDCG@10 (${SEARCH_MODES.join(" / ")}):\n  ${perQuery.join("\n  ")}`);
    console.log(
      `\n${scored} of ${queries.length} queries scored, ${summary.inserted} articles, k = ${DEFAULT_RANKING.k}, threshold ${DEFAULT_RANKING.threshold}, hybrid ${DEFAULT_RANKING.vectorWeight}/${DEFAULT_RANKING.keywordWeight}`,
    );
    console.log(
      "Unjudged in top 10: results among the first 10 of all queries that were never judged (they count as grade 0).",
    );
    console.log("| ranking | NDCG@10 | recall@20 | unjudged in top 10 |\n|---|---|---|---|");
    for (const mode of SEARCH_MODES) {
      const t = totals[mode];
      console.log(
        `| ${mode} | ${(t.ndcg / scored).toFixed(3)} | ${(t.recall / scored).toFixed(3)} | ${t.unjudged} of ${t.shown} |`,
      );
    }
    writeSuiteResult({
      suite: "news",
      figures: SEARCH_MODES.flatMap((mode) => [
        {
          key: `${mode}.ndcg10`,
          label: `${mode} NDCG@10`,
          value: totals[mode].ndcg / scored,
          unit: "ratio",
          better: "higher",
        },
        {
          key: `${mode}.recall20`,
          label: `${mode} recall@20`,
          value: totals[mode].recall / scored,
          unit: "ratio",
          better: "higher",
        },
      ]),
    });
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
