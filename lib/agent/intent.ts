// What the question wants done with the data, from its cue words.
// Precedence, first that applies: invest ("should I buy", "a good investment") > explain ("why",
// "what drove") > compare said outright ("compare", "vs", "versus", "against") > rank ("top 5",
// "highest", "best") > screen (a threshold on a metric: "revenue over $100 billion") > compare implied
// ("than", or two or more companies; a group of companies counts as several) > trend ("trend(ed)",
// "over time", "growth", "over the last", a growth metric such as "revenue growth yoy", or dates that
// span several periods) > lookup. "a good long-term investment", "a safe stock", "good time to buy"
// are investment cues, and their words are claimed before metrics (see investPhraseSpans).
import type { Intent } from "./schema";
import { NUMBER_PATTERN } from "./lexicon/everyday-words";

export interface IntentFacts {
  /** Distinct companies named. */
  companies: number;
  /** The dates cover several periods ("since 2019", "last 8 quarters"). */
  multiPeriod: boolean;
  /** The question sets a threshold on a metric ("revenue over $100 billion"). */
  screen?: boolean;
  /** A metric asked for is a change over time ("revenue growth yoy", "eps cagr"): its trend words are
   * inside the metric's name, blanked out, yet they still ask for a trend. */
  growthMetric?: boolean;
}

export interface IntentResult {
  intent: Intent;
  /** The cue words, understood whether or not they decided the intent. */
  spans: Array<{ start: number; end: number }>;
  /** "How is X doing", "tell me about X", "X's performance": a general look at the company. */
  overview: boolean;
}

type Cue = "invest" | "explain" | "compare" | "rank" | "comparative" | "trend" | "overview";

const re = (source: string) => new RegExp(source, "gi");

/** "a good long-term investment", "a safe stock", "a better buy", "a long-term hold": an investment
 * judgement. These words are the cue, never a metric ("long-term investments" is a balance-sheet line,
 * "stock" the share price), so the parser claims them before it looks for metrics. */
const INVEST_PHRASE = re(
  `\\b(?:good|bad|great|smart|wise|safe|solid|risky|sound|better|worse)\\s+(?:long[\\s-]term\\s+)?(?:investments?|buys?|stocks?|bets?|picks?|holds?)\\b` +
    `|\\b(?:a|an)\\s+long[\\s-]term\\s+(?:investment|buy|stock|bet|pick|hold)\\b`,
);

