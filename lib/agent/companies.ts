// Company matching. First the curated companies (lib/catalog/companies.ts): tickers, names and
// aliases, exact or (for typos) fuzzy. Then every company on the SEC's ticker list
// (lib/catalog/listed-companies.ts), exactly only:
// - by name, case-insensitively, without its legal form ("Tyson Foods" for TYSON FOODS, INC.). A name
//   several companies share goes to the one on the S&P 500 list, else to none. One-word names
//   ("Target") and names made only of common words ("First Capital") need a capital letter, and a
//   name that is a word the agent reads otherwise ("Energy", "Block" is fine) is never matched alone.
// - by the first word of an S&P 500 company's name when no other S&P 500 company starts with it
//   ("Ford" → F, "Tyson" → TSN; "General" names none), capitalized, confidence 0.9; the same for
//   another well-known company (the largest on the list) whose other words are common name words
//   ("Palantir" for Palantir Technologies, "Coinbase" for Coinbase Global).
// - in lower case too, for a well-known company's name that cannot be an everyday word ("palantir",
//   "berkshire", "qualcomm"; not "target", "ford"): see lowercaseName.
// - by a few names people use that the SEC's do not give ("Disney"), and by "Lowe's" for LOWES.
// - by ticker, written in capitals ("TSN", "BRK-B"); in lower case only when it cannot be a word
//   (three letters or more, no vowel: "tsn"); any case as a cashtag ("$tsn"). Tickers that are words
//   the agent reads otherwise ("EPS", "ALL", "A") are not tickers; single letters next to "&", "." or
//   "/" ("S&P", "U.S.") neither.
// On equal length the curated company wins; a longer SEC name wins ("Apple Hospitality REIT").
// Curated word-like tickers ("KO", "V", "MA") match here only in capitals; written otherwise, the
// parser reads them from their context (wordlikeCompany, and passes/read-wordlike-companies.ts).
// Companies no longer listed that the data folder holds (lib/catalog/delisted-companies.ts) are read
// like SEC names and tickers, their names saying when they were listed.
// The SEC indexes are built once, on first use (about 9,600 tickers and 7,900 names).
import { COMPANIES } from "@/lib/catalog/companies";
import { DELISTED_COMPANIES, delistedLabel } from "@/lib/catalog/delisted-companies";
import { listedCompanies, type ListedCompanies, type ListedCompany } from "@/lib/catalog/listed-companies";
import type { CompanyDefinition } from "@/lib/catalog/types";
import { processSlot } from "@/lib/core/process-wide";
import { prepare, preparedSimilarity, type Prepared } from "./fuzzy";
import { isMetricWord } from "./metrics";
import { addPhrase, createTrie, hasPhrase, longestMatch, type PhraseTrie } from "./phrases";
import { isGroupWord } from "./groups";
import {
  CAPITALIZED_ONLY,
  COMMON_NAME_WORDS,
  CONTEXT_TICKERS,
  CORPORATE_SUFFIXES,
  ENGLISH_TICKERS,
  EVERYDAY_NAME_WORDS,
  EVERYDAY_SENSES,
  EXTRA_COMPANY_ALIASES,
  LISTED_ALIASES,
  NAME_FOLLOWERS,
  QUESTION_WORDS,
  SEC_SUFFIXES,
  SEC_SUFFIX_PAIRS,
  WORDLIKE_TICKERS,
} from "./lexicon/company-words";
import { ACRONYMS, CALENDAR_WORDS, IGNORABLE_WORDS, NEAR_MISS_WORDS, NUMBER_WORDS } from "./lexicon/everyday-words";
import { isCapitalized, phraseWords, startsSentence, type Token } from "./tokens";

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

/** withoutLegalForm, plus the SEC's own legal forms: "Coca-Cola FEMSA, S.A.B. de C.V." → ["coca", "cola", "femsa"]. */
function withoutSecLegalForm(words: readonly string[]): string[] {
  let w = withoutLegalForm(words);
  for (;;) {
    const last = w[w.length - 1]!;
    if (w.length > 1 && (SEC_SUFFIXES.has(last) || CORPORATE_SUFFIXES.has(last) || last === "and")) w = w.slice(0, -1);
    else if (w.length > 2 && SEC_SUFFIX_PAIRS.has(w.slice(-2).join(" "))) w = w.slice(0, -2);
    else if (w.length > 3 && SEC_SUFFIX_PAIRS.has(w.slice(-3).join(" "))) w = w.slice(0, -3);
    else return w;
  }
}

