// The built-in Financial Agent ("rules"): a question in, a Structured Data Request out, with no model.
// Deterministic, and every part of the request points back at the words that produced it.
//
// Order of work: date expressions first (they own "Q3", "2023", "last 8 quarters"), and investment
// judgements ("a good long-term investment", "a safe stock": intent words, never a metric); then
// companies (curated, then any on the SEC list), metrics, sectors and industries ("energy companies",
// "banks") and peer words ("competitors", "its peers"), longest phrase first, left to right; then
// "shares of X traded" (the volume) and word-like tickers not written in capitals, read from the words
// around them ("ko vs pep", "pg payout ratio", "is ko a buy"; see wordlikeCompanies); then a threshold
// on a metric ("revenue over $100 billion"); then intent cue words (with those words blanked, so
// "Best Buy" is no rank and "top line" no "top"); then ignorable words; then typos, by similarity to
// the curated companies' and the metrics' names. Then peer words are tied to their company ("Tyson
// Foods' competitors", "Apple and its peers"), the ranking is read ("top 5", "lowest 3"), and a
// ranking or threshold that names no company gets "all companies". Whatever is left is reported in
// `unrecognized`, with "did you mean" suggestions where something is close.
//
// `companies` lists companies named one by one (kind "company") and groups (kind "peers", "sector",
// "industry", "all"), in order of mention; a group counts as several companies for the intent.
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
import { MAX_QUERY_LENGTH } from "./agent-request";
import { extractPointInTime } from "./as-of";
import { listedCompanyByTicker } from "@/lib/catalog/listed-companies";
import { companyByTicker } from "@/lib/catalog/companies";
import { ambiguousListedNames, fuzzyCompany, matchCompanyAt, rankCompanies, wordlikeCompany } from "./companies";
import { checkToday, parseDates, type CharSpan } from "./dates";
import {
  GENERIC_COMPANY_NOUNS,
  PEERS_OF,
  matchGroupAt,
  matchPeersAt,
  parseRank,
  parseScreen,
  type GroupTarget,
  type PeerForm,
} from "./groups";
import { detectIntent, investPhraseSpans } from "./intent";
import {
  INVEST_DEFAULTS,
  OVERVIEW_DEFAULTS,
  fuzzyMetric,
  isGrowthMetric,
  matchMetricAt,
  metricName,
  metricPhraseSpans,
  rankMetrics,
  relatedMetrics,
} from "./metrics";
import type { CompanyEntry, CompanyRef, DateRange, GroupRef, MetricRef, Rank, Screen, Span, StructuredDataRequest, Suggestion } from "./schema";
import { isAllCaps, isCapitalized, startsSentence, tokenize, type Token } from "./tokens";
import { ACRONYMS, CALENDAR_WORDS, IGNORABLE_WORDS, NEAR_MISS_WORDS, NUMBER_WORDS } from "./words";

export const RULES_AGENT = "rules";

type Role = "date" | "company" | "metric" | "group" | "screen" | "intent" | "ignorable";

interface CompanyHit {
  ticker: string;
  name: string;
  first: number;
  last: number;
  confidence: number;
}

/** A sector, industry or "all companies" named in the question. */
interface GroupHit {
  target: GroupTarget;
  confidence: number;
  first: number;
  last: number;
}

/** Peer words ("competitors", "its peers", "companies like"), before they are tied to a company. */
interface PeerHit {
  form: PeerForm;
  first: number;
  last: number;
}

/** A group of companies resolved for the request, with the tokens it covers. */
interface GroupAt {
  ref: GroupRef;
  first: number;
  last: number;
}

interface MetricHit {
  key: string;
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
  const dates = parseDates(question, today, metricPhraseSpans(tokens));
  markSpans(tokens, roles, dates.spans, "date");
  // 1b. An investment judgement ("a good long-term investment", "a safe stock") owns its words: they
  // are the intent's cue, not a balance-sheet line or the share price.
  markSpans(tokens, roles, investPhraseSpans(question), "intent");

