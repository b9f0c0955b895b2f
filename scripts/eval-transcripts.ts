// npm run eval:transcripts: how good the earnings-call features are on the data folder's calls.
// Retrieval: graded NDCG@10 and recall@20 of transcript chunk search on the 26 full calls
// (transcripts_full_la83la), for keyword-only, vector-only and hybrid ranking, on hand-written questions
// (eval/transcripts/queries.json, each scoped to its company and fiscal quarter) against pooled hand
// judgments (eval/transcripts/judgments.json, how they were made: eval/transcripts/LABELLING.md);
// `-- --pool` prints the judging pool instead. Bench: search p50/p95 for 1 company × 1 quarter and
// 8 companies × 4 quarters. The calls are kept embedded in a PGlite folder
// (.data/eval-transcripts), so only the first run pays for embedding.
// Call summaries: the extractive summary of every ECTSum test-split call against its reference bullets
// (ROUGE-1/2/Lsum F1 averaged over calls, plain and Porter-stemmed) and the numbers check (every number a summary states occurs in
// the call's transcript). Skips (exit 0) when the data folder is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { consoleProgress } from "@/lib/core/progress";
import { openDatabase } from "@/lib/db/client";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { SEARCH_MODES, type SearchMode } from "@/lib/documents/search/engine";
import { articleKey, ndcgAtK, parseJudgments, recallAtK, unjudgedAtK } from "@/lib/documents/ranking-metrics";
import {
  searchTranscriptChunks,
  type TranscriptChunkHit,
  transcriptsPerQuarter,
} from "@/lib/documents/transcripts/search";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { sentencesOf } from "@/lib/core/sentences";
import { chunksOfCall } from "@/lib/documents/transcripts/chunks";
import { rougeLsum, rougeN } from "@/lib/documents/transcripts/rouge";
import { numbersIn, summarizeCall } from "@/lib/answer/analysis/call-summary";
import type { TranscriptDraft } from "@/lib/documents/transcripts/types";
import { dataDir } from "@/lib/ingest/data-dir";
import { parseTranscriptsJsonl } from "@/lib/ingest/sources/transcripts";
import { type Figure, type SuiteResult, writeSuiteResult } from "./eval-report/suite-result";

const ECTSUM_FILE = "ectsum/ectsum_sp500_transcripts.jsonl";
const FULL_CALLS_FILE = "transcripts_full_la83la/transcripts_core.jsonl";
const EVAL_DB_DIR = ".data/eval-transcripts";
const POOL_DEPTH = 10;
const BENCH_RUNS = 20;
/** What `--json` reports, filled as each part finishes. */
const figures: Figure[] = [];
const latencies: NonNullable<SuiteResult["latencies"]> = {};

const querySchema = z
  .object({ id: z.string(), call: z.string().regex(/^[A-Z.-]+_q[1-4]_\d{4}$/), query: z.string().min(1) })
  .strict();

/** A chunk's key in the judgments: a hash of its call id and position (no text in the file). */
const chunkKey = (hit: Pick<TranscriptChunkHit, "callId" | "ordinal">) => articleKey(`${hit.callId}#${hit.ordinal}`);

function callFilter(call: string) {
  const [, ticker, quarter, year] = /^(.+)_q([1-4])_(\d{4})$/.exec(call)!;
  return {
    tickers: [ticker!],
    quarters: [{ fiscalYear: Number(year), fiscalQuarter: Number(quarter) }],
    sections: [],
    roles: [],
  };
}

