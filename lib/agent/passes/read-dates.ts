// Dates first: they own "Q3", "2023", "last 8 quarters" (but not the date words inside a metric's
// name, "TTM EPS"). Then investment judgements, which own their words before metrics are read.
import { parseDates } from "../dates";
import { investPhraseSpans } from "../intent";
import { metricPhraseSpans } from "../metrics";
import { markSpans, type ReadingState } from "./reading-state";

export function readDates(state: ReadingState): void {
  state.dates = parseDates(state.question, state.today, metricPhraseSpans(state.tokens));
  markSpans(state, state.dates.spans, "date");
}

/** "a good long-term investment", "a safe stock": the intent's cue, not a balance-sheet line or the share price. */
export function readInvestmentJudgements(state: ReadingState): void {
  markSpans(state, investPhraseSpans(state.question), "intent");
}