  // 2. Companies, metrics, sectors and industries, and peer words: longest match first; on equal
  // length a capitalized company, then peer words, a group, a metric, a lowercase company.
  const companies: CompanyHit[] = [];
  const metrics: MetricHit[] = [];
  const groupHits: GroupHit[] = [];
  const peerHits: PeerHit[] = [];
  const shouting = !/\p{Ll}/u.test(question) && tokens.filter((t) => /\p{L}/u.test(t.text)).length >= 3;
  const ctx = { question, shouting, usable };
  /** "stock" read as companies in general ("which stock"), not as the price: given back if no group takes it. */
  const heldBack: number[] = [];
  const assign = (first: number, length: number, role: Role) => {
    for (let j = first; j < first + length; j++) roles[j] = role;
  };
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(i)) continue;
    const c = matchCompanyAt(tokens, i, ctx);
    let m = matchMetricAt(tokens, i, usable);
    // "which stock", "top 5 stocks": companies in general, not the share price.
    if (m?.entry.weak && selectsCompanies(tokens, i, roles)) {
      heldBack.push(i);
      m = null;
    }
    const g = matchGroupAt(tokens, i, usable);
    const p = matchPeersAt(tokens, i, usable);
    const capitalized = isCapitalized(tokens[i]!.text);
    const options = [
      c ? { kind: "company" as const, length: c.length, rank: capitalized ? 4 : 0 } : null,
      p ? { kind: "peers" as const, length: p.length, rank: 3 } : null,
      g ? { kind: "group" as const, length: g.length, rank: 2 } : null,
      m ? { kind: "metric" as const, length: m.length, rank: 1 } : null,
    ].filter((o) => o !== null);
    const best = options.sort((a, b) => b.length - a.length || b.rank - a.rank)[0];
    if (!best) continue;
    if (best.kind === "company" && c) {
      companies.push({ ticker: c.ticker, name: c.name, first: i, last: i + c.length - 1, confidence: c.confidence });
      assign(i, c.length, "company");
    } else if (best.kind === "peers" && p) {
      peerHits.push({ form: p.form, first: i, last: i + p.length - 1 });
      assign(i, p.length, "group");
    } else if (best.kind === "group" && g) {
      groupHits.push({ target: g.target, confidence: g.confidence, first: i, last: i + g.length - 1 });
      assign(i, g.length, "group");
    } else if (m) {
      const { key, confidence, weak } = m.entry;
      metrics.push({ key, first: i, last: i + m.length - 1, confidence, weak });
      assign(i, m.length, "metric");
    }
    i += best.length - 1;
  }

  // 2a. "BBY V INTC" in a question written in capitals, "Apple V. Microsoft": a "V" between two
  // companies is "versus", not Visa (otherwise a capital V is Visa: "WMT V META" lists three tickers).
  for (let k = companies.length - 1; k >= 0; k--) {
    const v = companies[k]!;
    if (v.ticker !== "V" || v.first !== v.last || tokens[v.first]!.norm !== "v") continue;
    if (!shouting && question.charAt(tokens[v.first]!.end) !== ".") continue;
    const spaced = (a: number, b: number) => /^[\s.]*$/.test(question.slice(tokens[a]!.end, tokens[b]!.start));
    const before = companies.some((c) => c.last === v.first - 1) && spaced(v.first - 1, v.first);
    const after = companies.some((c) => c.first === v.first + 1) && spaced(v.first, v.first + 1);
    if (before && after) {
      companies.splice(k, 1);
      roles[v.first] = null;
    }
  }

  // 2b. "How many shares of Apple traded": the trading volume, said around the company's name.
  /** Words read as part of a metric outside its span ("traded" in "shares of X traded"). */
  const metricWords: Array<{ first: number; last: number }> = [];
  for (const hit of sharesTraded(tokens, roles)) {
    metrics.push({ key: "volume", first: hit.shares, last: hit.shares, confidence: 0.9, weak: false });
    metricWords.push({ first: hit.verb, last: hit.last });
    roles[hit.shares] = "metric";
    for (let j = hit.verb; j <= hit.last; j++) roles[j] = "metric";
  }

  // 2c. Word-like tickers not written in capitals ("ko", "pep", "ma", "v") and lowercase brands that are
  // words ("chase"), when the words around them make them companies.
  for (const hit of wordlikeCompanies(question, tokens, roles, companies)) {
    companies.push(hit);
    roles[hit.first] = "company";
  }

  // 2d. A threshold on a metric: "revenue over $100 billion".
  const screenHit = parseScreen(question, tokens, metrics, usable);
  if (screenHit) for (let j = screenHit.first; j <= screenHit.last; j++) if (roles[j] === null) roles[j] = "screen";
  const screen: Screen | null = screenHit?.screen ?? null;

  // 3. Intent cue words, with the names, groups and the threshold blanked out. A group counts as
  // several companies.
  const named = () => [...companies, ...metrics, ...metricWords, ...groupHits, ...peerHits, ...(screenHit ? [screenHit] : [])];
  const masked = blankOut(question, tokens, named());
  const distinctCompanies = () => new Set(companies.map((c) => c.ticker)).size + 2 * (groupHits.filter((g) => g.target.kind !== "all").length + peerHits.length);
  // A threshold asks to screen companies when it names none one by one ("Is Apple's revenue over
  // $100 billion?" is a look-up; the threshold is still kept in `screen`).
  const facts = () => ({
    companies: distinctCompanies(),
    multiPeriod: dates.multiPeriod,
    screen: screen !== null && companies.length === 0,
    growthMetric: metrics.some((m) => isGrowthMetric(m.key)),
  });
  let intent = detectIntent(masked, facts());
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
        metrics.push({ key: metric.key, first: i, last, confidence: round2(Math.min(metric.score, 0.95)), weak: false });
        for (let j = i; j <= last; j++) roles[j] = "metric";
        i = last;
        break;
      }
    }
  }
  // A typo may have added the second company of a comparison.
  if (intent.intent === "lookup" || intent.intent === "trend") {
    const remasked = blankOut(question, tokens, named());
    intent = { ...intent, intent: detectIntent(remasked, facts()).intent };
  }

  // 5b. Groups: peer words tied to their company, sectors and industries, then "all companies" for a
  // ranking or a threshold that names no company.
  const groups: GroupAt[] = groupHits.map((g) => ({ ref: groupRef(g.target, g.confidence, null), first: g.first, last: g.last }));
  for (const p of [...peerHits].sort((a, b) => a.first - b.first)) {
    const resolved = resolvePeers(p, tokens, companies);
    if (!resolved) {
      // Peers of no company: said, not understood.
      for (let j = p.first; j <= p.last; j++) roles[j] = IGNORABLE_WORDS.has(tokens[j]!.norm) ? "ignorable" : null;
      continue;
    }
    if (resolved.consumed) companies.splice(companies.indexOf(resolved.consumed), 1);
    for (let j = resolved.first; j <= resolved.last; j++) roles[j] = "group";
    groups.push({ ref: resolved.ref, first: resolved.first, last: resolved.last });
  }
  const rankFound = parseRank(blankOut(question, tokens, [...named(), ...tokenRanges(tokens, dates.spans)]));
  let rank: Rank | null = rankFound && (intent.intent === "rank" || screen !== null || groups.length > 0) ? rankFound.rank : null;
  if ((rank || screen) && companies.length === 0 && groups.length === 0) {
    const noun = tokens.findIndex((t, j) => (roles[j] === null || roles[j] === "ignorable") && GENERIC_COMPANY_NOUNS.has(t.norm));
    // "retail companies": a kind of companies the agent does not know, so not all of them.
    const qualified = noun > 0 && roles[noun - 1] === null && !IGNORABLE_WORDS.has(tokens[noun - 1]!.norm) && !isNumber(tokens[noun - 1]!);
    if (!qualified) {
      if (noun >= 0) roles[noun] = "group";
      groups.push({ ref: { kind: "all", span: noun >= 0 ? spanOf(question, tokens, noun, noun) : null }, first: noun, last: noun });
    }
  }
  if (rank && rankFound) markSpans(tokens, roles, rankFound.spans, "intent");
  // A held-back "stock" is the share price only when nothing else is asked for: in "which FAANG stock had
  // the best EPS growth" it means the companies.
  const namedMetric = metrics.some((m) => !m.weak);
  for (const i of heldBack) {
    const m = roles[i] === null && !namedMetric ? matchMetricAt(tokens, i, usable) : null;
    if (!m) {
      if (roles[i] === null) roles[i] = "ignorable";
      continue;
    }
    const { key, confidence, weak } = m.entry;
    metrics.push({ key, first: i, last: i + m.length - 1, confidence, weak });
    assign(i, m.length, "metric");
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
    // A name several SEC-listed companies share ("Star"): which one?
    const sharedName = run.last - run.first < 6 && isCapitalized(tokens[run.first]!.text) ? ambiguousListedNames(spanOf(question, tokens, run.first, run.last).text) : [];
    if (sharedName.length > 0) {
      const span = spanOf(question, tokens, run.first, run.last);
      suggestions.push({
        text: span.text,
        kind: "company",
        candidates: sharedName.slice(0, 3).map((c) => ({ value: c.ticker, label: `${c.ticker} — ${c.name}`, score: 1 })),
      });
      looked += run.last - run.first + 1;
      continue;
    }
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

  // 7. Build the request: each company, group and metric once, in order of first mention.
  const companyRefs: CompanyEntry[] = [];
  const ordered: Array<{ first: number; entry: CompanyEntry }> = [
    ...companies.map((hit) => ({
      first: hit.first,
      entry: { kind: "company", ticker: hit.ticker, name: hit.name, span: spanOf(question, tokens, hit.first, hit.last), confidence: hit.confidence } as CompanyRef,
    })),
    ...groups.map((g) => ({ first: g.first < 0 ? Number.MAX_SAFE_INTEGER : g.first, entry: withSpan(g, question, tokens) })),
  ];
  for (const { entry } of ordered.sort((a, b) => a.first - b.first)) {
    const existing = companyRefs.find((c) => sameEntry(c, entry));
    if (!existing) companyRefs.push(entry);
    else if (existing.kind !== "all" && entry.kind !== "all") existing.confidence = Math.max(existing.confidence, entry.confidence);
  }
  const singles = companyRefs.filter((c) => c.kind === "company").length;
  const metricRefs: MetricRef[] = [];
  const addMetric = (key: string, span: Span | null, confidence: number) => {
    const existing = metricRefs.find((m) => m.key === key);
    if (existing) existing.confidence = Math.max(existing.confidence, confidence);
    else metricRefs.push({ key, name: metricName(key), span, confidence, related: relatedMetrics(key) });
  };
  // "stock" is the share price only when no other metric is named ("highest dividend yield stocks").
  for (const hit of [...metrics].sort((a, b) => a.first - b.first)) {
    if (hit.weak && namedMetric) continue;
    addMetric(hit.key, spanOf(question, tokens, hit.first, hit.last), hit.confidence);
  }

  if (intent.intent === "invest" && metrics.every((m) => m.weak)) {
    for (const key of INVEST_DEFAULTS) addMetric(key, null, DEFAULT_CONFIDENCE);
  } else if (metrics.length === 0 && ((singles > 0 && (intent.overview || runs.length === 0)) || (companyRefs.length > 0 && intent.overview))) {
    // A group alone ("top 5 companies") gets no invented metric, unless asked how it is doing.
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
    asOf: null,
    companies: companyRefs,
    metrics: metricRefs,
    dates: dates.range,
    intent: intent.intent,
    rank,
    screen,
    unrecognized,
    suggestions,
    agent: RULES_AGENT,
  };
}

