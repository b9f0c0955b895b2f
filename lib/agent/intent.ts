// What the question wants done with the data, from its cue words.
// Precedence, first that applies: move ("jumped", "how did the market react", with no metric but the
// share price named) > news ("news", "headlines"; "what happened with X" when no metric is named) > invest ("should I buy", "a good investment") > explain ("why",
// "what drove") > compare said outright ("compare", "vs", "versus", "against") > rank ("top 5",
// "highest", "best") > screen (a threshold on a metric: "revenue over $100 billion") > compare implied
// ("than", or two or more companies; a group of companies counts as several) > trend ("trend(ed)",
// "over time", "growth", "over the last", a growth metric such as "revenue growth yoy", or dates that
// span several periods) > lookup. "a good long-term investment", "a safe stock", "good time to buy"
// are investment cues, and their words are claimed before metrics (see investPhraseSpans).
import type { Intent } from "./schema";
import { INTENT_CUES, INVEST_PHRASE, type IntentCue } from "./lexicon/intent-cues";
import { matchesOf } from "@/lib/core/regex";

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
  /** A metric other than the share price is named: "what happened to Apple's margin" is no news question,
   * "why did revenue jump" no stock move. */
  metricNamed?: boolean;
}

export interface IntentResult {
  intent: Intent;
  /** The cue words, understood whether or not they decided the intent. */
  spans: Array<{ start: number; end: number }>;
  /** "How is X doing", "tell me about X", "X's performance": a general look at the company. */
  overview: boolean;
}

/** Where the question says an investment judgement in words that could otherwise read as a metric. */
export function investPhraseSpans(text: string): Array<{ start: number; end: number }> {
  return matchesOf(text, INVEST_PHRASE).map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** `text` is the question with company and metric words blanked out ("Best Buy", "top line"). */
export function detectIntent(text: string, facts: IntentFacts): IntentResult {
  const seen = new Set<IntentCue>();
  const spans: Array<{ start: number; end: number }> = [];
  let thanUsed = false;
  for (const [cue, pattern] of INTENT_CUES) {
    for (const m of matchesOf(text, pattern)) {
      seen.add(cue);
      if (cue === "comparative" && /^than$/i.test(m[0])) thanUsed = true;
      spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  let intent: Intent = "lookup";
  if (seen.has("move") && !facts.metricNamed) intent = "move";
  else if (seen.has("news") || (seen.has("happened") && !facts.metricNamed)) intent = "news";
  else if (seen.has("invest")) intent = "invest";
  else if (seen.has("explain")) intent = "explain";
  else if (seen.has("compare")) intent = "compare";
  else if (seen.has("rank")) intent = "rank";
  else if (facts.screen) intent = "screen";
  else if (thanUsed || facts.companies >= 2) intent = "compare";
  else if (seen.has("trend") || facts.multiPeriod || facts.growthMetric) intent = "trend";
  return { intent, spans, overview: seen.has("overview") };
}
