// Property (issue 16 item 5): a span that is part of a longer known term never matches on its own.
// Every metric alias (catalog names and aliases, everyday and plain-language words) and every curated
// company name and alias is embedded beside other aliases and inside everyday frames ("a P/E basis");
// no metric or company the parser reads may straddle the embedded alias's edge (take part of it and
// words outside it). The full cross product (about 2,000² pairs) is too slow for the suite, so each
// alias is paired with PARTNERS others chosen by a fixed stride: deterministic, every alias on both
// sides, about 24,000 questions (about 5 s).
import { describe, expect, it } from "vitest";
import { COMPANIES } from "@/lib/catalog/companies";
import { METRICS } from "@/lib/catalog/metrics";
import { EVERYDAY_METRIC_WORDS, PLAIN_LANGUAGE_METRICS } from "./lexicon/metric-words";
import { parseQuestion } from "./parse-question";
import type { Span } from "./schema";

const PARTNERS = 12;
const FRAMES = ["a {} basis", "the {}", "is {} ok", "{} of apple"];

const aliases = [
  ...new Set([
    ...METRICS.flatMap((m) => [m.name, ...m.aliases]),
    ...EVERYDAY_METRIC_WORDS.map(([phrase]) => phrase),
    ...PLAIN_LANGUAGE_METRICS.map(([phrase]) => phrase),
    ...COMPANIES.flatMap((c) => [c.name, ...c.aliases.map((a) => a.alias)]),
  ]),
].sort();

/** Spans of the question read as a metric or a company. */
function readSpans(question: string): Span[] {
  const r = parseQuestion(question, { today: "2026-11-30" });
  return [
    ...r.metrics.flatMap((m) => (m.span ? [m.span] : [])),
    ...r.companies.flatMap((c) => (c.span ? [c.span] : [])),
  ];
}

/** A span that takes part of [start, end) and words outside it. */
function straddles(s: Span, start: number, end: number): boolean {
  const overlaps = s.start < end && s.end > start;
  const inside = s.start >= start && s.end <= end;
  const covers = s.start <= start && s.end >= end;
  return overlaps && !inside && !covers;
}

function violations(question: string, start: number, end: number): string[] {
  return readSpans(question)
    .filter((s) => straddles(s, start, end))
    .map((s) => `"${question}": "${s.text}" straddles "${question.slice(start, end)}"`);
}

describe("no false matches across a known term's edge", () => {
  it(`holds for ${aliases.length} aliases, each in ${FRAMES.length} frames and beside ${PARTNERS} others`, () => {
    const found: string[] = [];
    const stride = Math.max(1, Math.floor(aliases.length / PARTNERS) - 1);
    aliases.forEach((x, i) => {
      for (const frame of FRAMES) {
        const question = frame.replace("{}", x);
        const start = frame.indexOf("{}");
        found.push(...violations(question, start, start + x.length));
      }
      for (let k = 1; k <= PARTNERS; k++) {
        const y = aliases[(i + k * stride) % aliases.length]!;
        if (y === x) continue;
        const question = `${y} ${x}`;
        found.push(...violations(question, y.length + 1, question.length));
      }
    });
    expect(found.slice(0, 40)).toEqual([]);
  }, 120_000);
});
