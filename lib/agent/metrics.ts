// Metric matching: the catalog's names, keys and aliases (plus plural forms) and a few everyday words
// the catalog does not list. A ratio ("gross margin", "P/E") is the catalog's derived metric, named by
// its aliases there, so the request carries its key and its related metrics (its formula's inputs).
import { formatFormula, parseFormula } from "@/lib/catalog/formulas";
import { METRICS, metricByKey } from "@/lib/catalog/metrics";
import { prepare, preparedSimilarity, type Prepared } from "./fuzzy";
import { addPhrase, createTrie, hasPhrase, longestMatch } from "./phrases";
import { phraseWords, type Token } from "./tokens";
import { IGNORABLE_WORDS, NEAR_MISS_WORDS } from "./lexicon/everyday-words";
import {
  ADJECTIVE_CUES,
  AMBIGUOUS_ALIASES,
  EVERYDAY_METRIC_WORDS,
  GENERIC_METRIC_WORDS,
  METRIC_TAILS,
  PLAIN_LANGUAGE_METRICS,
} from "./lexicon/metric-words";

interface MetricEntry {
  /** The catalog key the phrase stands for. */
  key: string;
  /** 1 for the catalog's own words, lower for the agent's guesses. */
  confidence: number;
  /** A word that is often not about a metric at all ("high", "close"): see isAdjectiveUse. */
  ambiguous: boolean;
  /** Only a hint ("Apple stock"): an investment question still gets the default metrics. */
  weak: boolean;
  /** A plain-language word ("cheaper"): see MetricMention.hint. */
  hint: boolean;
  /** Further metrics the words stand for ("more profitable": the operating margin beside the net margin). */
  also: readonly string[];
}

interface Phrase {
  words: string[];
  entry: MetricEntry;
}

const TRIE = createTrie<MetricEntry>();
/** Joined phrases for typo matching and suggestions, with the metric they stand for. */
const FUZZY_TARGETS: Array<{ text: string; prepared: Prepared; words: readonly string[]; key: string }> = [];

function pluralForms(words: readonly string[]): string[][] {
  const last = words[words.length - 1];
  if (!last || !/^[a-z]{3,}$/.test(last)) return [];
  const head = words.slice(0, -1);
  const forms: string[] = [];
  if (last.endsWith("s")) forms.push(last.slice(0, -1));
  else if (/[^aeiou]y$/.test(last)) forms.push(`${last.slice(0, -1)}ies`);
  else if (/(?:x|ch|sh)$/.test(last)) forms.push(`${last}es`);
  else forms.push(`${last}s`);
  return forms.map((f) => [...head, f]);
}

/** Each metric with a trailing-twelve-months form in the catalog → the key of that form. */
const TTM_FORMS: ReadonlyMap<string, string> = new Map(
  METRICS.flatMap((m) => {
    const base = /^ttm\((\w+)\)$/.exec(m.formula?.expression ?? "")?.[1];
    return base === undefined ? [] : [[base, m.key] as const];
  }),
);

/** Words that make a metric its TTM form when said right before its name. */
const TTM_WORDS: readonly string[][] = [
  "ttm",
  "ltm",
  "trailing twelve months",
  "trailing 12 months",
  "trailing twelve month",
  "trailing 12 month",
  ...["last", "past", "trailing"].flatMap((w) => [`${w} 4 quarters`, `${w} four quarters`]),
].map(phraseWords);

