// Everyday words the parser treats specially: grammar, calendar names, acronyms, near misses of company
// names, written numbers. All entries are normalized words (see normalizeWord).
import { MEASURE_ACRONYMS } from "./finance-words";

/** Words that carry no request of their own: grammar, question words, politeness and generic nouns
 * ("company", "figure"). They are never reported as unrecognized. */
export const IGNORABLE_WORDS: ReadonlySet<string> = new Set(
  `a an the of for in on at to from by with about as into onto over under up down out off per via within among amongst
  without across during through throughout and or nor but so if then than also too very just only even still
  yet again ever really actually please pls plz thanks thank thx hi hello hey ok okay
  what whats which who whom whose when where how is are was were be been being am do does did doing done
  has have had having will would shall should can could may might must
  i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
  this that these those there here
  show tell give get got find list display see know let lets need want like look looks looking provide fetch
  pull bring plot chart graph table compute calculate
  report reported reports reporting number numbers figure figures value values amount amounts data info
  information details total company companies firm firms business businesses corporation corp inc stocks
  ticker tickers much many some any all each every both either neither other another same such own
  not no yes don't doesn't didn't isn't wasn't aren't weren't haven't hasn't won't can't cannot i'm i'd i've
  one ones period periods level levels time now currently current latest recent recently
  year years quarter quarters month months week weeks day days
  going performing perform performed performance overview summary summarize snapshot financials results
  ratio metric metrics kpi kpis spend spent money basis`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Month and weekday names: alone ("in March") they are no company, whatever their capital. */
export const CALENDAR_WORDS: ReadonlySet<string> = new Set(
  `jan january feb february mar march apr april may jun june jul july aug august sep sept september oct
  october nov november dec december monday tuesday wednesday thursday friday saturday sunday`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Words that look like tickers but are everyday acronyms, however written: never a company by the
 * word alone (isAgentWord in companies.ts: "NIM", "DCF", "ARR" are tickers on the SEC list too; a
 * cashtag, or "stock" / "shares" around it, still makes one a company), never a typo of one, never a
 * company suggestion. Titles, standards, markets and macro here; the acronyms of measures
 * (lexicon/finance-words.ts) with them. */
export const ACRONYMS: ReadonlySet<string> = new Set([
  ...`ceo cfo cto coo cio cmo cco cro chro ai it us usa uk eu usd eur gbp etf etfs ipo sec gaap ifrs fasb xbrl
  ttm ltm ntm ytd qtd mtd yoy qoq nyse nasdaq sp dow faq pdf csv api ok
  reit mlp bdc adr otc kpi okr rsu espp lifo fifo dta dtl oci aoci esg lbo spac cpi ppi gdp fx sku`
    .split(/\s+/)
    .filter((w) => w !== ""),
  ...MEASURE_ACRONYMS,
]);

/** Everyday English words within typo distance of a company name ("apply" ~ "Apple", "mobile" ~ "Mobil"):
 * written in lowercase they are taken as the words they are, never as a misspelt company. */
export const NEAR_MISS_WORDS: ReadonlySet<string> = new Set(
  `apply ample apples applet inter until metal metals mental beta data phase chose chaser vista vise
  mobile boring bowing goggle goggles googly nice mike like bike hike oracles miracle teslas tessa amazing
  tester costs coast pepper peps venom alphabets visas visit`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Written-out numbers for "last eight quarters"; "a couple of" and "a few" are read as 2 and 3. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ["one", 1],
  ["two", 2],
  ["three", 3],
  ["four", 4],
  ["five", 5],
  ["six", 6],
  ["seven", 7],
  ["eight", 8],
  ["nine", 9],
  ["ten", 10],
  ["eleven", 11],
  ["twelve", 12],
  ["thirteen", 13],
  ["fourteen", 14],
  ["fifteen", 15],
  ["sixteen", 16],
  ["seventeen", 17],
  ["eighteen", 18],
  ["nineteen", 19],
  ["twenty", 20],
  ["thirty", 30],
  ["forty", 40],
  ["fifty", 50],
  ["sixty", 60],
  ["seventy", 70],
  ["eighty", 80],
  ["ninety", 90],
  ["hundred", 100],
  ["dozen", 12],
  ["couple", 2],
  ["few", 3],
]);

/** The value of a written number: digits, "eight", "twenty-four", "a couple of", "a dozen"; null if none. */
export function parseNumber(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number.parseInt(t, 10);
  let total = 0;
  let any = false;
  for (const w of t.split(/[\s-]+/)) {
    if (w === "a" || w === "an" || w === "of" || w === "") continue;
    const n = NUMBER_WORDS.get(w);
    if (n === undefined) return null;
    total += n;
    any = true;
  }
  return any ? total : null;
}

/** A regular-expression source matching one written number (see parseNumber). */
export const NUMBER_PATTERN = (() => {
  const units = "one|two|three|four|five|six|seven|eight|nine";
  const teens = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen";
  const tens = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
  return `(?:\\d{1,4}|(?:${tens})(?:[\\s-](?:${units}))?|${teens}|${units}|(?:a\\s+)?hundred|(?:a\\s+)?dozen|(?:a\\s+)?couple(?:\\s+of)?|(?:a\\s+)?few)`;
})();
