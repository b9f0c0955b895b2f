// The labelling vocabulary: which words name which catalog metric or company (LABELLING.md, rules 1-3).
// Built from the catalog plus the everyday words and ratios the labelling rules define. The generator
// draws surfaces from it and checks that the words of a filled template name nothing unintended.
import { COMPANIES } from "@/lib/catalog/companies";
import { METRICS, metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";

/** The catalog's base metrics: filed (XBRL concepts) and market ones, the 84 the labelling rules are
 * written against. Computed and "unavailable" metrics that the catalog may also list (formula or
 * unavailableReason set) are left out, so the gold labels do not move when they are added. */
export const BASE_METRICS: readonly MetricDefinition[] = METRICS.filter((m) => {
  const extra = m as MetricDefinition & { formula?: unknown; unavailableReason?: unknown };
  return (extra.formula === undefined || extra.formula === null) && !extra.unavailableReason;
});

/** Tickers that are ordinary words or abbreviations ("cost", "pg", "v"): a labeller reads them as a
 * company only written in capitals, so the lexicon (which ignores case) leaves them out. */
export const WORDLIKE_TICKERS: ReadonlySet<string> = new Set(["V", "MA", "KO", "HD", "PG", "BA", "COST", "PEP"]);

/** Everyday words with a fixed meaning under the labelling rules (rule 2). */
export const EVERYDAY_METRICS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["income", ["net_income"]],
  ["loss", ["net_income"]],
  ["losses", ["net_income"]],
  ["debt", ["long_term_debt"]],
  ["total debt", ["long_term_debt"]],
  ["cash flow", ["operating_cash_flow"]],
  ["cash flows", ["operating_cash_flow"]],
  ["stock", ["price_close"]],
  ["trading at", ["price_close"]],
  ["trades at", ["price_close"]],
];

/** Ratios and derived figures, labelled with the catalog metrics they are computed from (rule 3). */
export const DERIVED_METRICS: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
  [["gross margin", "gross margins", "gross profit margin"], ["gross_profit", "revenue"]],
  [["operating margin", "operating margins", "operating profit margin", "EBIT margin"], ["operating_income", "revenue"]],
  [["net margin", "net margins", "profit margin", "profit margins", "net profit margin", "margin", "margins"], ["net_income", "revenue"]],
  [["free cash flow", "FCF"], ["operating_cash_flow", "capex"]],
  [["market cap", "market capitalization", "market value", "valuation"], ["price_close", "shares_outstanding"]],
  [["P/E", "P/E ratio", "PE ratio", "price to earnings", "price-to-earnings ratio", "price earnings ratio", "earnings multiple"], ["price_close", "eps_diluted"]],
  [["EBITDA"], ["operating_income", "depreciation_amortization"]],
  [["ROE", "return on equity"], ["net_income", "stockholders_equity"]],
  [["ROA", "return on assets"], ["net_income", "total_assets"]],
  [["debt to equity", "debt-to-equity ratio", "debt/equity", "leverage"], ["long_term_debt", "stockholders_equity"]],
  [["dividend yield"], ["dividends_per_share", "price_close"]],
  [["payout ratio"], ["dividends_per_share", "eps_diluted"]],
  [["current ratio", "working capital"], ["current_assets", "current_liabilities"]],
  [["net debt"], ["long_term_debt", "cash"]],
  [["book value per share"], ["stockholders_equity", "shares_outstanding"]],
];

/** Derived phrases too vague to generate (still in the lexicon, so fixed words never use them). */
const DERIVED_NOT_GENERATED: ReadonlySet<string> = new Set(["margin", "margins", "valuation", "leverage", "market value"]);

/** Catalog aliases never used as generated surfaces: bare abbreviations that are ordinary words or
 * legal-form suffixes ("ar", "ap", "ltd"). */
const ALIASES_NOT_GENERATED: ReadonlySet<string> = new Set(["ar", "ap", "ltd"]);

/** Names people use that the catalog does not list; a labeller reads them as the company (rule 1). */
export const EXTRA_COMPANY_NAMES: Readonly<Record<string, readonly string[]>> = {
  GOOGL: ["GOOG"],
  META: ["FB"],
};

/** Lowercase words, "&" read as "and", a possessive "'s" dropped; everything else separates words. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

export interface MetricSurface {
  text: string;
  keys: readonly string[];
  /** "name" (catalog name), "alias", "derived" or "everyday". */
  source: "name" | "alias" | "derived" | "everyday";
  /** Market data (prices, volume, and ratios built on the price). */
  market: boolean;
}

