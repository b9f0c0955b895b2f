// Words about company names: words the agent reads as something other than a company, words common
// in company names or everyday as names, names people use that the catalogs do not give, legal forms,
// word-like tickers, and the words around a word-like ticker that make it one.
import { COMPANIES } from "@/lib/catalog/companies";
import { IGNORABLE_WORDS } from "./everyday-words";

/** Intent cues, date and ranking words, comparison words (see intent.ts, dates.ts, groups.ts): with the
 * everyday, metric and group words, never a company by this word alone (isAgentWord in companies.ts). */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  `compare compared comparing comparison versus vs against relative difference differ differs between
  top bottom highest lowest largest biggest smallest greatest least best worst strongest weakest fastest slowest
  most rank ranks ranked ranking rankings leader leaders leading order ordered sort sorted
  than better worse higher lower bigger smaller larger faster slower stronger weaker outperform underperform
  trend trends trending growth grow grew grows grown growing trajectory history historic historical historically
  increase increased decrease decreased decline declined change changed changes rise rose risen rising fall fell
  fallen falling drop dropped dropping evolve evolved
  why explain explained explanation drove drive drives driving caused cause causes reason reasons driver drivers
  invest invests investing investment investments investor investors buy buying sell selling hold holding short
  worth good bad great smart wise safe solid risky sound undervalued overvalued underpriced overpriced
  overview summary summarize snapshot doing faring fared
  fiscal fy ttm ltm ytd qtd mtd q1 q2 q3 q4 h1 h2 annual annually quarterly monthly weekly daily today yesterday
  since before after until through till ago last past previous prior next trailing this latest recent
  over above under below exceeding exceeds exceed more less greater fewer least
  new old big small high low open close price prices stock share shares
  track tracking summarize summarise analyze analyse assess evaluate review check monitor forecast estimate
  predict describe break breakdown plot rate rated rating outlook guidance consensus average median mean sum`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Words that many company names start with or consist of ("American", "First", "Capital"): a name
 * made only of them ("First Capital") is matched only when written with a capital, and a company is
 * never named by one of them alone. */