(() => {
  const phrases: Phrase[] = [];
  for (const m of METRICS) {
    const entry: MetricEntry = { key: m.key, confidence: 1, ambiguous: false, weak: false, hint: false, also: [] };
    for (const label of [m.name, m.key.replaceAll("_", " "), ...m.aliases]) {
      const words = phraseWords(label);
      const ambiguous = words.length === 1 && AMBIGUOUS_ALIASES.has(words[0]!);
      phrases.push({ words, entry: ambiguous ? { ...entry, confidence: 0.8, ambiguous } : entry });
      FUZZY_TARGETS.push({ text: words.join(" "), prepared: prepare(words.join(" ")), words, key: m.key });
    }
  }
  // A name without its qualifier ("Revenue Growth (YoY)" → "revenue growth"), after every full label so
  // that it never takes another metric's own words ("Diluted EPS (TTM)" leaves "diluted eps" to EPS).
  for (const m of METRICS) {
    const plain = m.name.replace(/\s*\(.*\)$/, "");
    if (plain !== m.name)
      phrases.push({
        words: phraseWords(plain),
        entry: { key: m.key, confidence: 1, ambiguous: false, weak: false, hint: false, also: [] },
      });
  }
  for (const [phrase, key, confidence, weak] of EVERYDAY_METRIC_WORDS) {
    phrases.push({
      words: phraseWords(phrase),
      entry: { key, confidence, ambiguous: false, weak, hint: false, also: [] },
    });
  }
  for (const [phrase, [key, ...also], hint] of PLAIN_LANGUAGE_METRICS) {
    if (key === undefined) continue;
    phrases.push({
      words: phraseWords(phrase),
      entry: { key, confidence: 0.7, ambiguous: false, weak: false, hint, also },
    });
  }
  // Exact phrases first so a plural form never displaces another metric's own word ("dividends").
  for (const p of phrases) addPhrase(TRIE, p.words, p.entry);
  // A metric said with trailing-twelve-months words ("ttm rev", "last 4 quarters eps", "rev ttm") is
  // the catalog's TTM form of it, the metric whose formula is ttm(that metric), never a date range.
  // After the name only "ttm"/"ltm", and only for a name that ends no longer one ("receivables
  // turnover ttm" stays turnover's): "eps last 4 quarters" asks for the four quarters.
  const tails = new Set(phrases.flatMap((p) => p.words.slice(1).map((_, k) => p.words.slice(k + 1).join(" "))));
  for (const p of phrases) {
    const ttm = TTM_FORMS.get(p.entry.key);
    if (ttm === undefined || p.entry.ambiguous || p.entry.weak || p.entry.hint) continue;
    const entry: MetricEntry = { ...p.entry, key: ttm, also: [] };
    for (const words of TTM_WORDS) addPhrase(TRIE, [...words, ...p.words], entry);
    if (tails.has(p.words.join(" "))) continue;
    for (const word of ["ttm", "ltm"]) addPhrase(TRIE, [...p.words, word], entry);
  }
  for (const p of phrases) {
    for (const form of pluralForms(p.words)) if (!hasPhrase(TRIE, form)) addPhrase(TRIE, form, p.entry);
  }
})();

export interface MetricHit {
  entry: MetricEntry;
  /** Tokens matched, trailing "expense"/"spending" included. */
  length: number;
}

/** Where metric phrases of two words or more stand, longest first, left to right: read before the
 * dates, so that date words inside a metric's name ("TTM EPS", "daily price change") stay the metric's. */
export function metricPhraseSpans(tokens: readonly Token[]): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const lengthAt = (k: number, before = tokens.length) =>
    k >= tokens.length ? 0 : (longestMatch(TRIE, tokens, k, (x) => x < before)?.length ?? 0);
  for (let i = 0; i < tokens.length; i++) {
    let length = lengthAt(i);
    // As in passes/read-names.ts: a phrase ending inside another that runs on stops before it when
    // both are then read whole ("r and d | revenue ttm").
    for (let j = i + 1; j < i + length; j++) {
      const other = lengthAt(j);
      if (j + other <= i + length) continue;
      if (lengthAt(i, j) === j - i && j - i + other >= length + lengthAt(i + length)) length = j - i;
      break;
    }
    if (length < 2) continue;
    spans.push({ start: tokens[i]!.start, end: tokens[i + length - 1]!.end });
    i += length - 1;
  }
  return spans;
}

/** True when the word alone names a metric ("revenue", "eps", "sales"). */
export function isMetricWord(word: string): boolean {
  return hasPhrase(TRIE, [word]);
}

/** An ambiguous alias used as an adjective: "debt is too high" asks for no daily high. */
function isAdjectiveUse(tokens: readonly Token[], i: number): boolean {
  const previous = tokens[i - 1];
  return previous !== undefined && ADJECTIVE_CUES.has(previous.norm);
}

