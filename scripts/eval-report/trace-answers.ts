// The grounding check: each evaluation question through the whole chat pipeline with the built-in
// analyst, and every number of its answer looked up in the data it was given (lib/context/number-trace).
// Shared by `npm run eval` (scripts/eval-grounding.ts) and lib/chat/traced-answers.test.ts.
import { createUIMessageStream, readUIMessageStream } from "ai";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { answerQuestion } from "@/lib/chat/answer-question";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { EvalQuery } from "@/eval/agent/types";

export interface TraceTotals {
  answers: number;
  numbers: number;
  derived: number;
  /** Answers whose number check was not final (the stream ended before it). */
  notFinal: number;
  /** One line per untraced number (or per answer with digits and no check at all). */
  untraced: string[];
  /** Milliseconds per answer, question to last part. */
  latencies: number[];
}

export async function traceAnalystAnswers(
  prisma: PrismaClient,
  questions: readonly EvalQuery[],
  onAnswer: () => void = () => {},
): Promise<TraceTotals> {
  const totals: TraceTotals = { answers: 0, numbers: 0, derived: 0, notFinal: 0, untraced: [], latencies: [] };
  for (const query of questions) {
    const started = performance.now();
    const stream = createUIMessageStream<FinGroundUIMessage>({
      execute: async ({ writer }) => {
        await answerQuestion({
          prisma,
          agent: rulesAgent,
          question: query.question,
          today: query.today,
          llm: null,
          writer,
        });
      },
    });
    let message: FinGroundUIMessage | undefined;
    for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
    totals.latencies.push(performance.now() - started);
    totals.answers++;
    onAnswer();
    const part = message?.parts.find((p) => p.type === "data-numbers");
    const trace = part?.type === "data-numbers" ? part.data : null;
    const text = message?.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("") ?? "";
    if (!trace) {
      if (/\d/.test(text)) totals.untraced.push(`${query.id}: no number check for "${text.slice(0, 80)}"`);
      continue;
    }
    if (!trace.final) totals.notFinal++;
    totals.numbers += trace.numbers.length;
    totals.derived += trace.derived;
    for (const n of trace.numbers.filter((n) => n.status === "untraced")) {
      totals.untraced.push(
        `${query.id} "${query.question}": ${n.text} in "…${text.slice(Math.max(0, n.start - 60), n.end + 20)}…"`,
      );
    }
  }
  return totals;
}
