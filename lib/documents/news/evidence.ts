// Which found news is evidence for an answer: never a promotional headline ("3 top stocks to buy now",
// "Is Apple stock a buy?", "10 stocks to watch for May 14"), which pitches rather than reports, and under a
// question about named companies only an article about one of them: named in its title or lead. A
// dataset's ticker column is no such word (FNSPID tags every Nasdaq article that mentions Apple anywhere
// "AAPL", Benzinga's copy tags "Stocks That Hit 52-Week Highs On Friday" "A"), nor is a name deep in a
// 20,000-character body, so the stored tags select the candidates and this decides.
import { tagCompanies } from "@/lib/documents/news/tag-companies";
import type { NewsHit } from "@/lib/documents/news/types";

/** "one" … "ten" or 1–99: the count of a list article ("3 Magnificent 7 stocks", "Ten stocks"). */
const LIST_COUNT = String.raw`(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few)`;
/** What a list article lists. */
const LISTED =
  "(?:stocks?|shares|etfs?|funds?|picks|names|companies|reasons|things|ways|buys|bets|ideas|movers|predictions|investments|trends|releases)";
/** The same at a list's count, without "companies" and "names": "Two Life Science Companies Manage to Pry
 * Open IPO Window" is news. */
const COUNTED =
  "(?:stocks?|shares|etfs?|funds?|picks|reasons|things|ways|buys|bets|ideas|movers|predictions|investments|trends|releases)";
/** Where a list's count stands: the headline's start, after a lead-in ("Nasdaq 100 alert: 7 undervalued
 * tech stocks …", "Here are all 49 stocks …"), or "Ranking 6 popular stocks". */
const LIST_START = String.raw`^(?:[^:]{1,60}:\s+)?(?:here\s+are\s+(?:all\s+)?|ranking\s+|buy\s+)?(?:the\s+|my\s+|these\s+|top\s+)*`;

/** Headlines that pitch, each read from the data folder's FNSPID and Benzinga headlines (see the test).
 * Research notes ("Goldman Sachs Upgrades Agilent to Buy", "maintained a Buy rating"), deals ("Agilent to
 * Buy Multiplicom"), "Best Buy" and Zacks' "Top Stock Reports for Apple …" are reporting; none match. */
