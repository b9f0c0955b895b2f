// The built-in analyst keeps FinGround's promise by construction: every number of its answers is in
// the data it was given or computed from it. Asserted over the evaluation questions (the handwritten
// and investor-language agent sets, all 559 questions, no sampling: about 15 s on PGlite, 23 s on PostgreSQL), each
// through the whole chat pipeline on a seeded database. The answers have no documents (no news
// configured), so the check is of the data paragraphs; documents are checked in number-trace.test.ts.
import { describe, expect, it } from "vitest";
import { HANDWRITTEN } from "@/eval/agent/handwritten";
import { INVESTOR } from "@/eval/agent/investor";
import { traceAnalystAnswers } from "@/scripts/eval-report/trace-answers";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";

const QUESTIONS = [...HANDWRITTEN, ...INVESTOR];

describe.each(testBackends())("the analyst's numbers trace to its data on $name", (backend) => {
  const { prisma } = sliceDatabase(backend);

  it(`traces every number of ${QUESTIONS.length} evaluation answers`, async () => {
    const totals = await traceAnalystAnswers(prisma(), QUESTIONS);
    console.info(
      `[trace] ${totals.answers} answers, ${totals.numbers} numbers, ${totals.derived} derived by the analyst, ${totals.untraced.length} untraced`,
    );
    expect(totals.notFinal).toBe(0);
    expect(totals.numbers).toBeGreaterThan(QUESTIONS.length);
    expect(totals.untraced).toEqual([]);
  }, 600_000);
});
