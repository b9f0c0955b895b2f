// npm run eval:finbloom: FinBloom's thesis measured. The same hand-checked numeric questions
// (eval/finbloom/questions.json: single values, ratios across two statements, growth, multi-year
// averages) answered on the same machine in the same run by the structured path (rules agent → Data
// Module → the analyst's exact value) and by a chunk-RAG baseline (the company's top-k filing chunks →
// the chat's extractive table reader), paths in eval/finbloom/paths.ts. Reports accuracy (exact within
// the rounding the answer states), traceability, answered share and latency p50/p95 of each, and their
// ratios; `-- --json <path>` writes the figures for `npm run eval`. The question's filings and their
// table facts are ingested into a PGlite folder under .data/ (embedding paid once, on the first run).
// Skips (exit 0) without the data folder.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { consoleProgress } from "@/lib/core/progress";
import { openDatabase } from "@/lib/db/client";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { embedPendingFilingChunks } from "@/lib/documents/filings/store";
import { dataDir } from "@/lib/ingest/data-dir";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { llmConfigFromEnv } from "@/lib/llm/llm";
import { modelProgramProposer } from "@/lib/reasoning/llm-program";
import { chunkRagAnswer, type PathAnswer, structuredAnswer } from "@/eval/finbloom/paths";
import {
  exactAnswer,
  type FinbloomQuestion,
  parseFinbloomQuestions,
  type Score,
  scoreStated,
  TEXT_DIRS,
} from "@/eval/finbloom/questions";
import { percentile } from "./bench/stats";
import { type Figure, writeSuiteResult } from "./eval-report/suite-result";

const DB_DIR = ".data/eval-finbloom";
const PATHS = ["structured", "chunk_rag"] as const;
type PathName = (typeof PATHS)[number];
const PATH_LABELS: Record<PathName, string> = { structured: "structured", chunk_rag: "chunk-RAG" };

interface Outcome {
  question: FinbloomQuestion;
  answers: Record<PathName, PathAnswer & { score: Score }>;
  /** Chunk-RAG retrieval: a chunk of every page the answer's inputs are printed on is among the top k. */
  pagesRetrieved: boolean;
}

/** The document's text file, in whichever of the data folder's text folders holds it. */
function documentFile(document: string): string | null {
  for (const dir of TEXT_DIRS) {
    const file = path.join(dataDir(), dir, `${document}.json`);
    if (existsSync(file)) return file;
  }
  return null;
}

const share = (outcomes: readonly Outcome[], test: (o: Outcome) => boolean) =>
  outcomes.length === 0 ? 0 : outcomes.filter(test).length / outcomes.length;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const round = (x: number, places: number) => Number(x.toFixed(places));

function figuresOf(outcomes: readonly Outcome[]): Figure[] {
  const figures: Figure[] = [];
  const accuracy = {} as Record<PathName, number>;
  const p50 = {} as Record<PathName, number>;
  for (const name of PATHS) {
    const label = PATH_LABELS[name];
    const answered = outcomes.filter((o) => o.answers[name].score.stated !== null);
    const ms = outcomes.map((o) => o.answers[name].ms);
    accuracy[name] = share(outcomes, (o) => o.answers[name].score.correct);
    p50[name] = percentile(ms, 50);
    figures.push(
      {
        key: `${name}_accuracy`,
        label: `${label} accuracy`,
        value: round(accuracy[name], 4),
        unit: "ratio",
        better: "higher",
      },
      {
        key: `${name}_answered`,
        label: `${label} questions answered with a number`,
        value: round(
          share(outcomes, (o) => o.answers[name].score.stated !== null),
          4,
        ),
        unit: "ratio",
        better: "higher",
      },
      {
        key: `${name}_traceability`,
        label: `${label} answers whose number is traced to a source`,
        value: round(
          share(answered, (o) => o.answers[name].traced),
          4,
        ),
        unit: "ratio",
        better: "higher",
      },
      { key: `${name}_p50_ms`, label: `${label} latency p50`, value: round(p50[name], 2), unit: "ms", better: "lower" },
      {
        key: `${name}_p95_ms`,
        label: `${label} latency p95`,
        value: round(percentile(ms, 95), 2),
        unit: "ms",
        better: "lower",
      },
    );
  }
  figures.push(
    {
      key: "chunk_rag_pages_retrieved",
      label: "chunk-RAG questions whose every input page is among the top-k chunks",
      value: round(
        share(outcomes, (o) => o.pagesRetrieved),
        4,
      ),
      unit: "ratio",
      better: "higher",
    },
    {
      key: "accuracy_ratio",
      label: "accuracy, structured over chunk-RAG",
      value: round(accuracy.structured / Math.max(accuracy.chunk_rag, 1e-9), 2),
      unit: "ratio",
      better: "higher",
    },
    {
      key: "latency_p50_ratio",
      label: "latency p50, chunk-RAG over structured",
      value: round(p50.chunk_rag / Math.max(p50.structured, 1e-9), 2),
      unit: "ratio",
      better: "higher",
    },
  );
  return figures;
}

