// The built-in Financial Agent ("rules"): a question in, a Structured Data Request out, with no model.
// Deterministic, and every part of the request points back at the words that produced it.
//
// Order of work: date expressions first (they own "Q3", "2023", "last 8 quarters"), then companies and
// metrics, longest phrase first, left to right; then intent cue words (with company and metric words
// blanked, so "Best Buy" is no rank and "top line" no "top"); then ignorable words; then typos, by
// similarity to company and metric names. Whatever is left is reported in `unrecognized`, with
// "did you mean" suggestions where something is close.
//
// Default metrics (span null, confidence 0.5, so they read as implied):
// - An investment question naming no metric (a bare "stock" does not count) gets revenue, net income,
//   diluted EPS and the closing price.
// - A question naming a company and no metric gets revenue and net income when it asks for an
//   overview ("how is X doing", "X's performance", "tell me about X") or when nothing in it went
//   unrecognized (a bare "Apple?").
// - Otherwise no metric is invented: when a company or an intent was found but no metric, a metric
//   suggestion carries the words that matched nothing (or "") with the closest metrics, or the most
//   asked-for ones (score 0) when nothing is close.
import { fuzzyCompany, matchCompanyAt, rankCompanies } from "./companies";
import { checkToday, parseDates, type CharSpan } from "./dates";
import { detectIntent } from "./intent";
import {
  INVEST_DEFAULTS,
  OVERVIEW_DEFAULTS,
  fuzzyMetric,
  matchMetricAt,
  metricName,
  rankMetrics,
  relatedMetrics,
} from "./metrics";
import type { CompanyRef, DateRange, MetricRef, Span, StructuredDataRequest, Suggestion } from "./schema";
import { isAllCaps, isCapitalized, startsSentence, tokenize, type Token } from "./tokens";
import { ACRONYMS, CALENDAR_WORDS, IGNORABLE_WORDS, NEAR_MISS_WORDS } from "./words";

export const RULES_AGENT = "rules";

type Role = "date" | "company" | "metric" | "intent" | "ignorable";

interface CompanyHit {
  ticker: string;
  name: string;
  first: number;
  last: number;
  confidence: number;
}

interface MetricHit {
  keys: readonly string[];
  first: number;
  last: number;
  confidence: number;
  weak: boolean;
}

/** Typo matching is the slow part: only this many leftover words get it (a 10 kB paste stays fast). */
const MAX_FUZZY_WORDS = 64;
const MAX_SUGGESTIONS = 8;
const DEFAULT_CONFIDENCE = 0.5;
const POPULAR_METRICS: readonly string[] = ["revenue", "net_income", "eps_diluted", "price_close"];

const round2 = (n: number) => Math.round(n * 100) / 100;
const isNumber = (t: Token) => /^\d+$/.test(t.norm);

function markSpans(tokens: readonly Token[], roles: Array<Role | null>, spans: readonly CharSpan[], role: Role): void {
  for (const span of spans) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.start >= span.end) break;
      if (roles[i] === null && t.end > span.start) roles[i] = role;
    }
  }
}

function spanOf(question: string, tokens: readonly Token[], first: number, last: number): Span {
  const start = tokens[first]!.start;
  const end = tokens[last]!.end;
  return { text: question.slice(start, end), start, end };
}

/** The question with the given token ranges blanked out (same length, so offsets still hold). */
function blankOut(question: string, tokens: readonly Token[], ranges: ReadonlyArray<{ first: number; last: number }>): string {
  const sorted = [...ranges].sort((a, b) => a.first - b.first);
  let out = "";
  let at = 0;
  for (const r of sorted) {
    const start = tokens[r.first]!.start;
    const end = tokens[r.last]!.end;
    if (start < at) continue;
    out += question.slice(at, start) + " ".repeat(end - start);
    at = end;
  }
  return out + question.slice(at);
}

/** Could this leftover word be a company nobody told us about? Capitalized or ticker-like, and no
 * month, acronym or number. */
function looksLikeCompany(t: Token): boolean {
  if (CALENDAR_WORDS.has(t.norm) || ACRONYMS.has(t.norm) || isNumber(t)) return false;
  return isCapitalized(t.text) || isAllCaps(t.text);
}

