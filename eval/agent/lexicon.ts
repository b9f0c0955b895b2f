// The labelling vocabulary: which words name which catalog metric or company (LABELLING.md, rules 1-3).
// Built from the catalog (names and aliases of all its metrics, ratios included) plus the everyday words
// the labelling rules define. The generator
// draws surfaces from it and checks that the words of a filled template name nothing unintended.
import { COMPANIES } from "@/lib/catalog/companies";
import { METRICS, metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";

/** The metrics gold labels may name: every catalog metric, filed, market, derived (a ratio is its
 * derived key, "gross margin" → gross_margin_ratio) or unavailable (LABELLING.md, rules 2-3). */
const LABEL_METRICS: readonly MetricDefinition[] = METRICS;

/** Tickers that are ordinary words or abbreviations ("cost", "pg", "v"): a labeller reads them as a
 * company only written in capitals, so the lexicon (which ignores case) leaves them out. */
export const WORDLIKE_TICKERS: ReadonlySet<string> = new Set(["V", "MA", "KO", "HD", "PG", "BA", "COST", "PEP"]);

/** Everyday words with a fixed meaning under the labelling rules (rule 2), beyond the catalog's aliases. */
const EVERYDAY_METRICS: ReadonlyArray<readonly [string, string]> = [
  ["income", "net_income"],
  ["loss", "net_income"],
  ["losses", "net_income"],
  ["debt", "long_term_debt"],
  ["total debt", "long_term_debt"],
  ["cash flow", "operating_cash_flow"],
  ["cash flows", "operating_cash_flow"],
  ["stock", "price_close"],
  ["trading at", "price_close"],
  ["trades at", "price_close"],
  ["margin", "net_margin_ratio"],
  ["margins", "net_margin_ratio"],
  ["valuation", "market_cap_at_close"],
  ["leverage", "total_debt_to_equity"],
];

/** Everyday words too vague or too grammatical to generate (still in the lexicon, so fixed words never use them). */
const EVERYDAY_NOT_GENERATED: ReadonlySet<string> = new Set([
  "stock",
  "trading at",
  "trades at",
  "losses",
  "cash flows",
  "margin",
  "margins",
  "valuation",
  "leverage",
]);

/** Catalog aliases never used as generated surfaces: bare abbreviations that are ordinary words or
 * legal-form suffixes ("ar", "ap", "ltd"). */
const ALIASES_NOT_GENERATED: ReadonlySet<string> = new Set(["ar", "ap", "ltd"]);

/** Names people use that the catalog does not list; a labeller reads them as the company (rule 1). */
const EXTRA_COMPANY_NAMES: Readonly<Record<string, readonly string[]>> = {
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
  key: string;
  /** "name" (catalog name), "alias" or "everyday". */
  source: "name" | "alias" | "everyday";
  /** Market data (prices, volume, and ratios built on the price). */
  market: boolean;
}

const isMarketKey = (key: string) => metricByKey(key)?.statement === "market";

/** Surfaces the generator may use for metrics. */
export const METRIC_SURFACES: readonly MetricSurface[] = (() => {
  const out: MetricSurface[] = [];
  for (const m of LABEL_METRICS) {
    const market = m.statement === "market";
    if (!m.name.includes("(")) out.push({ text: m.name, key: m.key, source: "name", market });
    for (const alias of m.aliases) {
      if (alias.includes("(") || ALIASES_NOT_GENERATED.has(alias)) continue;
      out.push({ text: alias, key: m.key, source: "alias", market });
    }
  }
  for (const [text, key] of EVERYDAY_METRICS) {
    if (!EVERYDAY_NOT_GENERATED.has(text)) out.push({ text, key, source: "everyday", market: isMarketKey(key) });
  }
  return out;
})();

export type Meaning = { kind: "metric"; key: string } | { kind: "company"; ticker: string };

/** Every phrase the labelling rules give a meaning, by its words joined with spaces. */
export const LEXICON: ReadonlyMap<string, Meaning> = (() => {
  const map = new Map<string, Meaning>();
  const put = (text: string, meaning: Meaning) => {
    const key = words(text).join(" ");
    if (key !== "" && !map.has(key)) map.set(key, meaning);
  };
  for (const m of LABEL_METRICS) {
    for (const label of [m.name, m.name.replace(/\s*\(.*\)$/, ""), m.key.replaceAll("_", " "), ...m.aliases]) {
      put(label, { kind: "metric", key: m.key });
    }
  }
  for (const [text, key] of EVERYDAY_METRICS) put(text, { kind: "metric", key });
  for (const c of COMPANIES) {
    const tickers = WORDLIKE_TICKERS.has(c.ticker) ? [] : [c.ticker];
    for (const label of [
      c.name,
      ...tickers,
      ...c.aliases.map((a) => a.alias),
      ...(EXTRA_COMPANY_NAMES[c.ticker] ?? []),
    ]) {
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