function printReport(outcomes: readonly Outcome[], figures: readonly Figure[], reader: string): void {
  const byKey = new Map(figures.map((f) => [f.key, f.value]));
  const value = (key: string) => byKey.get(key)!;
  console.log(`\n## FinBloom's thesis: ${outcomes.length} questions, same machine, same run (reader: ${reader})`);
  console.log("| | structured | chunk-RAG |\n|---|---|---|");
  console.log(
    `| accuracy (exact within the stated rounding) | ${pct(value("structured_accuracy"))} | ${pct(value("chunk_rag_accuracy"))} |`,
  );
  console.log(
    `| answered with a number | ${pct(value("structured_answered"))} | ${pct(value("chunk_rag_answered"))} |`,
  );
  console.log(
    `| traced to a source (of answered) | ${pct(value("structured_traceability"))} | ${pct(value("chunk_rag_traceability"))} |`,
  );
  console.log(`| latency p50 | ${value("structured_p50_ms")} ms | ${value("chunk_rag_p50_ms")} ms |`);
  console.log(`| latency p95 | ${value("structured_p95_ms")} ms | ${value("chunk_rag_p95_ms")} ms |`);
  console.log(`| input pages among the top-k chunks | | ${pct(value("chunk_rag_pages_retrieved"))} |`);
  console.log(
    `accuracy ratio (structured / chunk-RAG) ${value("accuracy_ratio")}; latency p50 ratio (chunk-RAG / structured) ${value("latency_p50_ratio")}`,
  );
  console.log("\n## Accuracy by kind of question\n| kind | questions | structured | chunk-RAG |\n|---|---|---|---|");
  for (const kind of [...new Set(outcomes.map((o) => o.question.kind))]) {
    const of = outcomes.filter((o) => o.question.kind === kind);
    console.log(
      `| ${kind} | ${of.length} | ${PATHS.map((name) => pct(share(of, (o) => o.answers[name].score.correct))).join(" | ")} |`,
    );
  }
  console.log("\n## Per question (✓ correct, ✗ wrong number, – no number; † untraced)");
  for (const { question, answers } of outcomes) {
    const cell = (name: PathName) => {
      const { score, traced } = answers[name];
      const mark = score.stated === null ? "–" : score.correct ? "✓" : "✗";
      return `${mark}${score.stated !== null && !traced ? "†" : ""} ${score.stated?.text ?? ""}`.trim();
    };
    console.log(
      `${question.id}: expected ${question.answer} | structured ${cell("structured")} | chunk-RAG ${cell("chunk_rag")}`,
    );
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const questions = parseFinbloomQuestions(JSON.parse(readFileSync("eval/finbloom/questions.json", "utf8")));
  const documents = [...new Set(questions.map((q) => q.document))];
  const files = documents.map(documentFile);
  const missing = documents.filter((_, i) => files[i] === null);
  if (missing.length > 0) {
    console.log(`eval:finbloom skipped: ${missing[0]} not found under ${dataDir()} (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const db = await openDatabase({ kind: "pglite", dataDir: DB_DIR });
  try {
    const progress = consoleProgress();
    await prepareDatabase(db);
    const filings = await runIngest(db, "filings", files as string[], progress, { embedder: null });
    console.log(`filings: ${filings.inserted} stored now, ${filings.unchanged} already stored`);
    await runIngest(db, "facts", [], progress);
    const embedder = useLiteEmbedder();
    await embedPendingFilingChunks(db.prisma, embedder, progress);

    const llm = llmConfigFromEnv();
    const proposeProgram = llm ? modelProgramProposer(llm) : undefined;
    const reader = llm
      ? `the rules engine, the program proposed by ${llm.model}`
      : "the rules engine (no LLM configured)";
    const answer = (q: FinbloomQuestion) =>
      Promise.all([
        structuredAnswer(db.prisma, q.question),
        chunkRagAnswer({ prisma: db.prisma, embedder, question: q.question, ticker: q.ticker, proposeProgram }),
      ]);
    // Warm-up, not timed: the encoder loads and both paths' queries are planned once.
    await answer(questions[0]!);

    const outcomes: Outcome[] = [];
    progress.start("questions", questions.length);
    for (const q of questions) {
      const exact = exactAnswer(q);
      // One after the other, never together: each path's time is its own.
      const structured = await structuredAnswer(db.prisma, q.question);
      const chunkRag = await chunkRagAnswer({
        prisma: db.prisma,
        embedder,
        question: q.question,
        ticker: q.ticker,
        proposeProgram,
      });
      outcomes.push({
        question: q,
        answers: {
          structured: { ...structured, score: scoreStated(structured.text, exact) },
          chunk_rag: { ...chunkRag, score: scoreStated(chunkRag.text, exact) },
        },
        pagesRetrieved: q.inputs.every((input) => chunkRag.hits.some((hit) => hit.page === input.page)),
      });
      progress.advance(1);
    }
    progress.finish();

    const figures = figuresOf(outcomes);
    printReport(outcomes, figures, reader);
    const latencies = Object.fromEntries(
      PATHS.map((name) => [name, outcomes.map((o) => round(o.answers[name].ms, 2))]),
    );
    writeSuiteResult({ suite: "finbloom", figures, latencies }, argv);
  } finally {
    await db.close();
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
