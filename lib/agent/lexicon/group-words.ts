// Words that name groups of companies instead of companies one by one: GICS sectors and industries as
// people say them, peer words, nouns for companies in general; the ranking and threshold words such
// questions come with.
import { industryByName, type GicsSector } from "@/lib/catalog/sectors";
import type { Screen } from "../schema";

export type PeerForm =
  /** "peers", "competitors": of the company just before it ("Tyson Foods' competitors"), of the one
   * after "of" ("peers of Apple"), or else of the nearest company ("Apple vs peers"). */
  | "peers"
  /** "its peers", "their rivals": of the nearest company before, which stays named on its own. */
  | "its"
  /** "companies like Apple", "stocks similar to Apple": of the company that follows. */
  | "like"
  /** "its sector", "its industry": the named company's sector or industry. */
  | "its-sector"
  | "its-industry";

/** A group a question names: a sector, an industry, or all companies. */
export type GroupTarget =
  | { kind: "sector"; sector: GicsSector }
  | { kind: "industry"; industry: string }
  | { kind: "all" };

/** Nouns for companies that may follow a sector or industry word: part of the group's span. */
export const GROUP_HEADS: ReadonlySet<string> = new Set([
  "companies",
  "company",
  "stocks",
  "stock",
  "firms",
  "firm",
  "names",
  "sector",
  "sectors",
  "industry",
  "industries",
  "space",
  "group",
  "players",
  "businesses",
  "business",
  "corporations",
  "equities",
  "shares",
  "giants",
  "majors",
  "makers",
  "producers",
  "providers",
  "operators",
  "manufacturers",
  "peers",
  "tickers",
  "issuers",
  "groups",
  "average",
  "averages",
  "median",
]);

/** Words before a sector or industry word that make it a group of companies ("which bank"). */
export const GROUP_SELECTORS: ReadonlySet<string> = new Set([
  "which",
  "top",
  "bottom",
  "largest",
  "biggest",
  "smallest",
  "leading",
  "strongest",
  "weakest",
  "every",
  "each",
  "all",
]);

/** Nouns that stand for "companies" in general ("top 5 companies", "which stock"). */
export const GENERIC_COMPANY_NOUNS: ReadonlySet<string> = new Set([
  "companies",
  "company",
  "stocks",
  "stock",
  "firms",
  "firm",
  "businesses",
  "business",
  "corporations",
  "names",
  "tickers",
  "equities",
  "issuers",
]);

export const sectorTarget = (sector: GicsSector): GroupTarget => ({ kind: "sector", sector });
export const industryTarget = (industry: string): GroupTarget => {
  if (!industryByName(industry)) throw new Error(`unknown industry ${industry} in lib/agent/lexicon/group-words.ts`);
  return { kind: "industry", industry };
};
// Short forms for the table below.
const s = sectorTarget;
const ind = industryTarget;