/** Where the question says an investment judgement in words that could otherwise read as a metric. */
export function investPhraseSpans(text: string): Array<{ start: number; end: number }> {
  return [...text.matchAll(INVEST_PHRASE)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

const CUES: ReadonlyArray<readonly [Cue, RegExp]> = [
  ["invest", re(`\\bshould\\s+(?:i|we|you)\\s+(?:(?:still|now|really)\\s+)?(?:invest(?:\\s+in(?:to)?)?|buy(?:\\s+into)?|sell|hold|short|own|purchase|dump|keep)\\b`)],
  ["invest", INVEST_PHRASE],
  ["invest", re(`\\b(?:(?:good|bad|great|right|best|perfect|ideal)\\s+(?:time|moment|entry\\s+point)|(?:is\\s+)?(?:it|now|this)\\s+(?:the\\s+)?time)\\s+to\\s+(?:buy|sell|invest|get\\s+in(?:to)?|add|load\\s+up)\\b`)],
  ["invest", re(`\\bworth\\s+(?:buying|investing(?:\\s+in)?|owning|holding|it)\\b`)],
  ["invest", re(`\\b(?:invest|invests|investing|investable|investor|investors)\\b`)],
  ["invest", re(`\\b(?:buy|sell|hold)\\s+or\\s+(?:buy|sell|hold)\\b|\\ba\\s+(?:buy|sell|hold)\\b|\\bput\\s+(?:my\\s+)?money\\b`)],
  ["invest", re(`\\b(?:undervalued|overvalued|underpriced|overpriced)\\b`)],
  ["explain", re(`\\bwhy\\b|\\bexplain(?:s|ed|ing)?\\b|\\bexplanation\\b|\\bhow\\s+come\\b`)],
  ["explain", re(`\\bwhat\\s+(?:drove|drives|driving|caused|causes|explains|led\\s+to|is\\s+behind|was\\s+behind|happened)\\b`)],
  ["explain", re(`\\breasons?\\s+(?:for|behind|why)\\b|\\bdrivers?\\s+(?:of|behind)\\b|\\b(?:drove|caused)\\b`)],
  ["compare", re(`\\bcompar(?:e|es|ed|ing|ison|isons)\\b(?:\\s+(?:to|with))?|\\bvs\\b\\.?|\\bversus\\b|\\bv\\b\\.?`)],
  ["compare", re(`\\bagainst\\b|\\brelative\\s+to\\b|\\bhead[\\s-]to[\\s-]head\\b|\\bdifference\\s+between\\b|\\bdiffer(?:s|ed)?\\b`)],
  ["rank", re(`\\b(?:top|bottom)\\b(?:\\s+${NUMBER_PATTERN}\\b)?`)],
  ["rank", re(`\\b(?:highest|lowest|largest|biggest|smallest|greatest|least|best|worst|strongest|weakest|fastest|slowest)\\b`)],
  ["rank", re(`\\bmost\\b(?!\\s+recent)|\\brank(?:s|ed|ing|ings)?\\b|\\bleaders?\\b|\\b(?:order(?:ed)?|sort(?:ed)?)\\s+by\\b`)],
  ["comparative", re(`\\bthan\\b`)],
  ["comparative", re(`\\b(?:better|worse|higher|lower|bigger|smaller|larger|faster|slower|stronger|weaker|outperform(?:s|ed|ing)?|underperform(?:s|ed|ing)?)\\b`)],
  ["trend", re(`\\btrend(?:s|ing|ed)?\\b|\\bover\\s+time\\b|\\bgrowth\\b|\\bgr(?:ow|ew|ows|own|owing)\\b|\\btrajectory\\b`)],
  ["trend", re(`\\bover\\s+the\\s+(?:last|past|previous|years|quarters|decade)\\b|\\bhistor(?:y|ic|ical|ically)\\b`)],
  ["trend", re(`\\b(?:year|quarter)[\\s-]+(?:over|on)[\\s-]+(?:year|quarter)\\b|\\b(?:yoy|qoq|cagr)\\b|\\b[yq]/[yq]\\b`)],
  ["trend", re(`\\b(?:increas|decreas|declin|chang|evolv)(?:e|es|ed|ing)\\b|\\b(?:rise|rose|risen|rising|fall|fell|fallen|falling|drop|dropped|dropping)\\b`)],
  ["overview", re(`\\b(?:doing|performing|performed|faring|fared|performance|overview|summary|summarize|snapshot|financials|fundamentals)\\b`)],
  ["overview", re(`\\btell\\s+me\\s+about\\b|\\bwhat\\s+about\\b`)],
];

/** `text` is the question with company and metric words blanked out ("Best Buy", "top line"). */
export function detectIntent(text: string, facts: IntentFacts): IntentResult {
  const seen = new Set<Cue>();
  const spans: Array<{ start: number; end: number }> = [];
  let thanUsed = false;
  for (const [cue, pattern] of CUES) {
    for (const m of text.matchAll(pattern)) {
      seen.add(cue);
      if (cue === "comparative" && /^than$/i.test(m[0])) thanUsed = true;
      spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  let intent: Intent = "lookup";
  if (seen.has("invest")) intent = "invest";
  else if (seen.has("explain")) intent = "explain";
  else if (seen.has("compare")) intent = "compare";
  else if (seen.has("rank")) intent = "rank";
  else if (facts.screen) intent = "screen";
  else if (thanUsed || facts.companies >= 2) intent = "compare";
  else if (seen.has("trend") || facts.multiPeriod || facts.growthMetric) intent = "trend";
  return { intent, spans, overview: seen.has("overview") };
}
