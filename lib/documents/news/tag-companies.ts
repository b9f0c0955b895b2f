// Tags the companies an article names, from the curated catalog's lexicon (lib/catalog/companies.ts:
// tickers, names and aliases). Names match as written (capitalized words: "Apple", not "apple pie");
// tickers only where text marks them as tickers: "$AAPL", "(AAPL)", "NASDAQ: AAPL", "AAPL.O". Text that
// lost its capitals (a title read from a URL's slug: "apples aapl q1 earnings beat") is read with
// `anyCase`: names in any case, a slug's possessive ("apples") included, and tickers of four letters or
// more that are no word ("aapl", "msft"; not "cost").
import { COMPANIES } from "@/lib/catalog/companies";
import { matchesOf } from "@/lib/core/regex";

const LEGAL_SUFFIX = /[,.]?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|plc|Ltd\.?|Holdings)$/i;

interface Lexicon {
  names: RegExp;
  byName: Map<string, string>;
  /** The names in any case, a possessive "s" allowed after them; keys of `byLowerName`. */
  anyCaseNames: RegExp;
  byLowerName: Map<string, string>;
  /** Lower-case tickers of four letters or more that are no everyday word. */
  slugTickers: Map<string, string>;
  tickers: RegExp;
  known: Set<string>;
}

let lexicon: Lexicon | undefined;

const SLUG_WORD = /\b[a-z]{4,5}\b/gi;

/** Brands that are everyday words once the capital is gone ("stocks chase gains"): not read in any case. */
const WORDS_WITHOUT_CAPITAL = new Set(["chase", "converse", "cost"]);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function buildLexicon(): Lexicon {
  const byName = new Map<string, string>();
  for (const company of COMPANIES) {
    const names = [company.name, company.name.replace(LEGAL_SUFFIX, ""), ...company.aliases.map((a) => a.alias)];
    // Lowercase aliases ("chase") are everyday words: news text names companies with a capital.
    for (const name of names) if (/^[A-Z0-9]/.test(name) && name.length > 2) byName.set(name, company.ticker);
  }
  const alternatives = [...byName.keys()].sort((a, b) => b.length - a.length).map(escape);
  const known = new Set(COMPANIES.map((c) => c.ticker));
  return {
    names: new RegExp(`(?<![\\w&])(${alternatives.join("|")})(?![\\w&])`, "g"),
    byName,
    anyCaseNames: new RegExp(`(?<![\\w&])(${alternatives.join("|")})(?:'?s)?(?![\\w&])`, "gi"),
    byLowerName: new Map(
      [...byName].flatMap(([name, ticker]) =>
        WORDS_WITHOUT_CAPITAL.has(name.toLowerCase()) ? [] : [[name.toLowerCase(), ticker] as [string, string]],
      ),
    ),
    slugTickers: new Map(
      COMPANIES.flatMap((c) =>
        c.ticker.length >= 4 && !WORDS_WITHOUT_CAPITAL.has(c.ticker.toLowerCase())
          ? [[c.ticker.toLowerCase(), c.ticker] as [string, string]]
          : [],
      ),
    ),
    tickers:
      /(?:\$([A-Z]{1,5}(?:[.-][A-Z])?)\b|\((?:(?:NASDAQ|NYSE|Nasdaq|NYSEARCA)\s*:\s*)?([A-Z]{1,5}(?:[.-][A-Z])?)\)|\b(?:NASDAQ|NYSE|Nasdaq)\s*:\s*([A-Z]{1,5})\b|\b([A-Z]{1,5})\.[OKN]\b)/g,
    known,
  };
}

/** The catalog tickers `text` names, sorted. */
export function tagCompanies(text: string, { anyCase = false } = {}): string[] {
  lexicon ??= buildLexicon();
  const found = new Set<string>();
  if (anyCase) {
    for (const match of matchesOf(text, lexicon.anyCaseNames)) {
      const ticker = lexicon.byLowerName.get(match[1]!.toLowerCase());
      if (ticker) found.add(ticker);
    }
    for (const match of matchesOf(text, SLUG_WORD)) {
      const ticker = lexicon.slugTickers.get(match[0].toLowerCase());
      if (ticker) found.add(ticker);
    }
    return [...found].sort();
  }
  for (const match of matchesOf(text, lexicon.names)) {
    const ticker = lexicon.byName.get(match[1]!);
    if (ticker) found.add(ticker);
  }
  for (const match of matchesOf(text, lexicon.tickers)) {
    const ticker = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? "").replace(".", "-");
    if (lexicon.known.has(ticker)) found.add(ticker);
  }
  return [...found].sort();
}