async function evaluateRetrieval(pool: boolean): Promise<void> {
  const queries = z.array(querySchema).parse(JSON.parse(readFileSync("eval/transcripts/queries.json", "utf8")));
  const judgments = pool
    ? new Map<string, Map<string, number>>()
    : parseJudgments(JSON.parse(readFileSync("eval/transcripts/judgments.json", "utf8")));
  const db = await openDatabase({ kind: "pglite", dataDir: EVAL_DB_DIR });
  const embedder = useLiteEmbedder();
  try {
    await prepareSchema(db);
    const ingest = await runIngest(db, "transcripts", [path.join(dataDir(), FULL_CALLS_FILE)], consoleProgress(), {
      embedder,
    });
    console.log(`Full calls: ${ingest.inserted} stored now, ${ingest.unchanged} already stored`);
    const search = async (
      text: string,
      embedding: readonly number[],
      filters: ReturnType<typeof callFilter>,
      mode: SearchMode,
      k: number,
    ) => searchTranscriptChunks(db.prisma, { text, embedding, filters, ranking: { ...DEFAULT_RANKING, mode, k } });

    if (pool) {
      for (const q of queries) {
        const [embedding] = await embedder.embed([q.query]);
        const pooled = new Map<string, TranscriptChunkHit>();
        for (const mode of SEARCH_MODES)
          for (const hit of await search(q.query, embedding!, callFilter(q.call), mode, POOL_DEPTH))
            pooled.set(chunkKey(hit), hit);
        console.log(`\n### ${q.id} ${q.call}: ${q.query}`);
        for (const [key, hit] of [...pooled].sort(([a], [b]) => a.localeCompare(b)))
          console.log(`${key} [${hit.role}/${hit.section}] ${hit.text.replace(/\s+/g, " ").slice(0, 260)}`);
      }
      return;
    }

    const totals = Object.fromEntries(
      SEARCH_MODES.map((m) => [m, { ndcg: 0, recall: 0, unjudged: 0, shown: 0 }]),
    ) as Record<SearchMode, { ndcg: number; recall: number; unjudged: number; shown: number }>;
    let scored = 0;
    for (const q of queries) {
      const grades = judgments.get(q.id);
      if (!grades) throw new Error(`eval/transcripts/judgments.json has no judgments for ${q.id}`);
      const hasRelevant = [...grades.values()].some((g) => g > 0);
      if (hasRelevant) scored++;
      const [embedding] = await embedder.embed([q.query]);
      for (const mode of SEARCH_MODES) {
        const ranked = (await search(q.query, embedding!, callFilter(q.call), mode, 20)).map(chunkKey);
        totals[mode].unjudged += unjudgedAtK(ranked, grades, 10);
        totals[mode].shown += Math.min(10, ranked.length);
        if (!hasRelevant) continue;
        totals[mode].ndcg += ndcgAtK(ranked, grades, 10);
        totals[mode].recall += recallAtK(ranked, grades, 20);
      }
    }
    console.log(
      `\nRetrieval: ${scored} of ${queries.length} questions scored (each within its call), k = 20, hybrid ${DEFAULT_RANKING.vectorWeight}/${DEFAULT_RANKING.keywordWeight}`,
    );
    console.log("| ranking | NDCG@10 | recall@20 | unjudged in top 10 |\n|---|---|---|---|");
    for (const mode of SEARCH_MODES) {
      const t = totals[mode];
      console.log(
        `| ${mode} | ${(t.ndcg / scored).toFixed(3)} | ${(t.recall / scored).toFixed(3)} | ${t.unjudged} of ${t.shown} |`,
      );
    }
    for (const mode of SEARCH_MODES)
      figures.push(
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
      );

    // Bench: the question embedded once; the searches as the answer stage runs them (k = 15 a quarter).
    const [embedding] = await embedder.embed(["What guidance did management give for next year?"]);
    const calls = await db.prisma.$queryRaw<{ ticker: string; fiscal_year: number; fiscal_quarter: number }[]>`
      SELECT ticker, fiscal_year, fiscal_quarter FROM transcripts ORDER BY ticker, fiscal_year, fiscal_quarter`;
    const tickers = [...new Set(calls.map((c) => c.ticker))].slice(0, 8);
    const quarters = [...new Map(calls.map((c) => [`${c.fiscal_year}Q${c.fiscal_quarter}`, c])).values()]
      .slice(-4)
      .map((c) => ({ fiscalYear: c.fiscal_year, fiscalQuarter: c.fiscal_quarter }));
    const one = calls[0]!;
    const shapes = [
      {
        label: "1 company × 1 quarter",
        filters: {
          tickers: [one.ticker],
          quarters: [{ fiscalYear: one.fiscal_year, fiscalQuarter: one.fiscal_quarter }],
          sections: [],
          roles: [],
        },
      },
      { label: "8 companies × 4 quarters", filters: { tickers, quarters, sections: [], roles: [] } },
    ];
    console.log(
      `\nBench: hybrid search, k = ${transcriptsPerQuarter()} a quarter (TRANSCRIPTS_K_PER_QUARTER), ${BENCH_RUNS} runs after one warm-up, PGlite`,
    );
    console.log("| searched | searches | p50 ms | p95 ms |\n|---|---|---|---|");
    for (const shape of shapes) {
      const times: number[] = [];
      for (let i = 0; i <= BENCH_RUNS; i++) {
        const started = performance.now();
        await searchTranscriptChunks(db.prisma, {
          text: "What guidance did management give for next year?",
          embedding: embedding!,
          filters: shape.filters,
          ranking: { ...DEFAULT_RANKING, k: transcriptsPerQuarter() },
        });
        if (i > 0) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1);
      console.log(
        `| ${shape.label} | ${shape.filters.tickers.length * shape.filters.quarters.length} | ${at(0.5)} | ${at(0.95)} |`,
      );
      latencies[shape.label] = times;
    }
  } finally {
    await db.close();
  }
}

