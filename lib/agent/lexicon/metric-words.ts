// Words the parser reads as metrics beyond the catalog's own names and aliases, the words around a
// metric that change nothing, and the metrics a question gets when it names none.

/** Everyday words for catalog metrics that the catalog leaves out because they are vague. */
export const EVERYDAY_METRIC_WORDS: ReadonlyArray<readonly [string, string, number, boolean]> = [
  // [phrase, key, confidence, weak]
  ["income", "net_income", 0.8, false],
  ["cash flow", "operating_cash_flow", 0.8, false],
  ["cash flows", "operating_cash_flow", 0.8, false],
  ["debt", "long_term_debt", 0.8, false],
  ["total debt", "long_term_debt", 0.8, false],
  ["loss", "net_income", 0.8, false],
  ["losses", "net_income", 0.8, false],
  ["stock", "price_close", 0.8, true],
  ["trading at", "price_close", 0.8, false],
  ["trades at", "price_close", 0.8, false],
  // Shorthand investors type ("amzn rev q2", "msft net inc fy25"); kept out of the catalog, whose
  // aliases are names. "inc" alone is a legal form, so only the two-word forms.
  ["rev", "revenue", 0.9, false],
  ["net inc", "net_income", 0.9, false],
  ["op inc", "operating_income", 0.9, false],
  ["oper inc", "operating_income", 0.9, false],
  ["oper income", "operating_income", 0.9, false],
  ["gp", "gross_profit", 0.9, false],
  // Vague words for ratios: "margins" alone is read as the net margin, "leverage" as debt to equity.
  ["margin", "net_margin_ratio", 0.8, false],
  ["valuation", "market_cap_at_close", 0.8, false],
  ["leverage", "total_debt_to_equity", 0.8, false],
];

/** Catalog aliases that are everyday words; see isAdjectiveUse. */
export const AMBIGUOUS_ALIASES: ReadonlySet<string> = new Set([
  "open",
  "close",
  "high",
  "low",
  "quote",
  "float",
  "vol",
  "ar",
  "ap",
  "ltd",
]);

/** Words after which an ambiguous alias is an adjective ("debt is too high"), not a metric. */
export const ADJECTIVE_CUES: ReadonlySet<string> = new Set([
  "too",
  "very",
  "so",
  "as",
  "how",
  "more",
  "less",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "remain",
  "remains",
  "stay",
  "stays",
  "not",
  "quite",
  "pretty",
  "really",
  "extremely",
  "fairly",
  "relatively",
  "still",
]);

/** Nouns that may follow a metric without changing it ("R&D spending", "SG&A expenses"). */
export const METRIC_TAILS: ReadonlySet<string> = new Set([
  "expense",
  "expenses",
  "spending",
  "spend",
  "costs",
  "balance",
  "figure",
  "figures",
]);

/** The default metrics of an investment question, and of "how is X doing". */
export const INVEST_DEFAULTS: readonly string[] = ["revenue", "net_income", "eps_diluted", "price_close"];
export const OVERVIEW_DEFAULTS: readonly string[] = ["revenue", "net_income"];

/** Words too common in metric names to say which metric is meant ("net", "total"). */
export const GENERIC_METRIC_WORDS: ReadonlySet<string> = new Set([
  "net",
  "total",
  "other",
  "last",
  "long",
  "term",
  "current",
  "non",
  "per",
]);

/** The most asked-for metrics, suggested when a question names none and nothing it says is close to one. */
export const POPULAR_METRICS: readonly string[] = ["revenue", "net_income", "eps_diluted", "price_close"];

/** "shares of Apple traded", "shares of X changed hands": the trading volume. */
export const SHARE_WORDS: ReadonlySet<string> = new Set(["shares", "share"]);
export const TRADE_WORDS: ReadonlySet<string> = new Set(["traded", "trade", "trades", "exchanged", "changed"]);

/** Words that may stand between "shares" and "traded" besides the companies: "shares of X were traded". */
export const SHARES_TRADED_GLUE: ReadonlySet<string> = new Set([
  "of",
  "in",
  "did",
  "does",
  "do",
  "were",
  "was",
  "have",
  "has",
  "had",
  "been",
  "get",
  "got",
  "and",
  "or",
]);