/** The metric named at tokens[i], longest phrase first. */
export function matchMetricAt(
  tokens: readonly Token[],
  i: number,
  usable: (index: number) => boolean,
): MetricHit | null {
  if (!usable(i)) return null;
  const found = longestMatch(TRIE, tokens, i, usable, (entry, s) => !entry.ambiguous || !isAdjectiveUse(tokens, s));
  if (!found) return null;
  let length = found.length;
  // A tail word that opens another metric's phrase ("net earnings, balance sheet total") is not a tail.
  const opensPhrase = (j: number) => (longestMatch(TRIE, tokens, j, usable)?.length ?? 0) > 1;
  while (
    i + length < tokens.length &&
    usable(i + length) &&
    METRIC_TAILS.has(tokens[i + length]!.norm) &&
    !opensPhrase(i + length)
  )
    length++;
  return { entry: found.value, length };
}

export interface MetricCandidate {
  key: string;
  name: string;
  score: number;
}

/** Metrics close to `text` (normalized words joined by spaces), best first, one per metric: by
 * similarity to a name or alias, or, at 0.7, because a name or alias has one of its words ("shares"). */
export function rankMetrics(text: string, min = 0.5): MetricCandidate[] {
  const best = new Map<string, number>();
  if (text.length === 0 || text.length > 80) return [];
  const words = text.split(" ").filter((w) => w.length >= 3 && !IGNORABLE_WORDS.has(w) && !GENERIC_METRIC_WORDS.has(w));
  const query = prepare(text);
  for (const t of FUZZY_TARGETS) {
    let score = preparedSimilarity(query, t.prepared, min);
    if (score < 0.7 && words.some((w) => t.words.includes(w))) score = 0.7;
    if (score >= min && score > (best.get(t.key) ?? 0)) best.set(t.key, score);
  }
  return [...best.entries()]
    .map(([key, score]) => ({ key, name: metricName(key), score }))
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

/** A typo close enough to exactly one metric to stand for it ("reveune", "net incme"). */
export function fuzzyMetric(text: string): MetricCandidate | null {
  if (text.length < 5 || NEAR_MISS_WORDS.has(text) || IGNORABLE_WORDS.has(text)) return null;
  let best: { key: string; score: number; length: number } | null = null;
  let second = 0;
  const query = prepare(text);
  for (const t of FUZZY_TARGETS) {
    if (t.text.length < 6) continue; // "price" ~ "prize", "sales" ~ "tales": too short to guess
    const score = preparedSimilarity(query, t.prepared, 0.75);
    if (score === 0 || score >= 1) continue;
    if (!best || score > best.score) {
      if (best && best.key !== t.key) second = Math.max(second, best.score);
      best = { key: t.key, score, length: t.text.length };
    } else if (t.key !== best.key) {
      second = Math.max(second, score);
    }
  }
  if (!best || best.score < 0.8 || best.score - second < 0.05) return null;
  return { key: best.key, name: metricName(best.key), score: best.score };
}

/** A catalog metric that is a change over time: "revenue_growth_yoy", "eps_cagr_5y". */
export function isGrowthMetric(key: string): boolean {
  return /_growth_(?:yoy|qoq)$|_cagr_\d+y$/.test(key);
}

/** The catalog's derived metrics by their formula in canonical form, the first listed on a tie. */
const BY_FORMULA = new Map<string, string>();
for (const m of METRICS) {
  if (!m.formula || m.unavailableReason !== undefined) continue;
  const canonical = formatFormula(parseFormula(m.formula.expression));
  if (!BY_FORMULA.has(canonical)) BY_FORMULA.set(canonical, m.key);
}

/** The catalog metric computed by `formula` (canonical form, formatFormula): "capex / revenue" is capex_to_revenue. */
export function metricWithFormula(formula: string): string | null {
  return BY_FORMULA.get(formula) ?? null;
}

export function metricName(key: string): string {
  return metricByKey(key)?.name ?? key;
}

/** The catalog's related metrics of `key`, with their names. */
export function relatedMetrics(key: string): Array<{ key: string; name: string }> {
  const related = metricByKey(key)?.related ?? [];
  return related.flatMap((k) => {
    const m = metricByKey(k);
    return m ? [{ key: m.key, name: m.name }] : [];
  });
}
