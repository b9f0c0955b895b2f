// The built-in analyst keeps FinGround's promise by construction: every number of its answers is in
// the data it was given or computed from it. Asserted over the evaluation questions (the handwritten
// and investor-language agent sets, all 559 questions, no sampling: about 15 s on PGlite, 23 s on PostgreSQL), each
// through the whole chat pipeline on a seeded database. The answers have no documents (no news
// configured), so the check is of the data paragraphs; documents are checked in number-trace.test.ts.
import { createUIMessageStream, readUIMessageStream } from "ai";
import { describe, expect, it } from "vitest";
import { HANDWRITTEN } from "@/eval/agent/handwritten";
import { INVESTOR } from "@/eval/agent/investor";
import { rulesAgent } from "@/lib/agent/rules-agent";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";
import { answerQuestion } from "./answer-question";

const QUESTIONS = [...HANDWRITTEN, ...INVESTOR];

describe.each(testBackends())("the analyst's numbers trace to its data on $name", (backend) => {
  const { prisma } = sliceDatabase(backend);

  it(`traces every number of ${QUESTIONS.length} evaluation answers`, async () => {
    const untraced: string[] = [];
    let numbers = 0;
    let derived = 0;
    for (const query of QUESTIONS) {
      const stream = createUIMessageStream<FinGroundUIMessage>({
        execute: async ({ writer }) => {
          await answerQuestion({
            prisma: prisma(),
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
      const part = message?.parts.find((p) => p.type === "data-numbers");
      const trace = part?.type === "data-numbers" ? part.data : null;
      const text = message?.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("") ?? "";
      if (!trace) {
        if (/\d/.test(text)) untraced.push(`${query.id}: no number check for "${text.slice(0, 80)}"`);
        continue;
      }
      expect(trace.final).toBe(true);
      numbers += trace.numbers.length;
      derived += trace.derived;
      for (const n of trace.numbers.filter((n) => n.status === "untraced")) {
        untraced.push(
          `${query.id} "${query.question}": ${n.text} in "…${text.slice(Math.max(0, n.start - 60), n.end + 20)}…"`,
        );
      }
    }
    console.info(
      `[trace] ${QUESTIONS.length} answers, ${numbers} numbers, ${derived} derived by the analyst, ${untraced.length} untraced`,
    );
    expect(numbers).toBeGreaterThan(QUESTIONS.length);
    expect(untraced).toEqual([]);
  }, 600_000);
});
