// Groups of companies a question can name instead of companies one by one: a GICS sector ("energy
// companies", "tech stocks"), an industry ("banks", "semiconductor companies", "Software & Services
// companies"), a company's peers ("Tyson Foods' competitors", "peers of Apple", "Apple and its
// peers"), or all companies ("top 5 companies"). Also the ranking ("top 5", "lowest 3") and the
// threshold ("revenue over $100 billion") that such questions come with.
//
// Sector and industry words that are everyday words alone ("energy", "tech", "oil", "software") are
// read as a group only with a noun for companies after them ("energy companies", "tech stocks", "oil
// majors", "the software sector"); the unambiguous ones stand alone ("banks", "utilities",
// "semiconductors", "automakers").
import { INDUSTRIES, GICS_SECTORS } from "@/lib/catalog/sectors";
import { addPhrase, createTrie, longestMatch, type PhraseTrie } from "./phrases";
import type { Rank, Screen } from "./schema";
import { phraseWords, type Token } from "./tokens";
import { NUMBER_PATTERN, parseNumber } from "./lexicon/everyday-words";
import {
  ASC_WORDS,
  COMPARATORS,
  DESC_WORDS,
  GROUP_HEADS,
  GROUP_PHRASES,
  GROUP_SELECTORS,
  PEER_PHRASES,
  PEER_WORDS,
  SCREEN_LINKS,
  SCREEN_TAILS,
  STANDALONE_NAMES,
  industryTarget,
  sectorTarget,
  type GroupTarget,
  type PeerForm,
} from "./lexicon/group-words";
import { matchesOf } from "@/lib/core/regex";

interface GroupPhrase {
  target: GroupTarget;
  /** Needs a noun for companies after it ("energy companies"): alone it is an everyday word. */
  needsHead: boolean;
  /** 1 for the GICS name itself, lower for the ways people say it. */
  confidence: number;
  /** Matched only as written in capitals ("IT"). */
  capitalsOnly?: string;
}

interface Entry {
  words: string[];
  phrase: GroupPhrase;
}

const TRIE: PhraseTrie<GroupPhrase> = createTrie<GroupPhrase>();
/** Every word of every group phrase, for the company matcher to leave alone. */
const WORDS = new Set<string>();

(() => {
  const entries: Entry[] = [];
  // The official names first, at full confidence; those that are everyday words too ("financials",
  // "energy", "software", "health care") need a noun after them like the other words.
  const official = (name: string) => {
    const words = phraseWords(name);
    return {
      words,
      needsHead: words.length === 1 ? !STANDALONE_NAMES.has(words[0]!) : words.join(" ") === "health care",
    };
  };
  for (const sector of GICS_SECTORS) {
    const { words, needsHead } = official(sector);
    entries.push({ words, phrase: { target: sectorTarget(sector), needsHead, confidence: 1 } });
  }
  for (const i of INDUSTRIES) {
    const { words, needsHead } = official(i.name);
    entries.push({ words, phrase: { target: industryTarget(i.name), needsHead, confidence: 1 } });
  }
  // "Equity Real Estate Investment Trusts (REITs)" is also said without its bracket.
  entries.push({
    words: phraseWords("Equity Real Estate Investment Trusts"),
    phrase: { target: industryTarget("Equity Real Estate Investment Trusts (REITs)"), needsHead: false, confidence: 1 },
  });
  for (const [names, target, needsHead] of GROUP_PHRASES) {
    for (const name of names)
      entries.push({ words: phraseWords(name), phrase: { target, needsHead, confidence: 0.9 } });
  }
  entries.push({
    words: ["it"],
    phrase: { target: sectorTarget("Information Technology"), needsHead: true, confidence: 0.9, capitalsOnly: "IT" },
  });
  entries.push({
    words: ["it", "services"],
    phrase: { target: industryTarget("IT Services"), needsHead: false, confidence: 1, capitalsOnly: "IT" },
  });
  for (const e of entries) {
    addPhrase(TRIE, e.words, e.phrase);
    for (const w of e.words) WORDS.add(w);
  }
})();

/** Words of the group lexicon (sector, industry and peer words, and the nouns that follow them). */
export function isGroupWord(word: string): boolean {
  return WORDS.has(word) || GROUP_HEADS.has(word) || PEER_WORDS.has(word);
}

export interface GroupHit {
  target: GroupTarget;
  confidence: number;
  /** Tokens matched, the noun after it included. */
  length: number;
}

