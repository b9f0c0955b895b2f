// npm run eval:tatqa -- <dataset.json> [--out predictions.json]: runs the built-in table reasoning
// engine (lib/reasoning) over a TAT-QA file, writes predictions in the official format
// { "<question uid>": [answer, scale] }, and, when the file has answers, scores them with the official
// metric (lib/reasoning/tatqa-metric.ts): overall, on the first 2/3 of contexts (development) and the
// last 1/3 (held out), by answer type and source, with the main failure classes. Every run also writes
// predictions for the test file (without answers) to eval/tatqa/test-predictions.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { consoleProgress } from "@/lib/core/progress";
import { dataDir } from "@/lib/ingest/data-dir";
import { answerOverTableByRules, type TableAnswer } from "@/lib/reasoning/answer-over-table";
import { scoreTatqa, type TatqaAnswer } from "@/lib/reasoning/tatqa-metric";
import { writeSuiteResult } from "./eval-report/suite-result";

const answerSchema = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);
const questionSchema = z.object({
  uid: z.string(),
  question: z.string(),
  answer: answerSchema.optional(),
  answer_type: z.string().optional(),
  answer_from: z.string().optional(),
  scale: z.string().optional(),
});
const contextSchema = z.object({
  table: z.object({ table: z.array(z.array(z.string())) }),
  paragraphs: z.array(z.object({ order: z.number(), text: z.string() })),
  questions: z.array(questionSchema),
});
type Question = z.infer<typeof questionSchema>;
type Prediction = [TatqaAnswer, string];

const TEST_FILE = "tatqa/tatqa_dataset_test.json";
const TEST_PREDICTIONS = "eval/tatqa/test-predictions.json";

function predictionOf(answer: TableAnswer): Prediction {
  if (answer.status === "cannot-decide") return ["", ""];
  const scale = answer.scale === "none" ? "" : answer.scale;
  // Numbers are written as the engine's exact decimal strings: the official metric reads them the same
  // way, and a JSON 0 would be scored as "no prediction" by its `if not prediction`.
  if (answer.isNumeric && answer.values.length === 1) return [answer.values[0]!, scale];
  return [answer.values, scale];
}

interface Scored {
  question: Question;
  contextIndex: number;
  prediction: Prediction;
  answer: TableAnswer;
  exactMatch: number;
  f1: number;
  ms: number;
}