const isMarketKey = (key: string) => metricByKey(key)?.statement === "market";

/** Surfaces the generator may use for metrics. */
export const METRIC_SURFACES: readonly MetricSurface[] = (() => {
  const out: MetricSurface[] = [];
  for (const m of BASE_METRICS) {
    const market = m.statement === "market";
    if (!m.name.includes("(")) out.push({ text: m.name, keys: [m.key], source: "name", market });
    for (const alias of m.aliases) {
      if (alias.includes("(") || ALIASES_NOT_GENERATED.has(alias)) continue;
      out.push({ text: alias, keys: [m.key], source: "alias", market });
    }
  }
  for (const [phrases, keys] of DERIVED_METRICS) {
    for (const text of phrases) {
      if (DERIVED_NOT_GENERATED.has(text)) continue;
      out.push({ text, keys, source: "derived", market: keys.some(isMarketKey) });
    }
  }
  for (const [text, keys] of EVERYDAY_METRICS) {
    if (["stock", "trading at", "trades at", "losses", "cash flows"].includes(text)) continue;
    out.push({ text, keys, source: "everyday", market: false });
  }
  return out;
})();

export type Meaning = { kind: "metric"; keys: readonly string[] } | { kind: "company"; ticker: string };

/** Every phrase the labelling rules give a meaning, by its words joined with spaces. */
export const LEXICON: ReadonlyMap<string, Meaning> = (() => {
  const map = new Map<string, Meaning>();
  const put = (text: string, meaning: Meaning) => {
    const key = words(text).join(" ");
    if (key !== "" && !map.has(key)) map.set(key, meaning);
  };
  for (const m of BASE_METRICS) {
    for (const label of [m.name, m.name.replace(/\s*\(.*\)$/, ""), m.key.replaceAll("_", " "), ...m.aliases]) {
      put(label, { kind: "metric", keys: [m.key] });
    }
  }
  for (const [phrases, keys] of DERIVED_METRICS) for (const p of phrases) put(p, { kind: "metric", keys });
  for (const [text, keys] of EVERYDAY_METRICS) put(text, { kind: "metric", keys });
  for (const c of COMPANIES) {
    const tickers = WORDLIKE_TICKERS.has(c.ticker) ? [] : [c.ticker];
    for (const label of [c.name, ...tickers, ...c.aliases.map((a) => a.alias), ...(EXTRA_COMPANY_NAMES[c.ticker] ?? [])]) {
      put(label, { kind: "company", ticker: c.ticker });
    }
  }
  return map;
})();

const MAX_PHRASE_WORDS = Math.max(...[...LEXICON.keys()].map((k) => k.split(" ").length));

export interface PhraseHit {
  first: number;
  last: number;
  phrase: string;
  meaning: Meaning;
}

/** Lexicon phrases in a word list, longest first, left to right, without overlap. */
export function findPhrases(ws: readonly string[]): PhraseHit[] {
  const hits: PhraseHit[] = [];
  for (let i = 0; i < ws.length; i++) {
    for (let len = Math.min(MAX_PHRASE_WORDS, ws.length - i); len >= 1; len--) {
      const phrase = ws.slice(i, i + len).join(" ");
      const meaning = LEXICON.get(phrase);
      if (meaning) {
        hits.push({ first: i, last: i + len - 1, phrase, meaning });
        i += len - 1;
        break;
      }
    }
  }
  return hits;
}

/** Every lexicon phrase occurring anywhere in a word list (overlaps included). */
export function allPhrases(ws: readonly string[]): PhraseHit[] {
  const hits: PhraseHit[] = [];
  for (let i = 0; i < ws.length; i++) {
    for (let len = 1; len <= Math.min(MAX_PHRASE_WORDS, ws.length - i); len++) {
      const phrase = ws.slice(i, i + len).join(" ");
      const meaning = LEXICON.get(phrase);
      if (meaning) hits.push({ first: i, last: i + len - 1, phrase, meaning });
    }
  }
  return hits;
}

/** The catalog `related` keys of some metrics, each once, in order. */
export function relatedOf(keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    for (const r of metricByKey(key)?.related ?? []) if (!out.includes(r)) out.push(r);
  }
  return out;
}

/** The default metrics of the labelling rules (rule 4). */
export const OVERVIEW_METRICS: readonly string[] = ["revenue", "net_income"];
export const INVEST_METRICS: readonly string[] = ["revenue", "net_income", "eps_diluted", "price_close"];