/** Words joining companies in a list or a comparison: "ko vs pep", "xom, cvx and ko". */
const LIST_WORDS: ReadonlySet<string> = new Set(["vs", "versus", "v", "and", "or", "plus", "against", "than"]);
const LIST_PAIRS: ReadonlySet<string> = new Set(["compared to", "compared with", "relative to", "as well as"]);
/** Words before a company in an investment question: "should I buy ko", "is pep a buy". */
const INVEST_LEADS: ReadonlySet<string> = new Set([
  "buy", "buying", "sell", "selling", "hold", "holding", "short", "shorting", "own", "owning", "dump", "keep", "purchase", "add",
  "is", "into", "in", "about",
]);
/** Words after a company in an investment question: "ko a buy", "pep stock", "pg overvalued". */
const INVEST_TAILS: ReadonlySet<string> = new Set(["a", "an", "stock", "stocks", "shares", "overvalued", "undervalued", "overpriced", "underpriced", "worth", "still"]);
const DATE_PREPOSITIONS: ReadonlySet<string> = new Set(["in", "for", "during", "on", "at", "of", "over"]);
/** Words after which a metric names what a company has: "payout ratio of pg", "revenue for ko". */
const OF_WORDS: ReadonlySet<string> = new Set(["of", "for", "at"]);

