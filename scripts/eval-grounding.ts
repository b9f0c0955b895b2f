// npm run eval:grounding: the built-in analyst's answers to every hand-written and investor-language
// evaluation question (eval/agent), each through the whole chat pipeline on an in-memory PGlite database
// prepared with the committed seed, and every number of each answer traced to the data it was given.
// Prints the totals and each untraced number; the promise is 100% traced. Needs no data folder.
import { HANDWRITTEN } from "@/eval/agent/handwritten";
import { INVESTOR } from "@/eval/agent/investor";
import { consoleProgress } from "@/lib/core/progress";
import { openDatabase } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { writeSuiteResult } from "./eval-report/suite-result";
import { traceAnalystAnswers } from "./eval-report/trace-answers";

const QUESTIONS = [...HANDWRITTEN, ...INVESTOR];

async function main(): Promise<number> {
  const db = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    const progress = consoleProgress();
    await prepareDatabase(db, { progress });
    progress.start("answers traced", QUESTIONS.length);
    const totals = await traceAnalystAnswers(db.prisma, QUESTIONS, () => progress.advance(1));
    progress.finish();
    for (const line of totals.untraced) console.log(`untraced: ${line}`);
    const traced = totals.numbers - totals.untraced.length;
    console.log(
      `${totals.answers} answers, ${totals.numbers} numbers, ${totals.derived} derived by the analyst, ${totals.untraced.length} untraced, ${totals.notFinal} checks not final`,
    );
    writeSuiteResult({
      suite: "grounding",
      figures: [
        {
          key: "traced",
          label: "analyst's numbers traced",
          value: totals.numbers === 0 ? 0 : (100 * traced) / totals.numbers,
          unit: "percent",
          better: "higher",
        },
        { key: "untraced", label: "untraced numbers", value: totals.untraced.length, unit: "count", better: "lower" },
        { key: "numbers", label: "numbers checked", value: totals.numbers, unit: "count", better: "higher" },
      ],
      latencies: { "answer (question to last part)": totals.latencies },
    });
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
