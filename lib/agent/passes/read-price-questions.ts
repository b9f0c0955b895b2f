// Questions about how a share price behaved, said in investor words: "the largest one-day fall", "the
// maximum drawdown", "if I had invested $10,000 in X", "how much has X gone up in the last year", "its
// 52-week high and low". They read the adjusted close (returns count dividends and splits) or the
// 52-week metrics; the Data Module's daily summary states the moves (lib/data/daily-summary.ts). The
// invested amount goes to the request's `invested`.
import { Decimal } from "@/lib/core/decimal";
import type { DateRange } from "../schema";
import type { ReadingState } from "./reading-state";
import { matchesOf } from "@/lib/core/regex";

interface PriceCue {
  pattern: RegExp;
  metricKeys: readonly string[];
}

const MOVE_WORDS = "falls?|drops?|declines?|loss(?:es)?|plunges?|rises?|gains?|jumps?|surges?|moves?|increases?";

const PRICE_CUES: readonly PriceCue[] = [
  {
    // "largest one-day fall", "biggest daily gain", "worst single-day drop", "biggest drop in a single day"
    pattern: new RegExp(
      `\\b(?:(?:largest|biggest|worst|best|sharpest|steepest|greatest)\\s+)?(?:(?:one|1|single)[- ]day|daily)\\s+(?:${MOVE_WORDS})\\b|\\b(?:largest|biggest|worst|sharpest|steepest|greatest)\\s+(?:${MOVE_WORDS})\\s+(?:in|on)\\s+(?:a|one)\\s+(?:single\\s+)?(?:day|session)\\b`,
      "gi",
    ),
    metricKeys: ["price_adj_close"],
  },
  { pattern: /\b(?:max(?:imum)?|largest|biggest|worst|deepest)\s+drawdowns?\b/gi, metricKeys: ["price_adj_close"] },
  { pattern: investedPattern(), metricKeys: ["price_adj_close"] },
  {
    pattern:
      /\b(?:52|fifty[- ]two)[- ]?(?:week|wk|w)\s+(?:high\s+(?:and|&|\/|or)\s+low|low\s+(?:and|&|\/|or)\s+high|range)\b/gi,
    metricKeys: ["high_52w", "low_52w"],
  },
];

/** "invested $10,000", "put $5k into", "bought $2,500 of": the amount is the first group. */
function investedPattern(): RegExp {
  return /\b(?:invested|invest|put|bought|buy|spent)\s+(\$\s?\d[\d,]*(?:\.\d+)?\s*(?:k|thousand|million)?\b)(?:\s+(?:dollars|usd))?/gi;
}

/** "gone up in the last year" reads the trailing 12 months up to the latest price held. */
const TRAILING_YEAR = /^(?:the\s+)?(?:last|past)\s+(?:year|12\s+months|twelve\s+months)$/i;

/** "how much has Apple (stock) gone up", "how much did Tesla fall": a gain or loss asked with no metric named. */
const GAIN_WORDS =
  /\b(?:(?:gone|went|go)\s+(?:up|down)|risen|rise|climbed|gained|fallen|fall|dropped|drop|appreciated)\b/gi;
const HOW_MUCH = /\bhow\s+much\s+(?:has|have|did|had)\b/i;

/** First of all passes, so "drawdown", "52-week high" and "daily" are not taken by a single metric's alias or a
 * granularity. */
export function readPriceQuestions(state: ReadingState): void {
  for (const cue of PRICE_CUES) {
    for (const match of matchesOf(state.question, cue.pattern)) {
      const range = claimTokens(state, match.index, match.index + match[0].length);
      if (range === null) continue;
      for (const key of cue.metricKeys) addMetric(state, key, range);
    }
  }
  state.invested = investedAmount(state.question);
  // "what would it be worth": the investment's words, only when an amount was invested ("worth
  // buying" is an investment judgement, read by the next passes).
  if (state.invested === null) return;
  for (const match of matchesOf(state.question, /\b(?:be\s+)?worth\b/gi)) {
    const range = claimTokens(state, match.index, match.index + match[0].length);
    if (range) state.metricWords.push(range);
  }
}

/**
 * After dates and names are read: "how much has X gone up" with no figure named (or only "stock") asks
 * for its return; a return or move "in the last year" is the trailing 12 months.
 */
export function readPriceGains(state: ReadingState): void {
  if (state.metrics.some((m) => m.key === "price_adj_close")) readTrailingYear(state);
  if (!HOW_MUCH.test(state.question) || state.metrics.some((m) => !m.weak && m.key !== "price_adj_close")) return;
  let asked = false;
  for (const match of matchesOf(state.question, GAIN_WORDS)) {
    const range = claimTokens(state, match.index, match.index + match[0].length);
    if (range === null) continue;
    asked = true;
    addMetric(state, "price_adj_close", range);
  }
  if (!asked) return;
  // "Apple stock": the weak share price gives way to the adjusted close a return is read on.
  for (const weak of state.metrics.filter((m) => m.weak)) state.metricWords.push(weak);
  state.metrics = state.metrics.filter((m) => !m.weak);
  readTrailingYear(state);
}

function addMetric(state: ReadingState, key: string, range: { first: number; last: number }): void {
  if (state.metrics.some((m) => m.key === key)) state.metricWords.push(range);
  else state.metrics.push({ key, ...range, confidence: 0.9, weak: false });
}

function readTrailingYear(state: ReadingState): void {
  if (TRAILING_YEAR.test(state.dates.range.expression ?? "")) state.dates.range = trailingYear(state.dates.range);
}

/** The amount said to be invested, in dollars as a plain decimal ("$10,000" → "10000", "$5k" → "5000"). */
export function investedAmount(question: string): string | null {
  const match = investedPattern().exec(question);
  if (!match) return null;
  const written = match[1]!.toLowerCase();
  const digits = written.replace(/[^\d.]/g, "");
  const multiplier = /k|thousand/.test(written) ? 1_000 : /million/.test(written) ? 1_000_000 : 1;
  return new Decimal(digits).times(multiplier).toFixed();
}

function trailingYear(range: DateRange): DateRange {
  return { ...range, start: null, end: null, latest: false, granularity: "annual", fiscal: null, count: 1 };
}

/** The tokens inside [start, end) become metric words, when none was taken yet. */
function claimTokens(state: ReadingState, start: number, end: number): { first: number; last: number } | null {
  const inside = state.tokens.flatMap((t, i) => (t.start >= start && t.end <= end ? [i] : []));
  if (inside.length === 0 || inside.some((i) => !state.usable(i))) return null;
  for (const i of inside) state.roles[i] = "metric";
  return { first: inside[0]!, last: inside[inside.length - 1]! };
}