/** Word-like tickers not written in capitals and lowercase brands that are words ("ko", "ma", "v",
 * "chase"), read as companies when the words around them say so:
 * - a metric (or "stock"/"shares") right after, dates aside: "pg payout ratio", "ko fy24 revenue";
 *   or a metric just before with "of"/"for"/"at" when it ends the clause: "payout ratio of pg?";
 * - another company across "vs", "and", "or" or a comma ("ko vs pep", "apple, ko"), or a ticker right
 *   beside it ("xom cvx ko"); a company read this way counts, so "ma vs v revenue" is both;
 * - in an investment question, a verb or "is" before it or "a", "stock", "overvalued" after it: "is ko
 *   a buy", "should I buy pep".
 * A brand that is an English word ("chase") takes a metric after it only at the start of a sentence
 * ("chase net income"; "investors chase revenue growth" is the verb). "v" is "versus" right after a
 * company, metric or date ("apple v microsoft", "2023 v 2024"), and "ma" in running prose ("my ma said")
 * has none of these around it; nor is "Ma" after a capitalized word ("Jack Ma"). */
function wordlikeCompanies(question: string, tokens: readonly Token[], roles: ReadonlyArray<Role | null>, named: readonly CompanyHit[]): CompanyHit[] {
  const candidates = new Map<number, NonNullable<ReturnType<typeof wordlikeCompany>>>();
  tokens.forEach((t, i) => {
    if (roles[i] !== null) return;
    const w = wordlikeCompany(t);
    if (w) candidates.set(i, w);
  });
  if (candidates.size === 0) return [];
  const accepted = new Set<number>();
  const gap = (a: number, b: number) => question.slice(tokens[Math.min(a, b)]!.end, tokens[Math.max(a, b)]!.start);
  const joined = (a: number, b: number) => b >= 0 && b < tokens.length && /^\s*[,/]?\s*$/.test(gap(a, b));
  const isCompany = (j: number) => roles[j] === "company" || accepted.has(j);
  const isList = (j: number) => roles[j] === null && LIST_WORDS.has(tokens[j]!.norm);
  const listPair = (j: number, dir: 1 | -1) => {
    const k = j + dir;
    if (k < 0 || k >= tokens.length || !joined(j, k)) return false;
    const [a, b] = dir === 1 ? [j, k] : [k, j];
    return LIST_PAIRS.has(`${tokens[a]!.norm} ${tokens[b]!.norm}`);
  };
  /** Tokens that name a company by its ticker ("xom"): a list of tickers needs no commas. */
  const tickers = new Set(named.filter((c) => c.first === c.last && tokens[c.first]!.norm === c.ticker.toLowerCase()).map((c) => c.first));
  /** Another company next to tokens[i], across a list word or a comma, or a ticker right beside it. */
  const companyNext = (i: number, dir: 1 | -1) => {
    const j = i + dir;
    if (!joined(i, j)) return false;
    if (isCompany(j)) return tickers.has(j) || accepted.has(j) || /[,/]/.test(gap(i, j));
    const k = isList(j) ? j + dir : listPair(j, dir) ? j + 2 * dir : -1;
    return k >= 0 && joined(k - dir, k) && isCompany(k);
  };
  const metricAfter = (i: number) => {
    let j = i + 1;
    while (j < tokens.length && roles[j] === "date" && joined(j - 1, j)) j++;
    if (!joined(j - 1, j)) return false;
    return roles[j] === "metric" || ((roles[j] === null || roles[j] === "metric") && /^(?:stock|stocks|shares)$/.test(tokens[j]!.norm));
  };
  /** The clause ends after tokens[i]: the end, punctuation, or only dates before them. */
  const endsClause = (i: number) => {
    let j = i + 1;
    const dateNext = (k: number) => roles[k] === "date" || (DATE_PREPOSITIONS.has(tokens[k]!.norm) && roles[k + 1] === "date");
    while (j < tokens.length && dateNext(j) && joined(j - 1, j)) j++;
    return j >= tokens.length || /[?.!;:,]/.test(gap(j - 1, j));
  };
  const metricBefore = (i: number) =>
    i >= 2 && OF_WORDS.has(tokens[i - 1]!.norm) && roles[i - 1] === null && roles[i - 2] === "metric" && joined(i - 2, i - 1) && joined(i - 1, i) && endsClause(i);
  const invest = detectIntent(question, { companies: 0, multiPeriod: false }).intent === "invest";
  const investAround = (i: number) =>
    invest && ((i > 0 && INVEST_LEADS.has(tokens[i - 1]!.norm) && joined(i - 1, i)) || (i + 1 < tokens.length && INVEST_TAILS.has(tokens[i + 1]!.norm) && joined(i, i + 1)));
  /** "v" between two things compared is "versus". */
  const versus = (i: number) => {
    if (!LIST_WORDS.has(tokens[i]!.norm) || i === 0) return false;
    const previous = i - 1;
    return /^[\s.]*$/.test(gap(previous, i)) && (roles[previous] !== null || candidates.has(previous));
  };
  /** "Jack Ma": a capitalized candidate after a capitalized word is part of a person's name. */
  const inName = (i: number) => {
    const t = tokens[i]!;
    const previous = tokens[i - 1];
    return isCapitalized(t.text) && !isAllCaps(t.text) && previous !== undefined && isCapitalized(previous.text) && /^\s+$/.test(gap(i - 1, i));
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [i, w] of candidates) {
      if (accepted.has(i) || versus(i) || inName(i)) continue;
      const opensSentence = startsSentence(question, tokens[i]!.start);
      const metric = w.kind === "ticker" ? metricAfter(i) || metricBefore(i) : (opensSentence && metricAfter(i)) || metricBefore(i);
      if (metric || companyNext(i, -1) || companyNext(i, 1) || investAround(i)) {
        accepted.add(i);
        changed = true;
      }
    }
  }
  return [...accepted].map((i) => {
    const { company } = candidates.get(i)!;
    return { ticker: company.ticker, name: company.name, first: i, last: i, confidence: 0.9 };
  });
}