/** ROUGE F1 of a summary against its reference, plain and Porter-stemmed, R-Lsum. */
function rougeOf(summary: string, reference: string): number[] {
  return [{ stem: false }, { stem: true }].flatMap((options) => [
    rougeN(summary, reference, 1, options).f1,
    rougeN(summary, reference, 2, options).f1,
    rougeLsum(summary, reference, options).f1,
  ]);
}

function evaluateSummaries(calls: readonly TranscriptDraft[]): void {
  const totals = { numbers: 0, numbersFound: 0, bullets: 0 };
  const extractive = [0, 0, 0, 0, 0, 0];
  // The classic floor: the call's first sentences, as many as the summary has bullets.
  const lead = [0, 0, 0, 0, 0, 0];
  const add = (sums: number[], scores: number[]) => scores.forEach((x, i) => (sums[i]! += x));
  const withoutFullMatch: string[] = [];
  for (const call of calls) {
    // Summaries read the stored chunks, as the answer stage does, not the raw turns.
    const passages = chunksOfCall(call).map((c) => ({
      text: c.text,
      role: c.role,
      section: c.section,
      ref: c.ordinal,
    }));
    const bullets = summarizeCall(passages);
    // One bullet (and one reference bullet) a line: rougeLsum's sentences.
    const summary = bullets.map((b) => b.sentence).join("\n");
    const reference = call.referenceBullets.join("\n");
    add(extractive, rougeOf(summary, reference));
    totals.bullets += bullets.length;
    const leadText = sentencesOf(call.turns.map((t) => t.text).join("\n"), { linesAreSentences: true })
      .slice(0, bullets.length)
      .join("\n");
    add(lead, rougeOf(leadText, reference));
    const transcript = call.turns.map((t) => t.text).join("\n");
    const numbers = numbersIn(summary);
    const found = numbers.filter((n) => transcript.includes(n)).length;
    totals.numbers += numbers.length;
    totals.numbersFound += found;
    if (found < numbers.length) withoutFullMatch.push(call.callId);
  }
  const n = calls.length;
  const pct = (x: number) => (100 * x).toFixed(2);
  const row = (label: string, sums: number[]) => `| ${label} | ${sums.map((x) => pct(x / n)).join(" | ")} |`;
  console.log(`\nCall summaries, ECTSum test split: ${n} calls, ${(totals.bullets / n).toFixed(1)} bullets a call`);
  console.log("ROUGE F1 x100 as rouge-score computes it; R-L is rougeLsum (one bullet a sentence)");
  console.log(
    "| summary | R-1 | R-2 | R-Lsum | R-1 stemmed | R-2 stemmed | R-Lsum stemmed |\n|---|---|---|---|---|---|---|",
  );
  console.log(row(`extractive (${(totals.bullets / n).toFixed(0)} bullets)`, extractive));
  console.log(row("lead (first sentences)", lead));
  console.log(
    `numbers check: ${totals.numbersFound}/${totals.numbers} numbers stated occur in the transcript (${pct(totals.numbers === 0 ? 1 : totals.numbersFound / totals.numbers)}%)` +
      (withoutFullMatch.length > 0 ? `; calls with a miss: ${withoutFullMatch.join(", ")}` : ""),
  );
  const rougeNames = ["ROUGE-1", "ROUGE-2", "ROUGE-Lsum"];
  figures.push(
    ...extractive.map((sum, i) => ({
      key: `summary.${rougeNames[i % 3]!.toLowerCase().replace("-", "")}${i >= 3 ? ".stemmed" : ""}`,
      label: `summary ${rougeNames[i % 3]} F1${i >= 3 ? ", stemmed" : ""}`,
      value: (100 * sum) / n,
      unit: "rouge" as const,
      better: "higher" as const,
    })),
    {
      key: "summary.numbers-found",
      label: "summary numbers found in the call",
      value: totals.numbers === 0 ? 100 : (100 * totals.numbersFound) / totals.numbers,
      unit: "percent",
      better: "higher",
    },
  );
}

async function main(argv: readonly string[]): Promise<number> {
  const file = path.join(dataDir(), ECTSUM_FILE);
  if (!existsSync(file)) {
    console.log(`eval:transcripts skipped: ${file} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const calls: TranscriptDraft[] = [];
  let problems = 0;
  for (const row of parseTranscriptsJsonl(readFileSync(file, "utf8"), { file })) {
    if (!row.ok) problems++;
    else if (row.record.ectsumSplit === "test") calls.push(row.record);
  }
  if (!argv.includes("--pool")) {
    console.log(`ECTSum: ${calls.length} test-split calls read (${problems} calls of all splits not readable)`);
    evaluateSummaries(calls);
  }
  await evaluateRetrieval(argv.includes("--pool"));
  writeSuiteResult({ suite: "transcripts", figures, latencies });
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
