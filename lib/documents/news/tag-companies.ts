// Tags the companies an article names, from the curated catalog's lexicon (lib/catalog/companies.ts:
// tickers, names and aliases). Names match as written (capitalized words: "Apple", not "apple pie");
// tickers only where text marks them as tickers: "$AAPL", "(AAPL)", "NASDAQ: AAPL", "AAPL.O".
import { COMPANIES } from "@/lib/catalog/companies";
import { matchesOf } from "@/lib/core/regex";

const LEGAL_SUFFIX = /[,.]?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|plc|Ltd\.?|Holdings)$/i;

interface Lexicon {
  names: RegExp;
  byName: Map<string, string>;
  tickers: RegExp;
  known: Set<string>;
}

let lexicon: Lexicon | undefined;

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
    tickers:
      /(?:\$([A-Z]{1,5}(?:[.-][A-Z])?)\b|\((?:(?:NASDAQ|NYSE|Nasdaq|NYSEARCA)\s*:\s*)?([A-Z]{1,5}(?:[.-][A-Z])?)\)|\b(?:NASDAQ|NYSE|Nasdaq)\s*:\s*([A-Z]{1,5})\b|\b([A-Z]{1,5})\.[OKN]\b)/g,
    known,
  };
}

/** The catalog tickers `text` names, sorted. */
export function tagCompanies(text: string): string[] {
  lexicon ??= buildLexicon();
  const found = new Set<string>();
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
