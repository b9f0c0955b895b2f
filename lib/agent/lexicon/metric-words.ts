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

/** Forms of "grow" that "faster" qualifies ("growing faster", "faster-growing"). */
const GROWTH_VERBS = ["grow", "grows", "grew", "growing"];

/** Spending on something is its expense line: "spend on marketing", "paid in interest". */
const SPENDING_VERBS = ["spend", "spends", "spent", "spending", "pay", "pays", "paid", "paying"];
const SPENDING_OBJECTS: ReadonlyArray<readonly [string, string]> = [
  ["interest", "interest_expense"],
  ["marketing", "selling_and_marketing"],
  ["advertising", "selling_and_marketing"],
  ["sales and marketing", "selling_and_marketing"],
  ["taxes", "income_tax"],
  ["tax", "income_tax"],
  ["stock comp", "stock_based_compensation"],
  ["stock compensation", "stock_based_compensation"],
];

/** Buying an asset is the cash spent on it: "spend buying property and equipment" is capex, not the
 * balance of PP&E. [asset phrases, the spending metric]. */
const PURCHASE_VERBS = [
  "buy",
  "buys",
  "bought",
  "buying",
  "purchase",
  "purchased",
  "purchasing",
  "purchases of",
  "invest in",
  "invested in",
  "investing in",
  "spend on",
  "spent on",
  "spending on",
];
const PURCHASED_ASSETS: ReadonlyArray<readonly [readonly string[], string]> = [
  [["property and equipment", "property plant and equipment", "pp&e", "ppe", "fixed assets", "equipment"], "capex"],
];

/** Plain-language words for what a metric measures (issue 16): [phrase, keys, hint]. A hint
 * ("cheaper", "balance sheet") is only a hint: when the question names a metric ("cheaper on a P/E
 * basis"), that metric is what is asked for and the hint adds nothing. The first key is the main one. */
export const PLAIN_LANGUAGE_METRICS: ReadonlyArray<readonly [string, readonly string[], boolean]> = [
  ...["profitable", "profitability", "unprofitable"].map(
    (w) => [w, ["net_margin_ratio", "operating_margin_ratio"], true] as const,
  ),
  ...["cheap", "cheaper", "inexpensive", "better value", "good value", "value for money"].map(
    (w) => [w, ["pe_ratio_ttm", "ev_to_ebitda"], true] as const,
  ),
  // A ranking ranks by one measure: "cheapest" by the valuation ratio named, else the trailing P/E (issue 30).
  ...["cheapest", "best value"].map((w) => [w, ["pe_ratio_ttm"], true] as const),
  ...[
    "balance sheet",
    "balance sheets",
    "healthy",
    "healthier",
    "healthiest",
    "financial health",
    "financially healthy",
  ].map((w) => [w, ["total_debt_to_equity", "working_capital_ratio"], true] as const),
  // Growing faster: the comparative belongs to the intent ("faster" than another), the growth is revenue's.
  ...GROWTH_VERBS.flatMap((verb) =>
    ["faster", "quicker", "fastest", "quickest"].flatMap((speed) => [
      [`${verb} ${speed}`, ["revenue_growth_yoy"], true] as const,
      [`${speed} ${verb}`, ["revenue_growth_yoy"], true] as const,
    ]),
  ),
  ...["faster growth", "fastest growth", "quicker growth"].map((w) => [w, ["revenue_growth_yoy"], true] as const),
  // Earning is the bottom line; "earn per share" is read as EPS by the longer catalog phrase.
  ...["earn", "earns", "earned", "earning", "make", "makes", "made", "making"].map(
    (w) => [w, ["net_income"], true] as const,
  ),
  // Earning per share is EPS, and making or losing money the bottom line.
  ...["earn", "earns", "earned", "make", "makes", "made"].map(
    (w) => [`${w} per share`, ["eps_diluted"], false] as const,
  ),
  ...["make", "makes", "made", "making", "lose", "loses", "lost", "losing"].map(
    (w) => [`${w} money`, ["net_income"], false] as const,
  ),
  // Bringing in is the top line: "how much does Netflix bring in", "pulling in revenue".
  ...[
    "bring",
    "brings",
    "brought",
    "bringing",
    "pull",
    "pulls",
    "pulled",
    "pulling",
    "take",
    "takes",
    "took",
    "rake",
    "rakes",
    "raked",
  ].map((w) => [`${w} in`, ["revenue"], false] as const),
  ...SPENDING_VERBS.flatMap((verb) =>
    SPENDING_OBJECTS.flatMap(([object, key]) =>
      ["on", "in", "for"].map((glue) => [`${verb} ${glue} ${object}`, [key], false] as const),
    ),
  ),
  ...PURCHASED_ASSETS.flatMap(([assets, key]) =>
    PURCHASE_VERBS.flatMap((verb) => assets.map((asset) => [`${verb} ${asset}`, [key], false] as const)),
  ),
];