function parse(question: string, today: string): StructuredDataRequest {
  const tokens = tokenize(question);
  const roles: Array<Role | null> = tokens.map(() => null);
  const usable = (i: number) => roles[i] === null;

  // 1. Dates.
  const dates = parseDates(question, today);
  markSpans(tokens, roles, dates.spans, "date");

  // 2. Companies and metrics, longest match first.
  const companies: CompanyHit[] = [];
  const metrics: MetricHit[] = [];
  const shouting = !/\p{Ll}/u.test(question) && tokens.filter((t) => /\p{L}/u.test(t.text)).length >= 3;
  const ctx = { question, shouting, usable };
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(i)) continue;
    const c = matchCompanyAt(tokens, i, ctx);
    const m = matchMetricAt(tokens, i, usable);
    if (c && (!m || c.length > m.length || (c.length === m.length && isCapitalized(tokens[i]!.text)))) {
      companies.push({ ticker: c.company.ticker, name: c.company.name, first: i, last: i + c.length - 1, confidence: 1 });
      for (let j = i; j < i + c.length; j++) roles[j] = "company";
      i += c.length - 1;
    } else if (m) {
      const { keys, confidence, weak } = m.entry;
      metrics.push({ keys, first: i, last: i + m.length - 1, confidence, weak });
      for (let j = i; j < i + m.length; j++) roles[j] = "metric";
      i += m.length - 1;
    }
  }

  // 3. Intent cue words, with the names blanked out.
  const masked = blankOut(question, tokens, [...companies, ...metrics]);
  const distinctCompanies = () => new Set(companies.map((c) => c.ticker)).size;
  let intent = detectIntent(masked, { companies: distinctCompanies(), multiPeriod: dates.multiPeriod });
  markSpans(tokens, roles, intent.spans, "intent");

  // 4. Words that ask for nothing.
  tokens.forEach((t, i) => {
    if (roles[i] === null && IGNORABLE_WORDS.has(t.norm)) roles[i] = "ignorable";
  });

  // 5. Typos: leftover words (up to three in a row) close to exactly one company or metric.
  let budget = MAX_FUZZY_WORDS;
  for (let i = 0; i < tokens.length && budget > 0; i++) {
    const t = tokens[i]!;
    if (!usable(i) || isNumber(t) || CALENDAR_WORDS.has(t.norm) || ACRONYMS.has(t.norm)) continue;
    budget--;
    for (let length = 3; length >= 1; length--) {
      const last = i + length - 1;
      if (last >= tokens.length) continue;
      let free = true;
      for (let j = i; j <= last; j++) free &&= usable(j) && !isNumber(tokens[j]!);
      if (!free) continue;
      const text = tokens.slice(i, last + 1).map((w) => w.norm).join(" ");
      const tickerLike = length === 1 && isAllCaps(t.text) && t.text.length >= 2;
      const proper = tickerLike || (isCapitalized(t.text) && !startsSentence(question, t.start));
      const company = fuzzyCompany(text, { strict: !proper, tickers: tickerLike });
      if (company) {
        const { ticker, name } = company.company;
        companies.push({ ticker, name, first: i, last, confidence: round2(Math.min(company.score, 0.95)) });
        for (let j = i; j <= last; j++) roles[j] = "company";
        i = last;
        break;
      }
      const metric = fuzzyMetric(text);
      if (metric) {
        metrics.push({ keys: [metric.key], first: i, last, confidence: round2(Math.min(metric.score, 0.95)), weak: false });
        for (let j = i; j <= last; j++) roles[j] = "metric";
        i = last;
        break;
      }
    }
  }
  // A typo may have added the second company of a comparison.
  if (intent.intent === "lookup" || intent.intent === "trend") {
    const remasked = blankOut(question, tokens, [...companies, ...metrics]);
    intent = { ...intent, intent: detectIntent(remasked, { companies: distinctCompanies(), multiPeriod: dates.multiPeriod }).intent };
  }

  // 6. What is left: runs of adjacent words that matched nothing.
  const runs: Array<{ first: number; last: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(i)) continue;
    const previous = runs[runs.length - 1];
    if (previous && previous.last === i - 1) previous.last = i;
    else runs.push({ first: i, last: i });
  }
  const unrecognized: Span[] = runs.map((r) => spanOf(question, tokens, r.first, r.last));

  const suggestions: Suggestion[] = [];
  let looked = 0;
  for (const run of runs) {
    if (suggestions.length >= MAX_SUGGESTIONS || looked >= MAX_FUZZY_WORDS) break;
    const rest: Token[] = [];
    for (let i = run.first; i <= run.last && looked < MAX_FUZZY_WORDS; i++, looked++) {
      const t = tokens[i]!;
      const ranked = rankCompanies(t.norm, { tickers: isAllCaps(t.text), min: 0.6 }).slice(0, 3);
      const closeToCompany = ranked[0] !== undefined && ranked[0].score >= 0.7 && !NEAR_MISS_WORDS.has(t.norm);
      if (looksLikeCompany(t) || closeToCompany) {
        suggestions.push({
          text: t.text,
          kind: "company",
          candidates: ranked.map((c) => ({ value: c.company.ticker, label: `${c.company.ticker} — ${c.company.name}`, score: round2(c.score) })),
        });
      } else {
        rest.push(t);
      }
    }
    if (rest.length > 0) {
      const candidates = rankMetrics(rest.map((t) => t.norm).join(" "), 0.6).slice(0, 3);
      if (candidates.length > 0) {
        const start = rest[0]!.start;
        const end = rest[rest.length - 1]!.end;
        suggestions.push({
          text: question.slice(start, end),
          kind: "metric",
          candidates: candidates.map((c) => ({ value: c.key, label: c.name, score: round2(c.score) })),
        });
      }
    }
  }

  // 7. Build the request: each company and metric once, in order of first mention.
  const companyRefs: CompanyRef[] = [];
  for (const hit of [...companies].sort((a, b) => a.first - b.first)) {
    const existing = companyRefs.find((c) => c.ticker === hit.ticker);
    if (existing) existing.confidence = Math.max(existing.confidence, hit.confidence);
    else companyRefs.push({ kind: "company", ticker: hit.ticker, name: hit.name, span: spanOf(question, tokens, hit.first, hit.last), confidence: hit.confidence });
  }
  const metricRefs: MetricRef[] = [];
  const addMetric = (key: string, span: Span | null, confidence: number) => {
    const existing = metricRefs.find((m) => m.key === key);
    if (existing) existing.confidence = Math.max(existing.confidence, confidence);
    else metricRefs.push({ key, name: metricName(key), span, confidence, related: relatedMetrics(key) });
  };
  for (const hit of [...metrics].sort((a, b) => a.first - b.first)) {
    for (const key of hit.keys) addMetric(key, spanOf(question, tokens, hit.first, hit.last), hit.confidence);
  }

  if (intent.intent === "invest" && metrics.every((m) => m.weak)) {
    for (const key of INVEST_DEFAULTS) addMetric(key, null, DEFAULT_CONFIDENCE);
  } else if (companyRefs.length > 0 && metrics.length === 0 && (intent.overview || runs.length === 0)) {
    for (const key of OVERVIEW_DEFAULTS) addMetric(key, null, DEFAULT_CONFIDENCE);
  }
  if (metricRefs.length === 0 && (companyRefs.length > 0 || intent.intent !== "lookup") && !suggestions.some((s) => s.kind === "metric")) {
    suggestions.push({
      text: unrecognized.map((u) => u.text).join(" "),
      kind: "metric",
      candidates: POPULAR_METRICS.map((key) => ({ value: key, label: metricName(key), score: 0 })),
    });
  }

  return {
    question,
    today,
    companies: companyRefs,
    metrics: metricRefs,
    dates: dates.range,
    intent: intent.intent,
    unrecognized,
    suggestions,
    agent: RULES_AGENT,
  };
}

const NO_DATES: DateRange = { expression: null, start: null, end: null, latest: true, granularity: "any", fiscal: null, count: null };

/** Parses a question into a Structured Data Request. Never throws for a question, whatever it holds;
 * throws a RangeError when `today` is not a date written YYYY-MM-DD (a caller's bug). */
export function parseQuestion(question: string, options: { today: string }): StructuredDataRequest {
  checkToday(options.today);
  const text = typeof question === "string" ? question : String(question ?? "");
  try {
    return parse(text, options.today);
  } catch {
    // A bug here must not take the pipeline down: report the whole question as not understood.
    const trimmed = text.trim();
    const start = text.indexOf(trimmed);
    return {
      question: text,
      today: options.today,
      companies: [],
      metrics: [],
      dates: NO_DATES,
      intent: "lookup",
      unrecognized: trimmed === "" ? [] : [{ text: trimmed, start, end: start + trimmed.length }],
      suggestions: [],
      agent: RULES_AGENT,
    };
  }
}