const SHARE_WORDS: ReadonlySet<string> = new Set(["shares", "share"]);
const TRADE_WORDS: ReadonlySet<string> = new Set(["traded", "trade", "trades", "exchanged", "changed"]);
/** Words that may stand between "shares" and "traded" besides the companies: "shares of X were traded". */
const SHARES_TRADED_GLUE: ReadonlySet<string> = new Set(["of", "in", "did", "does", "do", "were", "was", "have", "has", "had", "been", "get", "got", "and", "or"]);

/** "shares of Apple traded", "shares did Apple and Nvidia trade", "shares of X changed hands": the
 * token of "shares" and the trade words, when a company stands between them. */
function sharesTraded(tokens: readonly Token[], roles: ReadonlyArray<Role | null>): Array<{ shares: number; verb: number; last: number }> {
  const out: Array<{ shares: number; verb: number; last: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    if (roles[i] !== null || !SHARE_WORDS.has(tokens[i]!.norm)) continue;
    let company = false;
    for (let j = i + 1; j < tokens.length && j <= i + 10; j++) {
      const t = tokens[j]!;
      if (roles[j] === "company") {
        company = true;
        continue;
      }
      if (roles[j] === null && TRADE_WORDS.has(t.norm)) {
        const hands = t.norm === "changed" || t.norm === "exchanged";
        if (hands && tokens[j + 1]?.norm !== "hands") break;
        if (company) out.push({ shares: i, verb: j, last: hands ? j + 1 : j });
        break;
      }
      if (roles[j] !== null || !SHARES_TRADED_GLUE.has(t.norm)) break;
    }
  }
  return out;
}