// A metric said with words around its name (passes/read-metric-relations.ts).

/** "cash did X's operations produce", "cash from operating activities": [the activity's words, its cash flow]. */
export const CASH_ACTIVITIES: ReadonlyArray<readonly [readonly string[], string]> = [
  [["operating", "activities"], "operating_cash_flow"],
  [["operations"], "operating_cash_flow"],
  [["operating"], "operating_cash_flow"],
  [["investing", "activities"], "investing_cash_flow"],
  [["investing"], "investing_cash_flow"],
  [["financing", "activities"], "financing_cash_flow"],
  [["financing"], "financing_cash_flow"],
];

/** Verbs of a cash flow that the metric words may have read as a metric ("operations bring in"). */
export const FLOW_VERBS: ReadonlySet<string> = new Set([
  ...["bring", "brings", "brought", "bringing", "in", "make", "makes", "made"],
  ...["generate", "generates", "generated", "produce", "produces", "produced", "provide", "provides", "provided"],
  ...["use", "uses", "used"],
]);

/** Between two amounts, "A … B" asked as the ratio A / B. Longest first. */
export const RATIO_CONNECTORS: ReadonlyArray<readonly string[]> = [
  ...["share", "percentage", "percent", "%", "proportion", "fraction", "portion", "multiple", "ratio"].flatMap(
    (noun) => [
      ["as", "a", noun, "of"],
      ["as", "an", noun, "of"],
      ["as", noun, "of"],
    ],
  ),
  ["for", "every", "dollar", "of"],
  ["per", "dollar", "of"],
  ["in", "relation", "to"],
  ["relative", "to"],
  ["divided", "by"],
  ["per"],
];

/** "what share of its revenue … capex": the part asked of the amount named after "of". */
export const SHARE_NOUNS: readonly string[] = [
  "share",
  "percentage",
  "percent",
  "%",
  "proportion",
  "fraction",
  "portion",
];

/** Words that ask for the size of a change ("how much did revenue grow"): a bare "did revenue grow" is a trend. */
export const CHANGE_SIZE_CUES: ReadonlyArray<readonly string[]> = [
  ["how", "much"],
  ["how", "fast"],
  ["how", "quickly"],
  ["by", "what"],
  ["what", "percentage"],
  ["what", "percent"],
  ["what", "rate"],
  ["how", "many", "percent"],
];

/** A verb right after an amount that asks its change: "revenue grew", "R&D increased". */
export const CHANGE_VERBS: ReadonlySet<string> = new Set([
  ...["grow", "grew", "grown", "growing", "grows"],
  ...["increase", "increased", "increases", "rise", "rose", "risen"],
  ...[
    "decline",
    "declined",
    "declines",
    "decrease",
    "decreased",
    "decreases",
    "fall",
    "fell",
    "fallen",
    "drop",
    "dropped",
  ],
  ...["change", "changed", "changes"],
]);

/** A noun before "in"/"of" and an amount that asks its change: "the % change in R&D", "growth of net income". Longest first. */
export const CHANGE_NOUNS: ReadonlyArray<readonly string[]> = [
  ...["percentage", "percent", "%", "pct"].flatMap((p) =>
    ["change", "increase", "decrease", "growth", "decline", "rise", "drop"].map((n) => [p, n]),
  ),
  ...["change", "growth", "increase", "decrease", "decline", "rise", "drop"].map((n) => [n]),
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
