// The extractive call summary ("key takeaways of KO's Q3 2021 call"): management's sentences that carry
// results, guidance and changes, quoted verbatim so every number stays exactly as said, a handful of
// bullets in call order. No model: a sentence scores by what it reports, boilerplate scores nothing.
import { type QuotableSentence, quotableSentences } from "@/lib/core/sentences";
import type { CallSection, SpeakerRole } from "@/lib/documents/transcripts/types";

/** A passage of the call to summarize from, with what a bullet cites it by. */
export interface SummaryPassage<Ref> {
  text: string;
  role: SpeakerRole;
  section: CallSection;
  ref: Ref;
}

export interface SummaryBullet<Ref> {
  sentence: string;
  ref: Ref;
  /** What the sentence carries: results, guidance, change (one or more). */
  carries: ("results" | "guidance" | "change")[];
}

const SUMMARY_BULLETS = 6;
const MIN_SENTENCE_CHARS = 40;
const MAX_SENTENCE_CHARS = 400;
/** Two sentences sharing more than this share of their words say the same thing twice. */
const MAX_WORD_OVERLAP = 0.5;

const NUMBER =
  /(?:[$€£]\s?)?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|basis points|bps|billion|million|thousand|cents?))?/gi;
const RESULTS =
  /\b(revenues?|sales|earnings per share|eps|net income|operating income|operating margin|gross margin|margins?|ebitda|free cash flow|cash flow|profit|volume|comparable|comps?|organic|same[- ]store|bookings|backlog|subscribers|dividend|repurchase|buyback)\b/i;
const GUIDANCE =
  /\b(guidance|outlook|expects?|expected|expecting|anticipate[sd]?|forecast|full[- ]year|fiscal (?:year )?20\d\d|next year|for the year|we see|target(?:ing)?|project(?:ed|ing)?|range of)\b/i;
const CHANGE =
  /\b(rais(?:e|ed|ing)|lower(?:ed|ing)?|increas(?:e|ed|ing)|decreas(?:e|ed|ing)|grew|grow(?:th)?|declin(?:e|ed|ing)|improv(?:e|ed|ing)|up|down|rose|fell|expan(?:d|ded|sion)|contract(?:ed|ion)|record|reaffirm(?:ed|ing)?|updat(?:e|ed|ing))\b/i;
// Housekeeping every call opens with: safe-harbor language, where the slides are, who is on the call.
const BOILERPLATE =
  /forward[- ]looking|safe harbor|reconciliation|non-gaap (?:financial )?measures? (?:can|is|are)|website|webcast|press release|slides?\b|\bslide \d|joining me|joined by|turn (?:the call|it) over|operator|questions?\b|thank you|good (?:morning|afternoon|evening)/i;

const wordsOf = (text: string): Set<string> => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

/** The numbers a text states, as written ("$1.25", "14%", "10.5 billion"). */
export function numbersIn(text: string): string[] {
  return (text.match(NUMBER) ?? []).map((n) => n.replace(/\s+/g, " ").trim()).filter((n) => /\d/.test(n));
}

/** Numbers a sentence states, years left out (a year names a period, it is no figure). */
const figuresIn = (sentence: string) => numbersIn(sentence).filter((n) => !/^(19|20)\d\d$/.test(n)).length;

/** How much a sentence reads as guidance: 0 without a guidance word (expect, outlook, full-year, range…);
 * else 1, more for the figures it gives (a range is two) and for a raise or cut. */
function guidanceWeight(sentence: string): number {
  if (!GUIDANCE.test(sentence) || BOILERPLATE.test(sentence)) return 0;
  return 1 + Math.min(figuresIn(sentence), 2) * 0.5 + (CHANGE.test(sentence) ? 0.5 : 0);
}

/** The whole sentences of a passage (see lib/core/sentences.ts: none a chunk boundary cut), as said. */
const wholeSentencesOf = (text: string) => quotableSentences(text, { linesAreSentences: true });

/** The whole sentences of a passage that carry guidance, in the order said; empty when none does. */
export function guidanceSentences(text: string): QuotableSentence[] {
  return wholeSentencesOf(text).filter((s) => guidanceWeight(s.text) > 0);
}

function scoreOf(sentence: string): { score: number; carries: SummaryBullet<unknown>["carries"] } {
  if (sentence.length < MIN_SENTENCE_CHARS || sentence.length > MAX_SENTENCE_CHARS) return { score: 0, carries: [] };
  if (BOILERPLATE.test(sentence) || sentence.trim().endsWith("?")) return { score: 0, carries: [] };
  const carries: SummaryBullet<unknown>["carries"] = [];
  if (RESULTS.test(sentence)) carries.push("results");
  if (GUIDANCE.test(sentence)) carries.push("guidance");
  if (CHANGE.test(sentence)) carries.push("change");
  const numbers = figuresIn(sentence);
  if (numbers === 0 && !carries.includes("guidance")) return { score: 0, carries };
  // Numbers are what the reader wants kept; results and guidance are what a takeaway is about.
  const score = Math.min(numbers, 3) * 2 + carries.length * 1.5 + (carries.includes("guidance") ? 1 : 0);
  return { score: carries.length === 0 ? 0 : score, carries };
}

/**
 * Up to `bullets` sentences of management (executives; prepared remarks first, then their answers),
 * the best scoring that do not repeat one another, in the order the call said them.
 */
export function summarizeCall<Ref>(
  passages: readonly SummaryPassage<Ref>[],
  bullets = SUMMARY_BULLETS,
): SummaryBullet<Ref>[] {
  const seen = new Set<string>();
  const candidates: { position: number; score: number; bullet: SummaryBullet<Ref>; words: Set<string> }[] = [];
  for (const passage of passages) {
    if (passage.role !== "executive") continue;
    for (const { text: sentence } of wholeSentencesOf(passage.text)) {
      if (seen.has(sentence)) continue; // chunks overlap: a sentence can come twice
      seen.add(sentence);
      const { score, carries } = scoreOf(sentence);
      if (score <= 0) continue;
      // Answers in the Q&A count a little less than what management chose to say up front.
      const weighted = passage.section === "qa" ? score * 0.8 : score;
      candidates.push({
        position: candidates.length,
        score: weighted,
        bullet: { sentence, ref: passage.ref, carries },
        words: wordsOf(sentence),
      });
    }
  }
  const chosen: typeof candidates = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score || a.position - b.position)) {
    if (chosen.length >= bullets) break;
    if (chosen.some((c) => overlap(c.words, candidate.words) > MAX_WORD_OVERLAP)) continue;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.position - b.position).map((c) => c.bullet);
}
