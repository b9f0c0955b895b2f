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

// Issue 30 item 6: finance vocabulary that looks like a ticker or a company name names no company
// unless the words around it make it one. Phrasings of our own, apart from eval/agent/vocabulary.jsonl.
describe("finance vocabulary names no company", () => {
  const tickersOf = (question: string) =>
    parseQuestion(question, { today: "2026-11-30" })
      .companies.filter((c) => c.kind === "company")
      .map((c) => (c.kind === "company" ? c.ticker : ""));

  // Acronyms of measures, titles and terms; several are tickers on the SEC list (NIM, DCF, ARR, CAC, IT, …).
  const ACRONYMS = `NIM NII DCF NPV IRR ARR MRR CAC LTV ARPU GMV TPV AUM NAV FFO AFFO NOI TSR WACC ROIC CET1 BDC MLP CIO
    ESG IT AI GAAP FCF EBITDA EPS ROE ROA ROI EBIT CEO CFO COO`.split(/\s+/);
  const ACRONYM_FRAMES = [
    "what drives {} at a typical lender",
    "{} compression across the sector",
    "how do analysts model {}",
  ];
  it.each(ACRONYM_FRAMES)("reads no acronym as a company, in capitals or not: %s", (frame) => {
    const found = ACRONYMS.flatMap((a) =>
      [a, a.toLowerCase()].flatMap((w) => {
        const q = frame.replace("{}", w);
        const t = tickersOf(q);
        return t.length > 0 ? [`${q} → ${t.join(",")}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it.each([
    "read the P&L for me",
    "P & L review for the segment",
    "walk through the P and L",
    "the P/L by business line",
    "PnL attribution by desk",
    "MD&A discussion of liquidity",
    "M&A pipeline commentary",
    "run a DuPont analysis on return on equity",
    "the DuPont identity splits ROE into three parts",
    "management's target operating margin of 30%",
    "target net leverage of 2x",
    "what's a sensible target dividend payout ratio",
    "student visa rules and tech hiring costs",
    "visa waiver program effects on travel spending",
    "how do work visa restrictions hit SG&A",
    "rising COSTS and IT budgets",
  ])("%s → no company", (q) => {
    expect(tickersOf(q)).toEqual([]);
  });

  it.each([
    ["NIM stock price", ["NIM"]],
    ["$ARR dividend yield", ["ARR"]],
    ["shares of CAC since 2020", ["CAC"]],
    ["target's operating margin", ["TGT"]],
    ["target corp free cash flow", ["TGT"]],
    ["Target operating margin", ["TGT"]],
    ["visa's net revenue", ["V"]],
    ["what was visa revenue in 2024", ["V"]],
    ["Visa's sponsorship spending", ["V"]],
    ["P&G's P&L", ["PG"]],
    ["apple P&L", ["AAPL"]],
    ["3M MD&A", ["MMM"]],
    ["chase NIM", ["JPM"]],
    ["WFC NIM", ["WFC"]],
    ["verizon ARPU", ["VZ"]],
    ["pep gaap eps", ["PEP"]],
    ["How does Boeing describe the risks from the 737 MAX?", ["BA"]],
    ["Boeing's 737 MAX deliveries in 2019", ["BA"]],
    ["should I buy 100 AAPL shares", ["AAPL"]],
    // "visa fee" is the permit's fee: the income statement is Mastercard's.
    ["What's the visa fee revenue line in Mastercard's income statement?", ["MA"]],
    ["visa revenue of 2024 and mastercard's", ["V", "MA"]],
  ])("%s → %j, the context making it a company", (q, expected) => {
    expect(tickersOf(q)).toEqual(expected);
  });
});