export const COMMON_NAME_WORDS: ReadonlySet<string> = new Set(
  `american america national international global united first general new capital financial trust bank bancorp
  group partners resources systems technologies technology industries services solutions health pharmaceuticals
  therapeutics realty properties acquisition acquisitions income fund funds growth value select opportunities
  opportunity strategic real estate investment investors high yield dividend equity credit municipal bond bonds
  premium total return returns core enhanced plus north south east west northern southern eastern western pacific
  atlantic central mid great royal standard universal western world digital energy power city community home
  life mutual security securities advisors management holdings corp inc co trust medical bio one two three
  green blue red black white gold silver star sun first citizens peoples people
  us usa china europe european asia asian canadian canada british japan japanese india indian spdr ishares`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Words that name (or start the names of) well-known listed companies but are, written in lower case,
 * everyday English words ("target", "block", "snap"), given names ("ralph", "henry") or places ("texas",
 * "toronto"): such a name needs its capital (see lowercaseName in companies.ts). Four letters or more:
 * shorter names need their capital anyway. */
export const EVERYDAY_NAME_WORDS: ReadonlySet<string> = new Set(
  `advance advanced analog applied automatic block brown church discover dollar electronic extra fair federal
  genuine host hunt laboratory live news pool shell state take target trip waste align arch atlas booking carrier
  charter crown delta disco fifth icon imperial intuitive iron jack monster orange oriental packaging principal
  quest regions rocket sealed smith super trade union waters archer ares baker cadence cardinal carnival
  caterpillar consolidated constellation cooper corning dominion duke fidelity flutter ford globe intercontinental
  juniper kinder lamb marathon marsh martin monolithic mosaic pinnacle pioneer progressive republic snap snowflake
  southwest tapestry tractor travelers wells whirlpool zebra costar microchip cognizant intuit micron occidental
  prudential quanta regency vale vertex workday lumen mohawk dominos phillips apollo
  arthur avery edison emerson franklin henry kimberly lincoln morgan otis parker philip ralph raymond robert ross
  simon stanley tyler walt williams
  alaska alexandria boston bristol cincinnati devon dover essex hartford illinois mexican minnesota norfolk
  norwegian penn taiwan texas tokyo toronto deutsche`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Names people use that the catalog does not list (older tickers, spacing variants). */
export const EXTRA_COMPANY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GOOGL: ["GOOG"],
  META: ["FB"],
  UNH: ["United Health", "United Healthcare"],
  JPM: ["JP Morgan Chase", "J.P. Morgan Chase"],
};

/** Aliases that are everyday words in lowercase ("chase the price", "converse"): only capitalized. */
export const CAPITALIZED_ONLY: ReadonlySet<string> = new Set(["chase", "converse"]);

/** Curated names that are also everyday nouns, with the words that, right before or right after them,
 * give them their everyday sense: "an H-1B visa", "visa sponsorship" is the permit, where "visa
 * revenue" and "visa vs mastercard" are Visa Inc. A possessive ("Visa's sponsorship") stays the company. */
export const EVERYDAY_SENSES: ReadonlyMap<string, { before: ReadonlySet<string>; after: ReadonlySet<string> }> =
  new Map([
    [
      "visa",
      {
        before: new Set(
          `1b h1b l1 o1 e2 j1 f1 work working student travel tourist immigrant immigration employment entry exit
          transit golden business residence residency`
            .split(/\s+/)
            .filter((w) => w !== ""),
        ),
        after: new Set(
          `sponsorship sponsorships sponsor sponsored application applications applicant applicants holder holders
          waiver waivers requirement requirements restriction restrictions policy policies approval approvals
          denial denials quota quotas lottery cap caps worker workers employee employees staff status stamp
          interview interviews renewal renewals expiry overstay overstays ban bans fee fees`
            .split(/\s+/)
            .filter((w) => w !== ""),
        ),
      },
    ],
  ]);
/** Tickers that are words or abbreviations in everyday text: matched by the ticker alone only when
 * written exactly in capitals ("V", "MA"); "ma" and "v" are tickers only where the words around them say so (see
 * wordlikeCompany). */
export const WORDLIKE_TICKERS: ReadonlySet<string> = new Set([
  "V",
  "MA",
  "KO",
  "HD",
  "PG",
  "BA",
  "ALL",
  "COST",
  "PEP",
  ...COMPANIES.map((c) => c.ticker).filter((t) => IGNORABLE_WORDS.has(t.toLowerCase())),
]);

/** Word-like tickers that are English words: in a question written all in capitals they are words. */
export const ENGLISH_TICKERS: ReadonlySet<string> = new Set(
  [...WORDLIKE_TICKERS].filter((t) => t.length > 2 || IGNORABLE_WORDS.has(t.toLowerCase())),
);

/** Word-like tickers that the context may still make tickers when not written in capitals ("ko vs
 * pep", "pg payout ratio", "is ko a buy"); see wordlikeCompany. "ALL" and "COST" are too common as
 * words ("all of them", "apple cost vs revenue") to be read that way. */
export const CONTEXT_TICKERS: ReadonlySet<string> = new Set(
  [...WORDLIKE_TICKERS].filter((t) => t !== "ALL" && t !== "COST"),
);

/** Legal-form words that may follow a name ("NVIDIA Corp", "Apple Inc."): part of the match. */
export const CORPORATE_SUFFIXES: ReadonlySet<string> = new Set([
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "ltd",
  "limited",
  "plc",
  "llc",
  "holdings",
  "group",
]);

/** Legal forms in the SEC's names beyond CORPORATE_SUFFIXES ("L.P.", "N.V.", "SAB de CV", "Cos"). */
export const SEC_SUFFIXES: ReadonlySet<string> = new Set([
  "lp",
  "llp",
  "sa",
  "nv",
  "ag",
  "se",
  "asa",
  "ab",
  "spa",
  "sab",
  "cv",
  "de",
  "holding",
  "hldgs",
  "hldg",
  "cos",
  "companies",
  "bhd",
  "tbk",
  "pte",
  "kk",
]);

/** The same legal forms written letter by letter ("L.P." → "l p", "S.A.B." → "s a b"). */
export const SEC_SUFFIX_PAIRS: ReadonlySet<string> = new Set([
  "l p",
  "n v",
  "s a",
  "s e",
  "a g",
  "c v",
  "p l c",
  "s a b",
  "s p a",
]);

/** Names people use for listed companies that the SEC's names do not give. */
export const LISTED_ALIASES: Readonly<Record<string, readonly string[]>> = {
  COR: ["AmerisourceBergen"], // Cencora, Inc., AmerisourceBergen (ABC) until 2023
  CPAY: ["Fleetcor", "Fleetcor Technologies"], // Corpay, Inc., FleetCor Technologies (FLT) until 2024
  DIS: ["Disney"], // Walt Disney Co
  LLY: ["Lilly"], // Eli Lilly & Co
  RTX: ["Raytheon"], // RTX Corp, Raytheon Technologies until 2023
  SCHW: ["Charles Schwab"], // SCHWAB CHARLES CORP
};

/** Words after a one-word name that make it read as a name: "Tyson vs Hormel", "Target and Walmart". */
export const NAME_FOLLOWERS: ReadonlySet<string> = new Set(["vs", "v", "versus", "and", "or", "compared"]);

/** Words joining companies in a list or a comparison: "ko vs pep", "xom, cvx and ko". */
export const LIST_WORDS: ReadonlySet<string> = new Set(["vs", "versus", "v", "and", "or", "plus", "against", "than"]);

/** The same, in two words: "ko compared to pep", "ko as well as pep". */
export const LIST_PAIRS: ReadonlySet<string> = new Set(["compared to", "compared with", "relative to", "as well as"]);

/** Words before a company in an investment question: "should I buy ko", "is pep a buy". */
export const INVEST_LEADS: ReadonlySet<string> = new Set([
  "buy",
  "buying",
  "sell",
  "selling",
  "hold",
  "holding",
  "short",
  "shorting",
  "own",
  "owning",
  "dump",
  "keep",
  "purchase",
  "add",
  "is",
  "into",
  "in",
  "about",
]);

/** Words after a company in an investment question: "ko a buy", "pep stock", "pg overvalued". */
export const INVEST_TAILS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "stock",
  "stocks",
  "shares",
  "overvalued",
  "undervalued",
  "overpriced",
  "underpriced",
  "worth",
  "still",
]);

/** Words before a date that still end a clause with it: "payout ratio of pg in 2023?". */
export const DATE_PREPOSITIONS: ReadonlySet<string> = new Set(["in", "for", "during", "on", "at", "of", "over"]);

/** Words after which a metric names what a company has: "payout ratio of pg", "revenue for ko". */
export const OF_WORDS: ReadonlySet<string> = new Set(["of", "for", "at"]);
