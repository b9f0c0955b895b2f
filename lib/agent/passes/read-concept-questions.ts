// "What's a healthy current ratio?", "What does free cash flow mean?": a metric asked about as a
// concept, with no company named. It is read across every company held (the "all" group), so the
// answer gives the catalog's definition grounded in the distribution of the companies' values.
import type { ReadingState } from "./reading-state";

/** The question asks what a metric is or what a usual value of it is. */
const CONCEPT_QUESTION =
  /\b(?:what(?:'s|\s+is|\s+are|\s+would\s+be)\s+(?:a\s+|an\s+)?(?:healthy|good|normal|typical|reasonable|decent|safe|average|usual)\b|what\s+does\b.*\bmean\b|\bmeaning\s+of\b|\bdefin(?:e|ition)\b|\bhow\s+(?:is|are|do\s+you)\b.*\b(?:calculated|computed|measured)\b)/i;
/** The words of those cues, understood rather than reported as unrecognized. */
const CONCEPT_WORDS = new Set([
  "healthy",
  "good",
  "normal",
  "typical",
  "reasonable",
  "decent",
  "safe",
  "average",
  "usual",
  "mean",
  "meaning",
  "define",
  "definition",
  "calculated",
  "computed",
  "measured",
]);

/** After groups: only when no company and no group was named. */
export function readConceptQuestions(state: ReadingState): void {
  if (state.companies.length > 0 || state.groups.length > 0 || state.metrics.length === 0) return;
  if (!CONCEPT_QUESTION.test(state.question)) return;
  state.groups.push({ ref: { kind: "all", span: null }, first: -1, last: -1 });
  state.tokens.forEach((token, i) => {
    if ((state.roles[i] === null || state.roles[i] === "ignorable") && CONCEPT_WORDS.has(token.norm))
      state.roles[i] = "intent";
  });
}