/** The sector, industry or "all companies" named at tokens[i], with the noun for companies after it. */
export function matchGroupAt(tokens: readonly Token[], i: number, usable: (index: number) => boolean): GroupHit | null {
  if (!usable(i)) return null;
  const found = longestMatch(TRIE, tokens, i, usable, (p, start, length) => {
    if (p.capitalsOnly !== undefined && tokens[start]!.text !== p.capitalsOnly) return false;
    if (!p.needsHead) return true;
    const next = tokens[start + length];
    if (next !== undefined && usable(start + length) && GROUP_HEADS.has(next.norm)) return true;
    // "which bank", "the largest bank": a selection of companies, so a group.
    const previous = tokens[start - 1];
    return previous !== undefined && GROUP_SELECTORS.has(previous.norm);
  });
  if (!found) return null;
  let length = found.length;
  // "tech stocks", "the energy sector companies": the nouns after it are part of the group.
  while (
    length < found.length + 2 &&
    i + length < tokens.length &&
    usable(i + length) &&
    GROUP_HEADS.has(tokens[i + length]!.norm)
  ) {
    if (tokens[i + length]!.norm === "peers" && found.value.target.kind === "all") break;
    length++;
  }
  return { target: found.value.target, confidence: found.value.confidence, length };
}

// ---------------------------------------------------------------------------------------------------
// Peers

const PEER_TRIE: PhraseTrie<PeerForm> = createTrie<PeerForm>();
for (const [phrase, form] of PEER_PHRASES) addPhrase(PEER_TRIE, phraseWords(phrase), form);

export interface PeerHit {
  form: PeerForm;
  length: number;
}

/** Peer words at tokens[i] ("peers", "its competitors", "companies like", "its sector"). */
export function matchPeersAt(tokens: readonly Token[], i: number, usable: (index: number) => boolean): PeerHit | null {
  if (!usable(i)) return null;
  const found = longestMatch(PEER_TRIE, tokens, i, usable);
  return found ? { form: found.value, length: found.length } : null;
}

// ---------------------------------------------------------------------------------------------------
// Ranking

const N = `(${NUMBER_PATTERN})`;
const RANK_PATTERNS: ReadonlyArray<readonly [RegExp, "number-after" | "number-before" | "none"]> = [
  [new RegExp(`\\b(top|bottom)\\s+${N}\\b`, "gi"), "number-after"],
  [new RegExp(`\\b(${DESC_WORDS}|${ASC_WORDS})\\s+${N}(?=\\s|$|[,.?!;:])`, "gi"), "number-after"],
  [new RegExp(`\\b${N}\\s+(?:(?:most|least)\\s+\\w+|${DESC_WORDS}|${ASC_WORDS})\\b`, "gi"), "number-before"],
  [new RegExp(`\\b(${DESC_WORDS}|${ASC_WORDS})\\b`, "gi"), "none"],
  [/\b(rank(?:s|ed|ing|ings)?|(?:order(?:ed)?|sort(?:ed)?)\s+by)\b/gi, "none"],
];

/** A ranking word that asks for the smallest first ("lowest", "bottom"). */
const ASCENDING_WORD = new RegExp(`(?:^|\\s)(?:${ASC_WORDS})\\b`);

export interface RankResult {
  rank: Rank;
  /** Where the ranking words and numbers are, so the parser counts them as understood. */
  spans: Array<{ start: number; end: number }>;
}

/** "top 5" → {n: 5, desc}; "lowest 3" → {n: 3, asc}; "the 10 biggest" → {n: 10, desc}; "highest" →
 * {n: null, desc}. `text` is the question with names, metrics and dates blanked out (so "Best Buy",
 * "top line" and "2023" are not read). The first ranking word decides the order. */
