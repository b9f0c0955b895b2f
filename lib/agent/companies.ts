// Company matching: tickers, names and aliases from the catalog, exact or (for typos) fuzzy.
import { COMPANIES } from "@/lib/catalog/companies";
import type { CompanyDefinition } from "@/lib/catalog/types";
import { prepare, preparedSimilarity, type Prepared } from "./fuzzy";
import { addPhrase, createTrie, longestMatch } from "./phrases";
import { isCapitalized, phraseWords, type Token } from "./tokens";
import { IGNORABLE_WORDS, NEAR_MISS_WORDS } from "./words";

/** Names people use that the catalog does not list (older tickers, spacing variants). */
const EXTRA_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GOOGL: ["GOOG"],
  META: ["FB"],
  UNH: ["United Health", "United Healthcare"],
  JPM: ["JP Morgan Chase", "J.P. Morgan Chase"],
};

/** Aliases that are everyday words in lowercase ("chase the price", "converse"): only capitalized. */
const CAPITALIZED_ONLY: ReadonlySet<string> = new Set(["chase", "converse"]);

/** Tickers that are words or abbreviations in everyday text: matched only when written exactly in
 * capitals ("V", "MA"; "ma" and "v" are not tickers). */
const WORDLIKE_TICKERS: ReadonlySet<string> = new Set([
  "V", "MA", "KO", "HD", "PG", "BA", "ALL", "COST", "PEP",
  ...COMPANIES.map((c) => c.ticker).filter((t) => IGNORABLE_WORDS.has(t.toLowerCase())),
]);

/** Word-like tickers that are English words: in a question written all in capitals they are words. */
const ENGLISH_TICKERS: ReadonlySet<string> = new Set(
  [...WORDLIKE_TICKERS].filter((t) => t.length > 2 || IGNORABLE_WORDS.has(t.toLowerCase())),
);

/** Legal-form words that may follow a name ("NVIDIA Corp", "Apple Inc."): part of the match. */
const CORPORATE_SUFFIXES: ReadonlySet<string> = new Set([
  "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "plc", "llc", "holdings", "group",
]);

interface AliasValue {
  company: CompanyDefinition;
  capitalizedOnly: boolean;
}

interface FuzzyTarget {
  company: CompanyDefinition;
  text: string;
  prepared: Prepared;
  ticker: boolean;
}

/** "The Coca-Cola Company" → ["coca", "cola"]; "JPMorgan Chase & Co." → ["jpmorgan", "chase"]. */
function withoutLegalForm(words: readonly string[]): string[] {
  const w = [...words];
  if (w[0] === "the" && w.length > 1) w.shift();
  while (w.length > 1 && (CORPORATE_SUFFIXES.has(w[w.length - 1]!) || w[w.length - 1] === "and")) w.pop();
  return w;
}

const TRIE = createTrie<AliasValue>();
const BY_TICKER = new Map<string, CompanyDefinition>(COMPANIES.map((c) => [c.ticker.toLowerCase(), c]));
const FUZZY_TARGETS: FuzzyTarget[] = [];

(() => {
  const exact: Array<[string[], CompanyDefinition]> = [];
  const variants: Array<[string[], CompanyDefinition]> = [];
  for (const c of COMPANIES) {
    const names = [c.name, ...c.aliases.map((a) => a.alias), ...(EXTRA_ALIASES[c.ticker] ?? [])];
    for (const name of names) {
      const words = phraseWords(name);
      exact.push([words, c]);
      const stripped = withoutLegalForm(words);
      if (stripped.join(" ") !== words.join(" ")) variants.push([stripped, c]);
    }
    const seen = new Set<string>();
    const addTarget = (text: string, ticker: boolean) => {
      if ((!ticker && text.length < 3) || seen.has(text) || CAPITALIZED_ONLY.has(text)) return;
      seen.add(text);
      FUZZY_TARGETS.push({ company: c, text, prepared: prepare(text), ticker });
    };
    addTarget(c.ticker.toLowerCase(), true);
    addTarget(withoutLegalForm(phraseWords(c.name)).join(" "), false);
    for (const a of c.aliases) {
      const text = withoutLegalForm(phraseWords(a.alias)).join(" ");
      // Short brand names ("Mobil", "Venmo") are too close to everyday words to guess at.
      if (a.kind !== "brand" || text.length >= 6) addTarget(text, false);
    }
  }
  for (const [words, company] of [...exact, ...variants]) {
    addPhrase(TRIE, words, { company, capitalizedOnly: words.length === 1 && CAPITALIZED_ONLY.has(words[0]!) });
  }
})();