function runFile(
  file: string,
  label: string,
): { predictions: Record<string, Prediction>; scored: Scored[]; contexts: number } {
  const contexts = z.array(contextSchema).parse(JSON.parse(readFileSync(file, "utf8")));
  const total = contexts.reduce((sum, context) => sum + context.questions.length, 0);
  const progress = consoleProgress();
  progress.start(label, total);
  const predictions: Record<string, Prediction> = {};
  const scored: Scored[] = [];
  contexts.forEach((context, contextIndex) => {
    const paragraphs = [...context.paragraphs].sort((a, b) => a.order - b.order).map((p) => p.text);
    for (const question of context.questions) {
      const started = performance.now();
      const answer = answerOverTableByRules({ table: context.table.table, paragraphs, question: question.question });
      const ms = performance.now() - started;
      const prediction = predictionOf(answer);
      predictions[question.uid] = prediction;
      const gold =
        question.answer !== undefined && question.answer_type !== undefined && question.scale !== undefined
          ? scoreTatqa(
              { answer: question.answer, answer_type: question.answer_type, scale: question.scale },
              prediction[0],
              prediction[1],
            )
          : null;
      scored.push({
        question,
        contextIndex,
        prediction,
        answer,
        exactMatch: gold?.exactMatch ?? 0,
        f1: gold?.f1 ?? 0,
        ms,
      });
      progress.advance(1);
    }
  });
  progress.finish();
  return { predictions, scored, contexts: contexts.length };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

const percent = (value: number) => (value * 100).toFixed(1);

function summary(scored: Scored[]): string {
  const n = scored.length;
  const em = scored.reduce((sum, s) => sum + s.exactMatch, 0) / Math.max(n, 1);
  const f1 = scored.reduce((sum, s) => sum + s.f1, 0) / Math.max(n, 1);
  return `EM ${percent(em)}  F1 ${percent(f1)}  (n=${n})`;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Why a question was missed, from the gold and the predicted program: the table of failure kinds. */
function failureOf(s: Scored): string {
  const goldScale = s.question.scale ?? "";
  if (s.answer.status === "cannot-decide") return "declined (cannot decide)";
  const gold = s.question.answer_type ?? "";
  const op = s.answer.program.op;
  const rescored = scoreTatqa(
    { answer: s.question.answer ?? "", answer_type: gold, scale: goldScale },
    s.prediction[0],
    goldScale,
  );
  if (rescored.exactMatch === 1) return "scale wrong, value right";
  if (gold === "span" && s.question.answer_from === "text") return "text span: wrong or inexact sentence";
  if (gold === "multi-span") return op === "multi-span" ? "multi-span: wrong cells" : "multi-span asked, other program";
  if (gold === "count") return "count not recognized";
  if (gold === "arithmetic") {
    const isComputed = ["sum", "difference", "change-ratio", "average", "ratio"].includes(op);
    return isComputed ? "arithmetic: wrong operation, operands or order" : "arithmetic asked, no computation";
  }
  return op === "span" ? "span: wrong cell or sentence" : "span asked, other program";
}

function report(scored: Scored[], contexts: number): void {
  const heldOutFrom = Math.floor((contexts * 2) / 3);
  console.log(`all dev:                ${summary(scored)}`);
  console.log(`development (first 2/3): ${summary(scored.filter((s) => s.contextIndex < heldOutFrom))}`);
  console.log(`held out (last 1/3):     ${summary(scored.filter((s) => s.contextIndex >= heldOutFrom))}`);
  for (const key of ["answer_type", "answer_from"] as const) {
    const groups = groupBy(scored, (s) => s.question[key] ?? "?");
    console.log(`by ${key}:`);
    for (const [name, group] of [...groups].sort()) console.log(`  ${name.padEnd(12)} ${summary(group)}`);
  }
  const failures = groupBy(
    scored.filter((s) => s.exactMatch < 1),
    failureOf,
  );
  console.log("failure classes (questions not exactly matched):");
  for (const [name, group] of [...failures].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${String(group.length).padStart(5)}  ${name}`);
  }
}

function main(): number {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf("--out");
  const out = outIndex === -1 ? undefined : args[outIndex + 1];
  const jsonIndex = args.indexOf("--json");
  const file = args.find(
    (arg, index) =>
      !arg.startsWith("--") &&
      (outIndex === -1 || index !== outIndex + 1) &&
      (jsonIndex === -1 || index !== jsonIndex + 1),
  );
  if (file === undefined || (outIndex !== -1 && out === undefined)) {
    console.error("usage: npm run eval:tatqa -- <dataset.json> [--out predictions.json]");
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`${file} not found (the TAT-QA files are in the data folder, FINGROUND_DATA_DIR/tatqa)`);
    return 2;
  }
  const run = runFile(file, path.basename(file));
  if (out) writeFileSync(out, `${JSON.stringify(run.predictions, null, 1)}\n`);
  const hasAnswers = run.scored.every((s) => s.question.answer !== undefined);
  if (hasAnswers) report(run.scored, run.contexts);
  const times = run.scored.map((s) => s.ms).sort((a, b) => a - b);
  const declined = run.scored.filter((s) => s.answer.status === "cannot-decide").length;
  console.log(`declined: ${declined}/${run.scored.length}`);
  console.log(`ms per question: p50 ${quantile(times, 0.5).toFixed(3)}  p95 ${quantile(times, 0.95).toFixed(3)}`);

  const testFile = path.join(dataDir(), TEST_FILE);
  if (existsSync(testFile)) {
    const test = runFile(testFile, "test predictions");
    mkdirSync(path.dirname(TEST_PREDICTIONS), { recursive: true });
    writeFileSync(TEST_PREDICTIONS, `${JSON.stringify(test.predictions, null, 1)}\n`);
    console.log(`wrote ${Object.keys(test.predictions).length} test predictions to ${TEST_PREDICTIONS}`);
  } else {
    console.log(`no test file at ${testFile}: ${TEST_PREDICTIONS} not rewritten`);
  }
  const mean = (scored: Scored[], of: (s: Scored) => number) =>
    (100 * scored.reduce((sum, s) => sum + of(s), 0)) / Math.max(1, scored.length);
  const heldOut = run.scored.filter((s) => s.contextIndex >= Math.floor((run.contexts * 2) / 3));
  writeSuiteResult({
    suite: "tatqa",
    figures: [
      ...(hasAnswers
        ? ([
            {
              key: "em",
              label: "exact match",
              value: mean(run.scored, (s) => s.exactMatch),
              unit: "percent",
              better: "higher",
            },
            { key: "f1", label: "F1", value: mean(run.scored, (s) => s.f1), unit: "percent", better: "higher" },
            {
              key: "held-out.em",
              label: "held out (last third): exact match",
              value: mean(heldOut, (s) => s.exactMatch),
              unit: "percent",
              better: "higher",
            },
            {
              key: "held-out.f1",
              label: "held out (last third): F1",
              value: mean(heldOut, (s) => s.f1),
              unit: "percent",
              better: "higher",
            },
          ] as const)
        : []),
      { key: "declined", label: "questions declined", value: declined, unit: "count", better: "lower" },
      { key: "p95", label: "time per question p95", value: quantile(times, 0.95), unit: "ms", better: "lower" },
    ],
    latencies: { "per question": times },
  });
  return 0;
}

process.exitCode = main();
