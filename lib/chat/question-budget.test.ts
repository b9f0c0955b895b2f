// The question's time budget covers the whole question (issue 31.10, 31.13), through the chat pipeline on the seeded
// database with the built-in analyst: the slice stops reading at the deadline, the analyst ends its answer after a
// whole paragraph, and each cut is said as a cut with how to narrow the question, never as missing data. The
// deadline's clock is stepped by hand: what is cut depends on the clock's readings, not on the machine's speed.
import { describe, expect, it } from "vitest";
import type { NumberTrace } from "@/lib/context/number-trace";
import type { Clock } from "@/lib/data/budget";
import type { DataSlice } from "@/lib/data/types";
import { sliceDatabase } from "@/test/data";
import { answeredParts } from "@/test/answer";
import { testBackends } from "@/test/db";

const TODAY = "2026-11-30";
const RANKING = "Rank all companies by revenue in fiscal 2023";
const COMPARISON =
  "Compare Apple, Microsoft, Alphabet, Amazon, Meta, Nvidia, Tesla and JPMorgan on revenue, net income, EPS, gross margin and operating income over the last 40 quarters";
const PAST = Number.POSITIVE_INFINITY;

interface Answered {
  text: string;
  slice: DataSlice;
  numbers: NumberTrace;
}

describe.each(testBackends())("the question budget over the whole question on $name", (backend) => {
  const { prisma } = sliceDatabase(backend);

  async function ask(question: string, clockOf: (firstWords: () => boolean) => Clock): Promise<Answered> {
    let wordsOut = false;
    const clock = clockOf(() => wordsOut);
    const parts = await answeredParts({
      prisma: prisma(),
      question,
      today: TODAY,
      clock,
      onFirstToken: () => (wordsOut = true),
    });
    const slice = parts.find((p) => p.type === "data-slice");
    const numbers = parts.find((p) => p.type === "data-numbers");
    if (slice?.type !== "data-slice" || numbers?.type !== "data-numbers") throw new Error("no slice or numbers part");
    const text = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
    return { text, slice: slice.data, numbers: numbers.data };
  }

  /** A clock that stays at 0 for `readings` readings (the deadline's own first), then is past any deadline. */
  const afterReadings =
    (readings: number): Clock =>
    () =>
      readings-- > 0 ? 0 : PAST;

  it("ranks the companies read before the deadline and says the others were not read, not that they lack data", async () => {
    const { text, slice } = await ask(RANKING, () => afterReadings(1 + 5));
    const ranking = slice.ranking!;
    expect(ranking.entries).toHaveLength(5);
    expect(ranking.universe.unread).toBe(ranking.universe.considered - 5);
    expect(text).toContain(`5 of the ${ranking.universe.considered} companies considered`);
    expect(text).toContain(`(${ranking.universe.unread} not read in the question's time)`);
    // The deadline passed while the slice was read: the answer stops after its headline and says both cuts.
    expect(text).toContain("The question's time budget (600 s) ran out before 39 company–metric pairs were read");
    expect(text).toContain("its paragraphs after the one above were not written");
    expect(text).toContain("Ask about fewer companies or metrics");
    expect(text).not.toContain("has a comparable value");
  });

  it("says a ranking cut before any company was read is a cut", async () => {
    const { text, slice } = await ask(RANKING, () => afterReadings(1));
    expect(slice.ranking!.entries).toEqual([]);
    expect(text).toMatch(/^No company was ranked by revenue: the question's time budget ran out before \d+ of the \d+/);
    expect(text).not.toContain("none of the");
  });

  it("ends the analyst's answer after a whole paragraph when the deadline passes while it writes", async () => {
    const whole = await ask(COMPARISON, () => () => 0);
    // Past the deadline from the answer's first words on: the slice is whole, the text stops after its first paragraph.
    const cut = await ask(COMPARISON, (wordsOut) => () => (wordsOut() ? PAST : 0));
    expect(cut.slice.truncated?.map((c) => c.what).join(" ") ?? "").not.toContain("time budget");
    const at = cut.text.lastIndexOf("\n\n**Left out to keep the answer quick**\n");
    const [written, block] = [cut.text.slice(0, at), cut.text.slice(at + 2)];
    // The slice's own cuts (its periods, its companies) are said with the answer's, their paragraph not reached.
    expect(block.split("\n")).toEqual([
      "**Left out to keep the answer quick**",
      ...(cut.slice.truncated ?? []).map((c) => `- ${c.what} ${c.narrow}`),
      "- The question's time budget ran out while this answer was being written: its paragraphs after the one above were not written. Ask about fewer companies or metrics, or a shorter range, for the whole answer.",
    ]);
    expect(whole.text.startsWith(`${written}\n\n`)).toBe(true);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(whole.text.length / 4);
    // What was written is checked like any answer: every number traced.
    expect(cut.numbers.final).toBe(true);
    expect(cut.numbers.numbers.filter((n) => n.status === "untraced")).toEqual([]);
  });
});