/** "Which stock", "top 5 stocks", "the 3 best stocks": a noun for companies in general. */
const SELECTORS: ReadonlySet<string> = new Set([
  "which", "what", "top", "bottom", "best", "worst", "highest", "lowest", "largest", "biggest", "smallest", "leading",
  "most", "least", "all", "every", "each", "any", "strongest", "weakest",
]);

/** Words after a noun for companies that make it a selection: "stocks with EPS over 5". */
const QUALIFIERS: ReadonlySet<string> = new Set(["with", "that", "whose", "where", "having"]);

function selectsCompanies(tokens: readonly Token[], i: number, roles: ReadonlyArray<Role | null>): boolean {
  if (!GENERIC_COMPANY_NOUNS.has(tokens[i]!.norm)) return false;
  const selector = (t: Token | undefined) => t !== undefined && (SELECTORS.has(t.norm) || isNumber(t) || NUMBER_WORDS.has(t.norm));
  const previous = tokens[i - 1];
  const next = tokens[i + 1];
  // "which FAANG stock", "top 5 retail stocks": one word of a kind of companies between.
  const kind = previous !== undefined && roles[i - 1] === null && !IGNORABLE_WORDS.has(previous.norm) && selector(tokens[i - 2]);
  return selector(previous) || kind || (next !== undefined && QUALIFIERS.has(next.norm));
}