/** [phrases, target, needsHead]: the ways people name a sector or industry. */
export const GROUP_PHRASES: ReadonlyArray<readonly [readonly string[], GroupTarget, boolean]> = [
  // Sectors
  [["tech", "technology", "info tech", "infotech"], s("Information Technology"), true],
  [["communications", "communication", "comms"], s("Communication Services"), true],
  [["comm services", "communication services"], s("Communication Services"), false],
  [["discretionary", "consumer cyclical"], s("Consumer Discretionary"), true],
  [["consumer cyclicals"], s("Consumer Discretionary"), false],
  [["staples", "consumer defensive"], s("Consumer Staples"), true],
  [["energy"], s("Energy"), true],
  [["financials", "financial", "finance"], s("Financials"), true],
  [["health care", "healthcare", "health", "medical"], s("Health Care"), true],
  [["industrials"], s("Industrials"), false],
  [["industrial"], s("Industrials"), true],
  [["materials", "basic materials"], s("Materials"), true],
  [["real estate", "reit", "property"], s("Real Estate"), true],
  [["reits"], s("Real Estate"), false],
  [["utilities"], s("Utilities"), false],
  [["utility"], s("Utilities"), true],
  // Industries and industry groups
  [["semiconductor", "chip", "chips", "chipmaker"], ind("Semiconductors"), true],
  [["semiconductors", "semis", "chipmakers", "chip makers", "chip designers"], ind("Semiconductors"), false],
  [["software", "saas", "enterprise software"], ind("Software"), true],
  [
    ["hardware", "tech hardware", "technology hardware", "computer hardware"],
    ind("Technology Hardware, Storage & Peripherals"),
    true,
  ],
  [["internet", "social media", "interactive media", "online advertising"], ind("Interactive Media & Services"), true],
  [["social networks", "search engines"], ind("Interactive Media & Services"), false],
  [["entertainment", "streaming"], ind("Entertainment"), true],
  [["media"], ind("Media & Entertainment"), true],
  [
    ["telecom", "telco", "telecommunications", "telecommunication", "wireless"],
    ind("Telecommunication Services"),
    true,
  ],
  [["telecoms", "telcos", "wireless carriers", "carriers"], ind("Telecommunication Services"), false],
  [["e commerce", "ecommerce", "online retail"], ind("Broadline Retail"), true],
  [["online retailers", "e tailers"], ind("Broadline Retail"), false],
  [["specialty retail", "home improvement"], ind("Specialty Retail"), true],
  [["specialty retailers", "home improvement retailers"], ind("Specialty Retail"), false],
  [["auto", "automotive", "automobile", "car", "ev", "electric vehicle", "electric car"], ind("Automobiles"), true],
  [
    ["automakers", "automaker", "auto makers", "carmakers", "car makers", "automobile manufacturers", "ev makers"],
    ind("Automobiles"),
    false,
  ],
  [
    ["restaurant", "fast food", "hotel", "leisure", "travel", "casino", "cruise"],
    ind("Hotels, Restaurants & Leisure"),
    true,
  ],
  [
    ["restaurants", "restaurant chains", "hotels", "casinos", "cruise lines"],
    ind("Hotels, Restaurants & Leisure"),
    false,
  ],
  [
    ["apparel", "clothing", "fashion", "luxury", "sportswear", "footwear", "luxury goods"],
    ind("Textiles, Apparel & Luxury Goods"),
    true,
  ],
  [["apparel makers", "luxury brands"], ind("Textiles, Apparel & Luxury Goods"), false],
  [["bank", "banking", "big bank"], ind("Banks"), true],
  [["banks", "big banks", "lenders", "megabanks"], ind("Banks"), false],
  [["payments", "payment", "fintech", "card network"], ind("Transaction & Payment Processing Services"), true],
  [["payment processors", "card networks", "fintechs"], ind("Transaction & Payment Processing Services"), false],
  [["consumer finance", "credit card"], ind("Consumer Finance"), true],
  [["card issuers", "credit card issuers", "consumer lenders"], ind("Consumer Finance"), false],
  [["pharma", "pharmaceutical", "drug"], ind("Pharmaceuticals"), true],
  [["pharmaceuticals", "big pharma", "drugmakers", "drug makers", "drugmaker"], ind("Pharmaceuticals"), false],
  [["managed care", "health insurance", "hospital"], ind("Health Care Providers & Services"), true],
  [["health insurers", "hospitals", "hospital operators"], ind("Health Care Providers & Services"), false],
  [["biotech", "biotechnology"], ind("Biotechnology"), true],
  [["biotechs"], ind("Biotechnology"), false],
  [["beverage", "beverages", "drinks", "soft drink", "soft drinks", "soda"], ind("Beverages"), true],
  [["beverage makers", "drink makers", "brewers"], ind("Beverages"), false],
  [["household products", "consumer products", "household goods", "personal care"], ind("Household Products"), true],
  [["grocery", "supermarket", "discount store", "big box"], ind("Consumer Staples Distribution & Retail"), true],
  [
    ["grocers", "supermarkets", "warehouse clubs", "discount retailers", "big box retailers"],
    ind("Consumer Staples Distribution & Retail"),
    false,
  ],
  [
    ["aerospace", "defense", "defence", "aerospace and defense", "aerospace and defence", "aircraft"],
    ind("Aerospace & Defense"),
    true,
  ],
  [
    ["defense contractors", "defence contractors", "planemakers", "aircraft makers", "weapons makers"],
    ind("Aerospace & Defense"),
    false,
  ],
  [["conglomerate"], ind("Industrial Conglomerates"), true],
  [["conglomerates"], ind("Industrial Conglomerates"), false],
  [["railroad", "rail", "railway", "trucking", "freight"], ind("Ground Transportation"), true],
  [["railroads", "railways", "railroad operators"], ind("Ground Transportation"), false],
  [["oil", "oil and gas", "gas", "petroleum", "coal", "fossil fuel"], ind("Oil, Gas & Consumable Fuels"), true],
  [["big oil", "oil majors", "oil producers", "oil companies"], ind("Oil, Gas & Consumable Fuels"), false],
  [["insurance"], ind("Insurance"), true],
  [["insurers"], ind("Insurance"), false],
  [["transportation", "transport", "logistics"], ind("Transportation"), true],
  [["capital goods"], ind("Capital Goods"), true],
  [["food", "tobacco", "food and beverage", "packaged food"], ind("Food, Beverage & Tobacco"), true],
  [["medical device", "medical devices", "medtech"], ind("Health Care Equipment & Services"), true],
  [["life sciences"], ind("Pharmaceuticals, Biotechnology & Life Sciences"), true],
  [["financial services"], ind("Financial Services"), true],
  // All companies, said outright.
  [
    [
      "all companies",
      "all the companies",
      "all stocks",
      "every company",
      "each company",
      "all public companies",
      "all listed companies",
      "the whole market",
      "the entire market",
    ],
    { kind: "all" },
    false,
  ],
];

/** One-word official names that stand alone as a group; the others ("Energy", "Financials",
 * "Software", "Insurance") need a noun for companies after them. */
