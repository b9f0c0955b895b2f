// The cue words of each intent, as regular expressions over the question (see intent.ts for their
// precedence).
import { NUMBER_PATTERN } from "./everyday-words";

export type IntentCue =
  | "invest"
  | "explain"
  | "compare"
  | "rank"
  | "comparative"
  | "trend"
  | "overview"
  | "news"
  | "happened"
  | "move";

const re = (source: string) => new RegExp(source, "gi");

/** "a good long-term investment", "a safe stock", "a better buy", "a long-term hold": an investment
 * judgement. These words are the cue, never a metric ("long-term investments" is a balance-sheet line,
 * "stock" the share price), so the parser claims them before it looks for metrics. */
export const INVEST_PHRASE = re(
  `\\b(?:good|bad|great|smart|wise|safe|solid|risky|sound|better|worse)\\s+(?:long[\\s-]term\\s+)?(?:investments?|buys?|stocks?|bets?|picks?|holds?)\\b` +
    `|\\b(?:a|an)\\s+long[\\s-]term\\s+(?:investment|buy|stock|bet|pick|hold)\\b`,
);

/** Each intent's cues, in no order of precedence (detectIntent decides). */
export const INTENT_CUES: ReadonlyArray<readonly [IntentCue, RegExp]> = [
  [
    "invest",
    re(
      `\\bshould\\s+(?:i|we|you)\\s+(?:(?:still|now|really)\\s+)?(?:invest(?:\\s+in(?:to)?)?|buy(?:\\s+into)?|sell|hold|short|own|purchase|dump|keep)\\b`,
    ),
  ],
  ["invest", INVEST_PHRASE],
  [
    "invest",
    re(
      `\\b(?:(?:good|bad|great|right|best|perfect|ideal)\\s+(?:time|moment|entry\\s+point)|(?:is\\s+)?(?:it|now|this)\\s+(?:the\\s+)?time)\\s+to\\s+(?:buy|sell|invest|get\\s+in(?:to)?|add|load\\s+up)\\b`,
    ),
  ],
  ["invest", re(`\\bworth\\s+(?:buying|investing(?:\\s+in)?|owning|holding|it)\\b`)],
  ["invest", re(`\\b(?:invest|invests|investing|investable|investor|investors)\\b`)],
  [
    "invest",
    re(`\\b(?:buy|sell|hold)\\s+or\\s+(?:buy|sell|hold)\\b|\\ba\\s+(?:buy|sell|hold)\\b|\\bput\\s+(?:my\\s+)?money\\b`),
  ],
  ["invest", re(`\\b(?:undervalued|overvalued|underpriced|overpriced)\\b`)],
  ["explain", re(`\\bwhy\\b|\\bexplain(?:s|ed|ing)?\\b|\\bexplanation\\b|\\bhow\\s+come\\b`)],
  [
    "explain",
    re(`\\bwhat\\s+(?:drove|drives|driving|caused|causes|explains|led\\s+to|is\\s+behind|was\\s+behind|happened)\\b`),
  ],
  ["explain", re(`\\breasons?\\s+(?:for|behind|why)\\b|\\bdrivers?\\s+(?:of|behind)\\b|\\b(?:drove|caused)\\b`)],
  ["compare", re(`\\bcompar(?:e|es|ed|ing|ison|isons)\\b(?:\\s+(?:to|with))?|\\bvs\\b\\.?|\\bversus\\b|\\bv\\b\\.?`)],
  [
    "compare",
    re(
      `\\bagainst\\b|\\brelative\\s+to\\b|\\bhead[\\s-]to[\\s-]head\\b|\\bdifference\\s+between\\b|\\bdiffer(?:s|ed)?\\b`,
    ),
  ],
  ["rank", re(`\\b(?:top|bottom)\\b(?:\\s+${NUMBER_PATTERN}\\b)?`)],
  [
    "rank",
    re(
      `\\b(?:highest|lowest|largest|biggest|smallest|greatest|least|best|worst|strongest|weakest|fastest|slowest|cheapest)\\b`,
    ),
  ],
  [
    "rank",
    re(`\\bmost\\b(?!\\s+recent)|\\brank(?:s|ed|ing|ings)?\\b|\\bleaders?\\b|\\b(?:order(?:ed)?|sort(?:ed)?)\\s+by\\b`),
  ],
  ["news", re(`\\bnews\\b|\\bheadlines?\\b|\\bpress\\s+releases?\\b|\\bany\\s+updates?\\b|\\bin\\s+the\\s+news\\b`)],
  // "What happened with Boeing": news, unless a metric is named ("what happened to Apple's margin").
  ["happened", re(`\\bwhat(?:'s|\\s+has|\\s+is)?\\s+(?:happened|happening|going\\s+on)\\s+(?:with|to|at)\\b`)],
  [
    "move",
    re(
      `\\b(?:jump(?:s|ed)?|surg(?:e|es|ed)|soar(?:s|ed)?|spik(?:e|es|ed)|rall(?:y|ies|ied)|plung(?:e|es|ed)|tank(?:s|ed)?|crash(?:es|ed)?|slump(?:s|ed)?|sank|sink(?:s)?|pop(?:s|ped)?|tumbl(?:e|es|ed)|skyrocket(?:s|ed)?|nosediv(?:e|es|ed))\\b` +
        `|\\b(?:market|investors?|shares?|stock)\\s+react(?:s|ed|ion)?(?:\\s+to)?\\b|\\breact(?:ion)?\\s+(?:of\\s+the\\s+)?(?:market|stock|shares)\\b` +
        `|\\b(?:stock|shares?|price)\\s+(?:move|moved|moves|movement)\\b`,
    ),
  ],
  ["comparative", re(`\\bthan\\b`)],
  [
    "comparative",
    re(
      `\\b(?:better|worse|higher|lower|bigger|smaller|larger|faster|slower|stronger|weaker|outperform(?:s|ed|ing)?|underperform(?:s|ed|ing)?)\\b`,
    ),
  ],
  [
    "trend",
    re(`\\btrend(?:s|ing|ed)?\\b|\\bover\\s+time\\b|\\bgrowth\\b|\\bgr(?:ow|ew|ows|own|owing)\\b|\\btrajectory\\b`),
  ],
  ["trend", re(`\\bover\\s+the\\s+(?:last|past|previous|years|quarters|decade)\\b|\\bhistor(?:y|ic|ical|ically)\\b`)],
  [
    "trend",
    re(`\\b(?:year|quarter)[\\s-]+(?:over|on)[\\s-]+(?:year|quarter)\\b|\\b(?:yoy|qoq|cagr)\\b|\\b[yq]/[yq]\\b`),
  ],
  [
    "trend",
    re(
      `\\b(?:increas|decreas|declin|chang|evolv)(?:e|es|ed|ing)\\b|\\b(?:rise|rose|risen|rising|fall|fell|fallen|falling|drop|dropped|dropping)\\b`,
    ),
  ],
  [
    "overview",
    re(
      `\\b(?:doing|performing|performed|faring|fared|performance|overview|summary|summarize|snapshot|financials|fundamentals)\\b`,
    ),
  ],
  ["overview", re(`\\btell\\s+me\\s+about\\b|\\bwhat\\s+about\\b`)],
];