const PROMOTIONAL_HEADLINES: readonly RegExp[] = [
  // "3 top stocks to buy now", "Stocks To Watch For May 14", "2 AI stocks to buy instead", "stocks I would buy".
  new RegExp(
    String.raw`\b${LISTED}\s+(?:to\s+|(?:i|you|we)(?:'d|’d|d|\s+would|\s+should|\s+can|\s+could)?\s+)(?:buy|watch|own|hold|sell|consider|avoid|track|bet\s+on|invest|help\s+you|make\s+you|turn\s+\$|double\s+up)(?!\s+(?:rating|recommendation))`,
    "i",
  ),
  // A list: "The 7 best blue chip stocks …", "3 reasons to buy Apple stock", "10 ETF ideas", "Budget bets: 3 penny stocks".
  new RegExp(String.raw`${LIST_START}${LIST_COUNT}\s+(?:[\w'’&.$-]+\s+){0,5}?${COUNTED}\b`, "i"),
  // "X best dividend stocks", "best stock to buy: Apple vs. Alibaba", "screaming buys", "the better bet".
  /\b(?:best(?!\s+buy\b)|better|top|hottest|screaming|strong\s+buy)\s+(?:[\w'’&.-]+\s+){0,3}?(?:stocks?|etfs?|picks|buys?|bets)\b(?!\s+reports?\b)/i,
  // "EA vs. NTDOY: which video game stock is the better bet", "which one should you buy".
  /\bwhich\s+(?:[\w'’&.-]+\s+){0,4}?(?:stock|etf|one)\s+(?:is|could|should|will|to)\b/i,
  // "Should you buy …?", "… but should you?", "what should you do with the stock", "you should be buying".
  /\bshould\s+you\b|\byou\s+should\s+(?:be\s+)?buy/i,
  // "Is Apple stock a buy now?", "still a buy", "a smart buy at $193", "is it time to buy", "too late to buy".
  /\b(?:an?|still\s+a)\s+(?:smart\s+|strong\s+|good\s+|great\s+|better\s+)?buy\b(?!\s+(?:rating|recommendation))/i,
  /\b(?:time|too\s+late|reasons?)\s+to\s+buy\b|\b(?:perfect|right|best)\s+time\s+to\b|\bworth\s+investing\b/i,
  /\bbuy(?:ing)?\s+(?:the\s+dip|hand\s+over\s+fist|and\s+hold|right\s+now|now(?!,?\s+pay)\b|before\s+it|like\s+there|opportunity|these\b)|\bonly\s+buy\s+one\b/i,
  // The pitch words of such articles.
  /\b(?:millionaires?(?:-maker)?|hold\s+(?:\w+\s+)?forever|no-brainer|surefire|set\s+for\s+life|retire\s+(?:a\s+|rich)|could\s+make\s+you)\b/i,
  /\b(?:poised|primed|ready|set)\s+(?:to|for)\s+(?:double|triple|soar|skyrocket|rocket|surge|explode|a\s+major)\b/i,
  /\bturn(?:ed|s)?\s+(?:a\s+)?\$[\d,.]+\s*[km]?\s+(?:\w+\s+){0,3}?into\b/i,
  /\bportfolio\s+is\s+invested\s+in\b|\bon\s+your\s+(?:investing\s+)?radar\b|\bshould\s+add\b|\bmotley\s+fool\b/i,
];

/** An analyst's call reported ("Goldman Sachs Upgrades ABB Ltd Common Stock to Buy", "BTIG Initiates
 * O'Reilly With A Buy", "Apple Analyst Says … To Buy The Dip"): news of a rating, never a pitch. */
const RESEARCH_NOTE =
  /\b(?:upgrade[sd]?|downgrade[sd]?|initiate[sd]?|reiterate[sd]?|maintain(?:s|ed)?|analysts?\s+(?:says?|sees?|notes?|suggest(?:s|ed)?))\b/i;

/** A headline that pitches stocks (a list to buy or watch, "should you buy?") rather than reports news. */
export function isPromotionalHeadline(title: string): boolean {
  const text = title.replace(/\s+/g, " ").trim();
  return !RESEARCH_NOTE.test(text) && PROMOTIONAL_HEADLINES.some((pattern) => pattern.test(text));
}

/** The companies a hit is about: named in its title or its lead (the snippet is the body's start). A
 * title read from the URL's slug (headline datasets without a title column: "apples-aapl-q1-earnings-beat")
 * lost its capitals and apostrophes: its names are matched in any case. */
export function companiesNamedInLead(hit: Pick<NewsHit, "title" | "snippet" | "url">): Set<string> {
  return new Set([...tagCompanies(hit.title, { anyCase: isTitleFromSlug(hit) }), ...tagCompanies(hit.snippet)]);
}

const NOT_WORD = /[^a-z0-9]+/g;

function wordsOf(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, " ").trim();
}

/** The title is the URL's last path segment with its dashes as spaces (lib/ingest/sources/news-files.ts). */
function isTitleFromSlug(hit: Pick<NewsHit, "title" | "url">): boolean {
  let slug: string;
  try {
    slug = decodeURIComponent(new URL(hit.url).pathname.split("/").filter(Boolean).pop() ?? "");
  } catch {
    return false;
  }
  const title = wordsOf(hit.title);
  return title !== "" && wordsOf(slug.replace(/\.(html?|php)$/, "")) === title;
}

/**
 * The hits that are evidence, in the engine's order: promotional headlines dropped, and with `tickers`
 * given (a question about named companies), only articles about one of them. Generated filing alerts are
 * about the filer by construction and stay.
 */
export function evidenceHits(hits: readonly NewsHit[], tickers: readonly string[]): NewsHit[] {
  return hits.filter((hit) => {
    if (hit.kind === "filing_alert") return true;
    if (isPromotionalHeadline(hit.title)) return false;
    if (tickers.length === 0) return true;
    const named = companiesNamedInLead(hit);
    return tickers.some((ticker) => named.has(ticker));
  });
}