/** Token ranges covering character spans (dates), for blanking. */
function tokenRanges(tokens: readonly Token[], spans: readonly CharSpan[]): Array<{ first: number; last: number }> {
  const out: Array<{ first: number; last: number }> = [];
  for (const span of spans) {
    const inside = tokens.flatMap((t, j) => (t.start < span.end && t.end > span.start ? [j] : []));
    if (inside.length > 0) out.push({ first: inside[0]!, last: inside[inside.length - 1]! });
  }
  return out;
}

function groupRef(target: GroupTarget, confidence: number, span: Span | null): GroupRef {
  switch (target.kind) {
    case "sector":
      return { kind: "sector", sector: target.sector, span, confidence };
    case "industry":
      return { kind: "industry", industry: target.industry, span, confidence };
    case "all":
      return { kind: "all", span };
  }
}

function withSpan(g: GroupAt, question: string, tokens: readonly Token[]): GroupRef {
  if (g.first < 0) return g.ref;
  return { ...g.ref, span: spanOf(question, tokens, g.first, g.last) };
}

function sameEntry(a: CompanyEntry, b: CompanyEntry): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "company":
      return b.kind === "company" && a.ticker === b.ticker;
    case "peers":
      return b.kind === "peers" && a.of.ticker === b.of.ticker;
    case "sector":
      return b.kind === "sector" && a.sector === b.sector;
    case "industry":
      return b.kind === "industry" && a.industry === b.industry;
    case "all":
      return true;
  }
}

