// A threshold on a metric, then the intent from the cue words, with everything named blanked out (so
// "Best Buy" is no rank and "top line" no "top").
import { parseScreen } from "../groups";
import { detectIntent, type IntentFacts } from "../intent";
import { isGrowthMetric } from "../metrics";
import { blankOut, markSpans, namedRanges, type ReadingState } from "./reading-state";

/** "revenue over $100 billion". */
export function readScreen(state: ReadingState): void {
  const screenWords = parseScreen(state.question, state.tokens, state.metrics, state.usable);
  if (screenWords)
    for (let j = screenWords.first; j <= screenWords.last; j++) if (state.roles[j] === null) state.roles[j] = "screen";
  state.screenWords = screenWords ? { first: screenWords.first, last: screenWords.last } : null;
  state.screen = screenWords?.screen ?? null;
}

export function readIntent(state: ReadingState): void {
  state.intent = detectIntent(blankOut(state, namedRanges(state)), intentFacts(state));
  markSpans(state, state.intent.spans, "intent");
}

/** A typo may have added the second company of a comparison: a look-up or a trend is read again. */
export function rereadIntentAfterTypos(state: ReadingState): void {
  if (state.intent.intent !== "lookup" && state.intent.intent !== "trend") return;
  state.intent = {
    ...state.intent,
    intent: detectIntent(blankOut(state, namedRanges(state)), intentFacts(state)).intent,
  };
}

function intentFacts(state: ReadingState): IntentFacts {
  const { companies, groupMentions, peerMentions } = state;
  // A group counts as several companies.
  const distinctCompanies =
    new Set(companies.map((c) => c.ticker)).size +
    2 * (groupMentions.filter((g) => g.target.kind !== "all").length + peerMentions.length);
  return {
    companies: distinctCompanies,
    multiPeriod: state.dates.multiPeriod,
    // A threshold asks to screen companies when it names none one by one ("Is Apple's revenue over
    // $100 billion?" is a look-up; the threshold is still kept in `screen`).
    screen: state.screen !== null && companies.length === 0,
    growthMetric: state.metrics.some((m) => isGrowthMetric(m.key)),
    metricNamed: state.metrics.some((m) => !m.weak),
  };
}