export const STANDALONE_NAMES: ReadonlySet<string> = new Set([
  "industrials",
  "utilities",
  "semiconductors",
  "banks",
  "automobiles",
  "pharmaceuticals",
]);

export const PEER_PHRASES: ReadonlyArray<readonly [string, PeerForm]> = [
  ...[
    "peers",
    "peer",
    "peer group",
    "peer companies",
    "peer group companies",
    "competitors",
    "competitor",
    "competition",
    "rivals",
    "rival",
    "rival companies",
    "comparables",
    "comparable companies",
    "comps",
    "similar companies",
    "industry peers",
    "sector peers",
    "closest peers",
    "closest competitors",
    "main competitors",
    "main rivals",
    "biggest competitors",
    "direct competitors",
    "peer set",
    "competitive set",
  ].map((p) => [p, "peers"] as const),
  ...["its", "their", "his", "her"].flatMap((d) =>
    [
      "peers",
      "peer group",
      "competitors",
      "rivals",
      "competition",
      "industry peers",
      "sector peers",
      "closest peers",
      "closest competitors",
      "main competitors",
      "main rivals",
      "biggest competitors",
      "direct competitors",
      "comparables",
      "peer companies",
    ].map((p) => [`${d} ${p}`, "its"] as const),
  ),
  ["the competition", "its"],
  ...[
    "companies like",
    "stocks like",
    "firms like",
    "companies similar to",
    "stocks similar to",
    "firms similar to",
    "peers like",
    "competitors like",
    "companies comparable to",
    "businesses like",
    "names like",
  ].map((p) => [p, "like"] as const),
  ["its sector", "its-sector"],
  ["their sector", "its-sector"],
  ["its industry", "its-industry"],
  ["their industry", "its-industry"],
  ["the same sector", "its-sector"],
  ["the same industry", "its-industry"],
];

/** Peer words alone: the company matcher leaves them to the group matcher. */
export const PEER_WORDS: ReadonlySet<string> = new Set([
  "peers",
  "peer",
  "competitors",
  "competitor",
  "competition",
  "rivals",
  "rival",
  "comps",
  "comparables",
]);

/** Words that join peer words to the company they are peers of: "peers of Apple", "rivals to Visa". */
export const PEERS_OF: ReadonlySet<string> = new Set(["of", "to", "for"]);

/** Ranking words, as regular-expression alternatives: highest first, then lowest first. */
export const DESC_WORDS = "highest|largest|biggest|greatest|best|strongest|fastest|most|top|leading|leaders?";

// "cheapest" ranks the cheapest first: the lowest valuation ratio (issue 30).
export const ASC_WORDS = "lowest|smallest|least|worst|weakest|slowest|bottom|cheapest";

/** Comparison words before a threshold, longest first. */
export const COMPARATORS: ReadonlyArray<readonly [string, Screen["op"]]> = [
  ["greater than or equal to", ">="],
  ["more than or equal to", ">="],
  ["less than or equal to", "<="],
  ["in excess of", ">"],
  ["no less than", ">="],
  ["not less than", ">="],
  ["no more than", "<="],
  ["not more than", "<="],
  ["more than", ">"],
  ["greater than", ">"],
  ["higher than", ">"],
  ["larger than", ">"],
  ["bigger than", ">"],
  ["at least", ">="],
  ["at most", "<="],
  ["less than", "<"],
  ["lower than", "<"],
  ["smaller than", "<"],
  ["fewer than", "<"],
  ["upwards of", ">"],
  ["north of", ">"],
  ["south of", "<"],
  ["over", ">"],
  ["above", ">"],
  ["exceeding", ">"],
  ["exceeds", ">"],
  ["exceed", ">"],
  ["exceeded", ">"],
  ["topping", ">"],
  ["surpassing", ">"],
  ["beyond", ">"],
  ["under", "<"],
  ["below", "<"],
  ["beneath", "<"],
  ["within", "<="],
];

/** Words between a metric and its comparison: "revenue of over", "revenue that is above". */
export const SCREEN_LINKS: ReadonlySet<string> = new Set([
  "of",
  "is",
  "was",
  "are",
  "were",
  "be",
  "been",
  "that",
  "which",
  "at",
  "with",
  "has",
  "have",
  "had",
  "being",
  "somewhere",
]);

/** Words between a threshold and the metric after it: "more than $100 billion in revenue". */
export const SCREEN_TAILS: ReadonlySet<string> = new Set(["in", "of"]);

/** "Which stock", "top 5 stocks", "the 3 best stocks": a noun for companies in general. */
export const COMPANY_SELECTORS: ReadonlySet<string> = new Set([
  "which",
  "what",
  "top",
  "bottom",
  "best",
  "worst",
  "highest",
  "lowest",
  "largest",
  "biggest",
  "smallest",
  "leading",
  "most",
  "least",
  "all",
  "every",
  "each",
  "any",
  "strongest",
  "weakest",
]);

/** Words after a noun for companies that make it a selection: "stocks with EPS over 5". */
export const SELECTION_QUALIFIERS: ReadonlySet<string> = new Set(["with", "that", "whose", "where", "having"]);