/** Peer words tied to their company: "Tyson Foods' competitors" and "peers of Apple" take the company
 * in (it is asked about as a group only), "Apple and its peers" and "Apple vs peers" leave it named on
 * its own too. "its sector" / "its industry" are the company's sector or industry when known. Null
 * when the question names no company to be peers of. */
function resolvePeers(
  p: PeerHit,
  tokens: readonly Token[],
  companies: readonly CompanyHit[],
): { ref: GroupRef; first: number; last: number; consumed: CompanyHit | null } | null {
  const right = companies.find((c) => c.first === p.last + 1);
  const ofAfter = PEERS_OF.has(tokens[p.last + 1]?.norm ?? "") ? companies.find((c) => c.first === p.last + 2) : undefined;
  const left = companies.find((c) => c.last === p.first - 1);
  const before = companies.filter((c) => c.last < p.first).sort((a, b) => b.last - a.last)[0];
  const after = companies.filter((c) => c.first > p.last).sort((a, b) => a.first - b.first)[0];
  const nearest = before ?? after;
  const peersOf = (c: CompanyHit, confidence = 1): GroupRef => ({ kind: "peers", of: { ticker: c.ticker, name: c.name }, span: null, confidence: Math.min(confidence, c.confidence) });
  switch (p.form) {
    case "like":
      return right ? { ref: peersOf(right), first: p.first, last: right.last, consumed: right } : null;
    case "peers":
      if (ofAfter) return { ref: peersOf(ofAfter), first: p.first, last: ofAfter.last, consumed: ofAfter };
      if (left) return { ref: peersOf(left), first: left.first, last: p.last, consumed: left };
      return nearest ? { ref: peersOf(nearest, 0.9), first: p.first, last: p.last, consumed: null } : null;
    case "its":
      return nearest ? { ref: peersOf(nearest), first: p.first, last: p.last, consumed: null } : null;
    case "its-sector":
    case "its-industry": {
      if (!nearest) return null;
      const industry = companyByTicker(nearest.ticker)?.industry;
      const sector = listedCompanyByTicker(nearest.ticker)?.sector ?? null;
      const ref: GroupRef =
        p.form === "its-industry" && industry
          ? { kind: "industry", industry, span: null, confidence: 0.9 }
          : p.form === "its-sector" && sector
            ? { kind: "sector", sector, span: null, confidence: 0.9 }
            : peersOf(nearest, 0.8);
      return { ref, first: p.first, last: p.last, consumed: null };
    }
  }
}

const NO_DATES: DateRange = { expression: null, start: null, end: null, latest: true, granularity: "any", fiscal: null, count: null };

/** Parses a question into a Structured Data Request. Never throws for a question, whatever it holds;
 * throws a RangeError when `today` is not a date written YYYY-MM-DD (a caller's bug). */
export function parseQuestion(question: string, options: { today: string }): StructuredDataRequest {
  checkToday(options.today);
  const text = typeof question === "string" ? question : String(question ?? "");
  try {
    // Longer than any question the endpoints accept: not parsed (the matchers are not linear in
    // length), reported whole as not understood, at once.
    if (text.length > MAX_QUERY_LENGTH) throw new RangeError("question too long to parse");
    const { asOf, text: rest } = extractPointInTime(text);
    return { ...parse(rest, options.today), question: text, asOf };
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
      rank: null,
      screen: null,
      asOf: null,
      unrecognized: trimmed === "" ? [] : [{ text: trimmed, start, end: start + trimmed.length }],
      suggestions: [],
      agent: RULES_AGENT,
    };
  }
}