export function parseRank(text: string): RankResult | null {
  let order: Rank["order"] | null = null;
  let orderAt = Number.POSITIVE_INFINITY;
  let n: number | null = null;
  const spans: Array<{ start: number; end: number }> = [];
  for (const [pattern, form] of RANK_PATTERNS) {
    for (const m of matchesOf(text, pattern)) {
      if (/^most$/i.test(m[0]) && /^most\s+recent/i.test(text.slice(m.index))) continue;
      const word = (form === "number-before" ? m[0].replace(m[1] ?? "", "") : (m[1] ?? m[0])).trim().toLowerCase();
      const wordOrder: Rank["order"] = ASCENDING_WORD.test(word) ? "asc" : "desc";
      if (m.index < orderAt) {
        order = wordOrder;
        orderAt = m.index;
      }
      if (form !== "none" && n === null) {
        const value = parseNumber(form === "number-after" ? (m[2] ?? "") : (m[1] ?? ""));
        if (value !== null && value > 0 && value <= 1000) n = value;
      }
      spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  if (order !== null && n === null) {
    // "which 5 companies had the highest revenue": the count stands before the companies, not the ranking word.
    const counted = COUNTED_COMPANIES.exec(text);
    const value = counted ? parseNumber(counted[1] ?? "") : null;
    if (counted && value !== null && value > 0 && value <= 1000) {
      n = value;
      const at = counted.index + counted[0].indexOf(counted[1]!, counted[0].search(/\s/));
      spans.push({ start: at, end: at + counted[1]!.length });
    }
  }
  return order === null ? null : { rank: { n, order }, spans };
}

const COUNTED_COMPANIES =
  /\b(?:which|what|the|list|name|show)\s+(\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+(?:companies|stocks|firms|businesses|names|tickers|corporations)\b/i;

// ---------------------------------------------------------------------------------------------------
// Thresholds

const COMPARATOR_TRIE: PhraseTrie<Screen["op"]> = createTrie<Screen["op"]>();
for (const [phrase, op] of COMPARATORS) addPhrase(COMPARATOR_TRIE, phraseWords(phrase), op);

const SYMBOL_OPS: ReadonlyArray<readonly [RegExp, Screen["op"]]> = [
  [/^\s*(?:>=|≥|=>)\s*\$?\s*$/, ">="],
  [/^\s*(?:<=|≤|=<)\s*\$?\s*$/, "<="],
  [/^\s*>\s*\$?\s*$/, ">"],
  [/^\s*<\s*\$?\s*$/, "<"],
];

/** A threshold's text: "$100 billion", "100B", "$1.5 trillion", "15%", "20 percent", "$2,000m". */
const VALUE_RE =
  /^\$?\s*\d+(?:[.,]\d+)*(?:\s*(?:%|percent|per\s+cent|x|times|k|m|mm|mn|b|bn|t|tn|thousand|million|billion|trillion)\b|%)?(?:\s*(?:dollars|usd|us\s+dollars))?/i;

export interface ScreenMetric {
  key: string;
  first: number;
  last: number;
}

export interface ScreenResult {
  screen: Screen;
  /** Token range of the comparison and the threshold (not the metric). */
  first: number;
  last: number;
}

/** The tokens of a threshold starting at tokens[j] ("$100 billion"), if there is one. */
function thresholdAt(
  question: string,
  tokens: readonly Token[],
  j: number,
  usable: (i: number) => boolean,
): { text: string; last: number } | null {
  const t = tokens[j];
  if (!t || !usable(j) || !/^\d/.test(t.text)) return null;
  const dollar = t.start > 0 && question.charAt(t.start - 1) === "$";
  const from = dollar ? t.start - 1 : t.start;
  const m = VALUE_RE.exec(question.slice(from));
  if (!m) return null;
  const end = from + m[0].trimEnd().length;
  let last = j;
  while (last + 1 < tokens.length && tokens[last + 1]!.start < end) {
    if (!usable(last + 1)) return null;
    last++;
  }
  return { text: question.slice(from, end), last };
}

/** The comparison at tokens[j] ("over", "more than"), or from the symbols before tokens[j] (">"). */
function comparatorAt(
  tokens: readonly Token[],
  j: number,
  usable: (i: number) => boolean,
): { op: Screen["op"]; length: number } | null {
  const found = longestMatch(COMPARATOR_TRIE, tokens, j, usable);
  return found ? { op: found.value, length: found.length } : null;
}

function symbolBefore(question: string, tokens: readonly Token[], j: number, afterOffset: number): Screen["op"] | null {
  const gap = question.slice(afterOffset, tokens[j]!.start);
  for (const [re, op] of SYMBOL_OPS) if (re.test(gap)) return op;
  return null;
}

/**
 * A threshold on one metric: "<metric> [is|of|that is] <comparison> <value>" ("revenue over $100
 * billion", "net income of more than $1B", "EPS > 5") or "<comparison> <value> in|of <metric>"
 * ("more than $100 billion in revenue"). The first metric found wins.
 */
export function parseScreen(
  question: string,
  tokens: readonly Token[],
  metrics: readonly ScreenMetric[],
  usable: (i: number) => boolean,
): ScreenResult | null {
  for (const metric of metrics) {
    const metricKey = metric.key;
    // After the metric ("of at least": the comparison may start with a link word, so try it first).
    let j = metric.last + 1;
    while (
      j < tokens.length &&
      j <= metric.last + 3 &&
      usable(j) &&
      SCREEN_LINKS.has(tokens[j]!.norm) &&
      !comparatorAt(tokens, j, usable)
    )
      j++;
    if (j < tokens.length) {
      const symbol = symbolBefore(question, tokens, j, tokens[j - 1]!.end);
      if (symbol) {
        const value = thresholdAt(question, tokens, j, usable);
        if (value)
          return { screen: { metricKey, op: symbol, value: value.text }, first: metric.last + 1, last: value.last };
      }
      const cmp = comparatorAt(tokens, j, usable);
      if (cmp) {
        const value = thresholdAt(question, tokens, j + cmp.length, usable);
        if (value)
          return { screen: { metricKey, op: cmp.op, value: value.text }, first: metric.last + 1, last: value.last };
      }
    }
    // Before the metric: "<comparison> <value> in <metric>".
    const tail = metric.first - 1;
    if (tail < 1 || !usable(tail) || !SCREEN_TAILS.has(tokens[tail]!.norm)) continue;
    for (let start = Math.max(0, tail - 6); start < tail; start++) {
      const cmp = comparatorAt(tokens, start, usable);
      if (!cmp) continue;
      const value = thresholdAt(question, tokens, start + cmp.length, usable);
      if (value && value.last === tail - 1)
        return { screen: { metricKey, op: cmp.op, value: value.text }, first: start, last: tail };
    }
  }
  return null;
}