const TRIE = createTrie<AliasValue>();
const BY_TICKER = new Map<string, CompanyDefinition>(COMPANIES.map((c) => [c.ticker.toLowerCase(), c]));
const FUZZY_TARGETS: FuzzyTarget[] = [];

(() => {
  const exact: Array<[string[], CompanyDefinition]> = [];
  const variants: Array<[string[], CompanyDefinition]> = [];
  for (const c of COMPANIES) {
    const names = [c.name, ...c.aliases.map((a) => a.alias), ...(EXTRA_COMPANY_ALIASES[c.ticker] ?? [])];
    for (const name of names) {
      const words = phraseWords(name);
      exact.push([words, c]);
      const stripped = withoutLegalForm(words);
      if (stripped.join(" ") !== words.join(" ")) variants.push([stripped, c]);
      // "Procter & Gamble" typed "procter gamble", "Johnson & Johnson" as "johnson johnson".
      const withoutAnd = stripped.filter((w, k) => w !== "and" || k === 0 || k === stripped.length - 1);
      if (withoutAnd.length < stripped.length && withoutAnd.length >= 2 && withoutAnd.every((w) => w.length >= 3))
        variants.push([withoutAnd, c]);
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
  ticker: string;
  name: string;
  /** Number of tokens matched, legal-form suffix included. */
  length: number;
  /** 1 for a name, alias or ticker; 0.9 for the first word of a name ("Tyson"). */
  confidence: number;
  /** "catalog": a curated company; "sec": one from the SEC list only. */
  source: "catalog" | "sec";
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

/** A word that names a curated company only when the words around it say so: a word-like ticker not
 * written in capitals ("ko", "Ma", "v"; "PEP" in a question written all in capitals), a brand that is
 * an everyday word in lowercase ("chase", "visa"), an S&P 500 ticker in lower case ("bac", "ups", "key"),
 * or a listed ticker that is a finance acronym ("NIM", "ARR"). `kind` says which: an English word needs more context than a ticker, a listed ticker (which may
 * be a word: "ups", "cop", "key", "well") more, and an acronym the most. The caller decides from the context (passes/read-wordlike-companies.ts); null for any other word. */
export function wordlikeCompany(
  token: Token,
): { company: Pick<CompanyDefinition, "ticker" | "name">; kind: "ticker" | "word" | "listed" | "acronym" } | null {
  const byTicker = BY_TICKER.get(token.norm);
  if (byTicker && CONTEXT_TICKERS.has(byTicker.ticker)) return { company: byTicker, kind: "ticker" };
  if (CAPITALIZED_ONLY.has(token.norm)) {
    const alias = TRIE.root.next.get(token.norm)?.value;
    if (alias) return { company: alias.company, kind: "word" };
  }
  // An S&P 500 company's one-word name that is an everyday word in lowercase ("ford", "target").
  const named = EVERYDAY_NAME_WORDS.has(token.norm) ? secIndex().names.root.next.get(token.norm)?.value : undefined;
  if (named?.sp500 && !named.possessiveOnly) return { company: named, kind: "word" };
  // A listed company's ticker in lower case, when it could be read as a word ("bac", "cop", "ups"):
  // matchSecTicker takes lower case only without vowels, so these need the words around them.
  // Only S&P 500 members: a smaller listed company's ticker is more often a word ("post", "pay", "pac").
  const listed = byTicker ? null : secIndex().tickers.get(token.norm);
  const written = token.text.replace(/['’]s$/, "");
  // A listed ticker that is a finance acronym ("NIM", "ARR", "DCF"), written as the ticker: the
  // acronym unless "stock" or "shares" say otherwise ("NIM stock").
  if (listed && written === listed.ticker && ACRONYMS.has(token.norm)) return { company: listed, kind: "acronym" };
  const sp500 = listed ? (listedCompanies().byTicker.get(listed.ticker)?.sector ?? null) !== null : false;
  if (listed && sp500 && written === token.norm && /^[a-z]{2,4}$/.test(written) && !isAgentWord(written))
    return { company: listed, kind: "listed" };
  return null;
}

const fromCatalog = (company: CompanyDefinition, length: number): CompanyHit => ({
  ticker: company.ticker,
  name: company.name,
  length,
  confidence: 1,
  source: "catalog",
});

/** The company named at tokens[i] by ticker, name or alias, longest match first. */
export function matchCompanyAt(tokens: readonly Token[], i: number, ctx: CompanyMatchContext): CompanyHit | null {
  if (!ctx.usable(i)) return null;
  const alias = longestMatch(
    TRIE,
    tokens,
    i,
    ctx.usable,
    (v, s) => !v.capitalizedOnly || isCapitalized(tokens[s]!.text),
  );
  let hit: CompanyHit | null =
    alias && !(alias.length === 1 && inEverydaySense(tokens, i))
      ? fromCatalog(alias.value.company, alias.length)
      : null;
  if (!hit) {
    const company = matchTicker(tokens[i]!, ctx);
    if (company) hit = fromCatalog(company, 1);
  }
  const sec = secIndex();
  const byName = longestMatch(sec.names, tokens, i, ctx.usable, (v, s, length) =>
    acceptSecName(v, tokens, s, length, ctx),
  );
  if (byName && (!hit || byName.length > hit.length)) {
    hit = {
      ticker: byName.value.ticker,
      name: byName.value.name,
      length: byName.length,
      confidence: byName.value.confidence,
      source: byName.value.source,
    };
  }
  hit ??= matchSecTicker(tokens, i, ctx, sec);
  hit ??= possessiveWithoutApostrophe(tokens[i]!);
  if (!hit) return null;
  let length = hit.length;
  while (i + length < tokens.length && ctx.usable(i + length) && CORPORATE_SUFFIXES.has(tokens[i + length]!.norm))
    length++;
  return { ...hit, length };
}

/** A curated one-word name used as the everyday noun it also is, by the words right beside it ("an
 * H-1B visa", "visa sponsorship"; EVERYDAY_SENSES); never when possessive ("Visa's sponsorship"). */
function inEverydaySense(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  const sense = EVERYDAY_SENSES.get(t.norm);
  if (!sense || /['’]s$/.test(t.text)) return false;
  return sense.before.has(tokens[i - 1]?.norm ?? "") || sense.after.has(tokens[i + 1]?.norm ?? "");
}

/** "apples", "nvdas", "teslas": a curated company's one-word name or ticker with an "s" for its missing
 * apostrophe; never a word-like ticker ("costs" is no Costco) nor an everyday word. */
function possessiveWithoutApostrophe(token: Token): CompanyHit | null {
  const { norm } = token;
  if (norm.length < 5 || !norm.endsWith("s") || isAgentWord(norm)) return null;
  const stem = norm.slice(0, -1);
  const alias = TRIE.root.next.get(stem)?.value;
  const company = alias && !alias.capitalizedOnly ? alias.company : BY_TICKER.get(stem);
  if (!company || WORDLIKE_TICKERS.has(company.ticker)) return null;
  return { ...fromCatalog(company, 1), confidence: 0.9 };
}

// ---------------------------------------------------------------------------------------------------
// The SEC list

interface SecName {
  ticker: string;
  name: string;
  confidence: number;
  source: "catalog" | "sec";
  /** Only with a capital first letter, and never in a question written all in capitals. */
  capitalizedOnly: boolean;
  /** On the S&P 500 list: a one-word name may then also open a sentence ("Target revenue"), where
   * other capitalized words are verbs ("Track ..."). */
  sp500: boolean;
  /** A name the SEC writes without its apostrophe ("LOWES"), read as "lowe": only as written "Lowe's". */
  possessiveOnly?: boolean;
}

interface SecIndex {
  /** Names without legal form, and the first words that stand for one S&P 500 company. */
  names: PhraseTrie<SecName>;
  /** Tickers not in the catalog, lowercased; "BRK-B" as "brk-b". */
  tickers: ReadonlyMap<string, { ticker: string; name: string; source: "catalog" | "sec" }>;
  /** Names several companies share, none of them on the S&P 500 list: candidates for a suggestion. */
  ambiguous: ReadonlyMap<string, readonly ListedCompany[]>;
  /** How long building took, for the report. */
  buildMs: number;
}

const secIndexSlot = processSlot<SecIndex>("SEC company index");

function secIndex(): SecIndex {
  secIndexSlot.value ??= buildSecIndex(listedCompanies());
  return secIndexSlot.value;
}

/** Builds the SEC indexes now (the first question would otherwise pay for it); returns their sizes. */
export function warmCompanyIndex(): { names: number; tickers: number; buildMs: number } {
  const index = secIndex();
  let names = 0;
  const count = (node: PhraseTrie<SecName>["root"]): void => {
    if (node.value !== undefined) names++;
    for (const child of node.next.values()) count(child);
  };
  count(index.names.root);
  return { names, tickers: index.tickers.size, buildMs: index.buildMs };
}

/** For tests: builds the indexes from another list (null: back to the real one). */
export function useListedCompaniesForTesting(list: ListedCompanies | null): void {
  secIndexSlot.value = list ? buildSecIndex(list) : undefined;
}

interface NameCandidate {
  cik: string;
  value: SecName;
  sp500: boolean;
  words: string[];
  /** The company's rank on the SEC list, which puts the largest companies first. */
  order: number;
  /** On the S&P 500 list or among the WELL_KNOWN_RANK largest: named by a short name, also in lower case. */
  wellKnown: boolean;
}

/** The largest companies on the SEC list count as well known, with those on the S&P 500 list (of 2021,
 * so it lacks later arrivals such as Palantir and Uber). */
const WELL_KNOWN_RANK = 500;

/** True when the agent reads the (normalized) word as something other than a company (grammar, dates,
 * metrics, intent cues, sector and peer words): a company on the SEC list whose name or ticker is one of
 * them ("Target", "ALL", "EPS", "Energy") is not matched by that word alone, so that the word keeps its
 * everyday meaning. */
function isAgentWord(word: string): boolean {
  return (
    IGNORABLE_WORDS.has(word) ||
    CALENDAR_WORDS.has(word) ||
    ACRONYMS.has(word) ||
    NEAR_MISS_WORDS.has(word) ||
    NUMBER_WORDS.has(word) ||
    QUESTION_WORDS.has(word) ||
    isGroupWord(word) ||
    isMetricWord(word) ||
    /^\d+$/.test(word)
  );
}

/** Whether a well-known company's one-word name may be written in lower case. Many people type in
 * lower case ("palantir revenue"), but a lowercase word is a company only when it can hardly be anything
 * else: four letters or more, and not an everyday word, given name or place (EVERYDAY_NAME_WORDS:
 * "target", "block", "ralph", "texas"). Those, and every name of a company that is not well known (more
 * likely a word the parser does not know), need their capital ("Target", "Ford"). */
function lowercaseName(word: string): boolean {
  return (
    word.length >= 4 &&
    /^[a-z]+$/.test(word) &&
    !EVERYDAY_NAME_WORDS.has(word) &&
    !isAgentWord(word) &&
    !COMMON_NAME_WORDS.has(word)
  );
}

function buildSecIndex(list: ListedCompanies): SecIndex {
  const started = performance.now();
  const curatedByCik = new Map<string, CompanyDefinition>();
  for (const c of COMPANIES) {
    const row = list.byTicker.get(c.ticker);
    if (row) curatedByCik.set(row.cik, c);
  }

  const order = new Map<string, number>();
  for (const row of list.all) if (!order.has(row.cik)) order.set(row.cik, order.size);

  // Names: one candidate per CIK, grouped by name without legal form.
  const byKey = new Map<string, NameCandidate[]>();
  for (const [cik, rows] of list.byCik) {
    const primary = rows[0]!;
    const sp500Row = rows.find((r) => r.sector !== null);
    const curated = curatedByCik.get(cik);
    const shown = sp500Row ?? primary;
    const words = withoutSecLegalForm(phraseWords(primary.name));
    if (words.length === 0) continue;
    const value: SecName = curated
      ? {
          ticker: curated.ticker,
          name: curated.name,
          confidence: 1,
          source: "catalog",
          capitalizedOnly: false,
          sp500: true,
        }
      : {
          ticker: shown.ticker,
          name: shown.name,
          confidence: 1,
          source: "sec",
          capitalizedOnly: false,
          sp500: sp500Row !== undefined,
        };
    const key = words.join(" ");
    const same = byKey.get(key);
    const rank = order.get(cik) ?? Number.MAX_SAFE_INTEGER;
    const candidate: NameCandidate = {
      cik,
      value,
      sp500: sp500Row !== undefined,
      words,
      order: rank,
      wellKnown: sp500Row !== undefined || rank < WELL_KNOWN_RANK,
    };
    if (same) same.push(candidate);
    else byKey.set(key, [candidate]);
  }

  const names = createTrie<SecName>();
  const ambiguous = new Map<string, ListedCompany[]>();
  const resolved: NameCandidate[] = [];
  for (const [key, candidates] of byKey) {
    const chosen = candidates.length === 1 ? candidates : candidates.filter((c) => c.sp500);
    if (chosen.length !== 1) {
      ambiguous.set(
        key,
        candidates.map((c) => list.byCik.get(c.cik)![0]!),
      );
      continue;
    }
    const c = chosen[0]!;
    const words = c.words;
    if (words.length === 1) {
      const w = words[0]!;
      if (w.length < 2 || isAgentWord(w) || COMMON_NAME_WORDS.has(w)) continue;
      c.value.capitalizedOnly = !(c.wellKnown && lowercaseName(w));
    } else if (words.every((w) => isAgentWord(w) || COMMON_NAME_WORDS.has(w))) {
      c.value.capitalizedOnly = true;
    }
    resolved.push(c);
  }

  // First words of the S&P 500 companies' names (curated ones included), and of other well-known
  // companies' names whose other words are common name words, by the companies they start.
  const byFirstWord = new Map<string, Map<string, { value: SecName; order: number }>>();
  const addFirstWord = (words: readonly string[], value: SecName, at: number) => {
    const w = words[0]!;
    if (words.length < 2 || w.length < 3 || isAgentWord(w) || COMMON_NAME_WORDS.has(w) || /\d/.test(w)) return;
    const companies = byFirstWord.get(w) ?? new Map<string, { value: SecName; order: number }>();
    companies.set(value.ticker, { value, order: Math.min(at, companies.get(value.ticker)?.order ?? at) });
    byFirstWord.set(w, companies);
  };
  for (const c of resolved) {
    if (c.sp500 || (c.wellKnown && c.words.slice(1).every((w) => COMMON_NAME_WORDS.has(w))))
      addFirstWord(c.words, c.value, c.order);
  }
  for (const c of COMPANIES) {
    const value: SecName = {
      ticker: c.ticker,
      name: c.name,
      confidence: 1,
      source: "catalog",
      capitalizedOnly: false,
      sp500: true,
    };
    const row = list.byTicker.get(c.ticker);
    const at = row ? (order.get(row.cik) ?? 0) : 0;
    for (const name of [c.name, ...c.aliases.map((a) => a.alias)])
      addFirstWord(withoutLegalForm(phraseWords(name)), value, at);
  }

  // The SEC writes "Lowe's" and "Domino's" as LOWES and DOMINOS, and the question's "Lowe's" reads
  // "lowe": a well-known company's name is also read so, when written with its apostrophe. Added last,
  // so that no other name or first word gives way to them.
  const possessives: Array<[string[], SecName]> = [];
  const addName = (words: readonly string[], value: SecName, wellKnown: boolean) => {
    addPhrase(names, words, value);
    const first = words[0]!;
    if (wellKnown && /[^s]s$/.test(first))
      possessives.push([[first.slice(0, -1), ...words.slice(1)], { ...value, possessiveOnly: true }]);
  };
  for (const c of resolved) {
    if (hasPhrase(TRIE, c.words)) continue; // a curated name or alias: matched there
    // A one-word name that is also the first word of S&P 500 names goes to the larger company (the
    // SEC list's order): "Vertex" is Vertex Pharmaceuticals, not Vertex, Inc.; "Snap" is Snap Inc.
    const starts = c.words.length === 1 && !c.sp500 ? byFirstWord.get(c.words[0]!) : undefined;
    if (starts && [...starts.values()].some((s) => s.order < c.order)) continue;
    if (starts) byFirstWord.delete(c.words[0]!);
    addName(c.words, c.value, c.wellKnown);
  }
  for (const [ticker, aliases] of Object.entries(LISTED_ALIASES)) {
    const row = list.byTicker.get(ticker);
    const candidate = row && resolved.find((c) => c.cik === row.cik);
    if (!candidate) continue;
    for (const alias of aliases) {
      const words = phraseWords(alias);
      const capitalizedOnly = words.length === 1 && !(candidate.wellKnown && lowercaseName(words[0]!));
      addPhrase(names, words, { ...candidate.value, capitalizedOnly });
    }
  }
  // A first word that stands for exactly one of these (well-known) companies ("ford" → F, "tyson" → TSN).
  for (const [w, companies] of byFirstWord) {
    if (companies.size !== 1 || hasPhrase(TRIE, [w]) || hasPhrase(names, [w])) continue;
    const { value } = [...companies.values()][0]!;
    addName([w], { ...value, confidence: 0.9, capitalizedOnly: !lowercaseName(w) }, true);
  }
  for (const [words, value] of possessives) addPhrase(names, words, value);
  // Companies no longer listed that the data folder holds: named by their names, shown with the
  // period they were listed. Never in place of a listed company's name.
  for (const c of DELISTED_COMPANIES) {
    const value: SecName = {
      ticker: c.ticker,
      name: delistedLabel(c),
      confidence: 1,
      source: "sec",
      capitalizedOnly: false,
      sp500: false,
    };
    // The old ticker in any case too ("atvi"): no longer on the list, it is no word and no other company's.
    for (const alias of [c.name, ...c.aliases, c.ticker]) {
      const words = withoutSecLegalForm(phraseWords(alias));
      if (words.length > 0 && !hasPhrase(names, words) && !hasPhrase(TRIE, words)) addPhrase(names, words, value);
    }
  }

  // Tickers beyond the catalog's.
  const tickers = new Map<string, { ticker: string; name: string; source: "catalog" | "sec" }>();
  for (const row of list.all) {
    if (BY_TICKER.has(row.ticker.toLowerCase())) continue;
    const curated = curatedByCik.get(row.cik);
    tickers.set(row.ticker.toLowerCase(), {
      ticker: row.ticker,
      name: curated?.name ?? row.name,
      source: curated ? "catalog" : "sec",
    });
  }
  for (const c of DELISTED_COMPANIES) {
    const key = c.ticker.toLowerCase();
    if (!tickers.has(key) && !BY_TICKER.has(key))
      tickers.set(key, { ticker: c.ticker, name: delistedLabel(c), source: "sec" });
  }
  return { names, tickers, ambiguous, buildMs: performance.now() - started };
}

function acceptSecName(
  value: SecName,
  tokens: readonly Token[],
  start: number,
  length: number,
  ctx: CompanyMatchContext,
): boolean {
  if (value.possessiveOnly && !/['’]s$/.test(tokens[start]!.text)) return false;
  if (!value.capitalizedOnly) return true;
  const first = tokens[start]!;
  if (!isCapitalized(first.text) || ctx.shouting) return false;
  if (length > 1) return true;
  if (startsSentence(ctx.question, first.start) && !(value.sp500 && readsAsName(tokens, start, ctx))) return false;
  // One capitalized word inside a longer proper name ("Lockhead Martin", "Martin Luther") is not it.
  return !partOfName(tokens, start - 1, start, ctx) && !partOfName(tokens, start + 1, start, ctx);
}

/** A capitalized word opening a sentence is a verb as often as a name ("Take Apple's revenue",
 * "Discover how"): it reads as a name when possessive, alone, or followed by a metric, a comparison
 * or punctuation ("Tyson revenue", "Target vs Walmart", "Ford?"). */
function readsAsName(tokens: readonly Token[], i: number, ctx: CompanyMatchContext): boolean {
  const t = tokens[i]!;
  if (/['’]s$/.test(t.text)) return true;
  const next = tokens[i + 1];
  if (!next) return true;
  if (/[^\s]/.test(ctx.question.slice(t.end, next.start))) return true;
  return isMetricWord(next.norm) || NAME_FOLLOWERS.has(next.norm);
}

/** Whether tokens[j], next to tokens[i] with only spaces between, is a capitalized word the agent
 * does not read as something else: then both are likely one name. */
function partOfName(tokens: readonly Token[], j: number, i: number, ctx: CompanyMatchContext): boolean {
  const t = tokens[j];
  if (!t) return false;
  const [a, b] = j < i ? [t, tokens[i]!] : [tokens[i]!, t];
  if (!/^\s+$/.test(ctx.question.slice(a.end, b.start))) return false;
  return isCapitalized(t.text) && !isAgentWord(t.norm);
}

const VOWEL_RE = /[aeiouy]/;
/** Characters that make a single letter part of something else: "S&P", "U.S.", "P/E", "M-1". */
const JOINERS = new Set(["&", ".", "/", "-", "'", "’"]);

/** A ticker from the SEC list at tokens[i] (one token, or two joined by "-" or "." as in "BRK-B"). */
function matchSecTicker(
  tokens: readonly Token[],
  i: number,
  ctx: CompanyMatchContext,
  sec: SecIndex,
): CompanyHit | null {
  const token = tokens[i]!;
  const cashtag = token.start > 0 && ctx.question.charAt(token.start - 1) === "$";
  const written = token.text.replace(/['’]s$/, "");
  // "BRK-B", "BF.B": two tokens joined by one "-" or ".".
  const next = tokens[i + 1];
  if (next && ctx.usable(i + 1) && /^[-.]$/.test(ctx.question.slice(token.end, next.start))) {
    const joined = sec.tickers.get(`${token.norm}-${next.norm}`);
    const caps =
      written === written.toUpperCase() &&
      next.text.replace(/['’]s$/, "") === next.text.replace(/['’]s$/, "").toUpperCase();
    if (joined && (caps || cashtag)) return { ...joined, length: 2, confidence: 1 };
  }
  const found = sec.tickers.get(token.norm);
  if (!found || written.length === 0) return null;
  if (cashtag) return { ...found, length: 1, confidence: 1 };
  if (isAgentWord(token.norm)) return null;
  if (written === found.ticker) {
    if (written.length === 1) {
      const before = ctx.question.charAt(token.start - 1);
      const after = ctx.question.charAt(token.start + written.length);
      if (ctx.shouting || JOINERS.has(before) || JOINERS.has(after)) return null;
    }
    if (ctx.shouting && VOWEL_RE.test(token.norm)) return null;
    return { ...found, length: 1, confidence: 1 };
  }
  // Lower case: only what cannot be a word.
  if (written === written.toLowerCase() && written.length >= 3 && !VOWEL_RE.test(written) && /^[a-z]+$/.test(written)) {
    return { ...found, length: 1, confidence: 1 };
  }
  return null;
}

/** Companies on the SEC list that share a name written in the question ("Star"), for a suggestion. */
export function ambiguousListedNames(text: string): readonly ListedCompany[] {
  return secIndex().ambiguous.get(withoutSecLegalForm(phraseWords(text)).join(" ")) ?? [];
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
  const words = text.split(" ");
  for (const t of FUZZY_TARGETS) {
    if (t.ticker && !options.tickers && t.text !== text) continue;
    let score = preparedSimilarity(query, t.prepared, min);
    if (text.length >= 3 && t.text.length > text.length && t.text.startsWith(text))
      score = Math.max(score, abbreviates(words, t.text) ? 0.85 : 0.6);
    if (score < min) continue;
    const previous = best.get(t.company.ticker);
    if (!previous || score > previous.score) best.set(t.company.ticker, { company: t.company, score, target: t.text });
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.company.ticker.localeCompare(b.company.ticker));
}

/** "union pac" for "union pacific", "lockheed mart": the name's words, the last one cut short (three
 * letters or more). */
function abbreviates(words: readonly string[], target: string): boolean {
  const full = target.split(" ");
  if (words.length < 2 || words.length !== full.length) return false;
  const last = words[words.length - 1]!;
  return last.length >= 3 && words.slice(0, -1).every((w, k) => w === full[k]);
}

/** A typo close enough to exactly one company to stand for it ("Appel", "Microsfot", "Nvidea").
 * `strict` for words that may be ordinary English (lowercase or opening a sentence): those need a
 * higher similarity and five letters or more. A known near-miss or grammar word ("apply", "costs") is
 * never one, however written. */
export function fuzzyCompany(text: string, options: { strict: boolean; tickers: boolean }): CompanyCandidate | null {
  // A known word is that word however written ("COSTS", "Apply").
  if (NEAR_MISS_WORDS.has(text) || IGNORABLE_WORDS.has(text)) return null;
  if (options.strict && text.length < 5) return null;
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