export interface CompanyMatchContext {
  question: string;
  /** The question is several words written all in capitals: there "COST" and "PEP" are words. */
  shouting: boolean;
  /** Whether a token is still free to match. */
  usable: (index: number) => boolean;
}

export interface CompanyHit {
  company: CompanyDefinition;
  /** Number of tokens matched, legal-form suffix included. */
  length: number;
}

function matchTicker(token: Token, ctx: CompanyMatchContext): CompanyDefinition | null {
  const company = BY_TICKER.get(token.norm);
  if (!company) return null;
  const ticker = company.ticker;
  if (token.start > 0 && ctx.question.charAt(token.start - 1) === "$") return company; // "$ko" is a cashtag
  if (!WORDLIKE_TICKERS.has(ticker)) return company;
  const written = token.text.replace(/['’]s$/, "");
  if (written !== ticker) return null;
  return ENGLISH_TICKERS.has(ticker) && ctx.shouting ? null : company;
}

/** The company named at tokens[i] by ticker, name or alias, longest match first. */
export function matchCompanyAt(tokens: readonly Token[], i: number, ctx: CompanyMatchContext): CompanyHit | null {
  if (!ctx.usable(i)) return null;
  const alias = longestMatch(TRIE, tokens, i, ctx.usable, (v, s) => !v.capitalizedOnly || isCapitalized(tokens[s]!.text));
  let hit: CompanyHit | null = alias ? { company: alias.value.company, length: alias.length } : null;
  if (!hit) {
    const company = matchTicker(tokens[i]!, ctx);
    if (company) hit = { company, length: 1 };
  }
  if (!hit) return null;
  let length = hit.length;
  while (i + length < tokens.length && ctx.usable(i + length) && CORPORATE_SUFFIXES.has(tokens[i + length]!.norm)) length++;
  return { company: hit.company, length };
}

export interface CompanyCandidate {
  company: CompanyDefinition;
  score: number;
  /** The name or ticker it is closest to. */
  target: string;
}

/** Companies close to `text` (normalized words joined by spaces), best first, one entry per company.
 * Tickers are compared only when `tickers` (the word was written in capitals), except that a text
 * equal to a ticker ("ma") always scores 1. A text that starts a name ("micro" → "microsoft") scores
 * at least 0.6. */
export function rankCompanies(text: string, options: { tickers: boolean; min?: number }): CompanyCandidate[] {
  const min = options.min ?? 0.5;
  const best = new Map<string, CompanyCandidate>();
  if (text.length === 0 || text.length > 60) return [];
  const query = prepare(text);
  for (const t of FUZZY_TARGETS) {
    if (t.ticker && !options.tickers && t.text !== text) continue;
    let score = preparedSimilarity(query, t.prepared, min);
    if (text.length >= 3 && t.text.length > text.length && t.text.startsWith(text)) score = Math.max(score, 0.6);
    if (score < min) continue;
    const previous = best.get(t.company.ticker);
    if (!previous || score > previous.score) best.set(t.company.ticker, { company: t.company, score, target: t.text });
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.company.ticker.localeCompare(b.company.ticker));
}

/** A typo close enough to exactly one company to stand for it ("Appel", "Microsfot", "Nvidea").
 * `strict` for words that may be ordinary English (lowercase or opening a sentence): those need a
 * higher similarity, five letters or more, and must not be a known near-miss word ("apply"). */
export function fuzzyCompany(text: string, options: { strict: boolean; tickers: boolean }): CompanyCandidate | null {
  if (options.strict && (text.length < 5 || NEAR_MISS_WORDS.has(text) || IGNORABLE_WORDS.has(text))) return null;
  if (text.replaceAll(" ", "").length < 4) return null;
  const min = options.strict ? 0.8 : 0.78;
  const ranked = rankCompanies(text, { tickers: options.tickers, min: min - 0.05 });
  const best = ranked[0];
  if (!best || best.score < min || best.score >= 1) return null;
  if (options.strict && best.target.length < 5) return null;
  const second = ranked[1];
  if (second && best.score - second.score < 0.05) return null;
  return best;
}
