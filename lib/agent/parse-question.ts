// The built-in Financial Agent ("rules"): a question in, a Structured Data Request out, with no model.
// Deterministic, and every part of the request points back at the words that produced it.
//
// The reading is a fixed list of named passes (PASSES below, one file per pass or pair in passes/) over
// one reading state (passes/reading-state.ts). Order of work: price-question phrases first ("largest
// one-day fall", "maximum drawdown", "invested $10,000", "52-week high and low": the adjusted close or
// the 52-week metrics; passes/read-price-questions.ts); date expressions next (they own "Q3",
// "2023", "last 8 quarters"), and investment judgements ("a good long-term investment", "a safe
// stock": intent words, never a metric), and documents named by "earnings" ("the earnings call",
// "Amazon's earnings release": the document, never net income); then companies (curated, then any on the SEC list), metrics,
// sectors and industries ("energy companies", "banks") and peer words ("competitors", "its peers"),
// longest phrase first, left to right; then a metric said with words around its name ("how much did
// revenue grow", "capex relative to sales", "cash did X's operations produce": the catalog's growth,
// ratio or cash flow, else a formula of the question's own; passes/read-metric-relations.ts); then "shares of X traded" (the volume), "how much has X gone up"
// (the adjusted close, "the last year" as the trailing 12 months) and word-like tickers
// not written in capitals, read from the words around them ("ko vs pep", "pg payout ratio", "is ko a
// buy"; see passes/read-wordlike-companies.ts); then a threshold on a metric ("revenue over $100
// billion"); then intent cue words (with those words blanked, so "Best Buy" is no rank and "top line"
// no "top"); then ignorable words; then typos, by similarity to the curated companies' and the
// metrics' names. Then peer words are tied to their company ("Tyson Foods' competitors", "Apple and
// its peers"), the ranking is read ("top 5", "lowest 3"), and a ranking or threshold that names no
// company gets "all companies", as does a concept question naming none ("What's a healthy current
// ratio?", passes/read-concept-questions.ts). Whatever is left is reported in `unrecognized`, with "did you
// mean" suggestions where something is close; in a question that asks the filings, the free words left
// (other than a possible company name) are what to search for, and are not reported. The request's
// `sources` say which sources the question needs and why (routing.ts).
//
// `companies` lists companies named one by one (kind "company") and groups (kind "peers", "sector",
// "industry", "all"), in order of mention; a group counts as several companies for the intent.
//
// Default metrics (span null, confidence 0.5, so they read as implied):
// - An investment question naming no metric (a bare "stock" does not count) gets revenue, net income,
//   diluted EPS and the closing price.
// - A question naming a company and no metric gets revenue and net income when it asks for an
//   overview ("how is X doing", "X's performance", "tell me about X") or when nothing in it went
//   unrecognized (a bare "Apple?"), unless it asks what the filings say ("Apple's risks").
// - Otherwise no metric is invented: when the question asks the filings, none is suggested either;
//   when a company or an intent was found but no metric, a metric suggestion carries the words that matched nothing (or "") with the closest metrics, or the most
//   asked-for ones (score 0) when nothing is close.
import { MAX_QUERY_LENGTH } from "./agent-request";
import { extractPointInTime } from "./as-of";
import { checkToday } from "./dates";
import { extractInstructions } from "./instructions";
import { withoutInjectedText } from "./injected-text";
import { buildRequest } from "./passes/build-request";
import { claimSearchWords, readDocumentPhrases, readDocumentSubjects } from "./passes/read-document-subjects";
import { readDates, readInvestmentJudgements } from "./passes/read-dates";
import { readConceptQuestions } from "./passes/read-concept-questions";
import { readGroups, settleHeldBackStock } from "./passes/read-groups";
import { readIntent, readScreen, rereadIntentAfterTypos } from "./passes/read-intent";
import { readLeftovers } from "./passes/read-leftovers";
import { readMetricRelations } from "./passes/read-metric-relations";
import { readModelNames, readNames, readVersusV } from "./passes/read-names";
import { readPriceGains, readPriceQuestions } from "./passes/read-price-questions";
import { readSharesTraded } from "./passes/read-shares-traded";
import { markIgnorableWords, readTypos } from "./passes/read-typos";
import { readWordlikeCompanies } from "./passes/read-wordlike-companies";
import { NO_DATES, startReading, type Pass } from "./passes/reading-state";
import type { Definition, StructuredDataRequest } from "./schema";

const RULES_AGENT = "rules";

/** The passes, in the order they run: each takes only the words no earlier pass took. */
const PASSES: readonly Pass[] = [
  readPriceQuestions,
  readDates,
  readInvestmentJudgements,
  readDocumentPhrases,
  readNames,
  readVersusV,
  readModelNames,
  readMetricRelations,
  readSharesTraded,
  readPriceGains,
  readWordlikeCompanies,
  readScreen,
  readIntent,
  readDocumentSubjects,
  markIgnorableWords,
  readTypos,
  rereadIntentAfterTypos,
  readGroups,
  settleHeldBackStock,
  claimSearchWords,
  readConceptQuestions,
  readLeftovers,
];

function parse(question: string, today: string): { request: StructuredDataRequest; definitions: Definition[] } {
  const state = startReading(question, today);
  for (const pass of PASSES) pass(state);
  return { request: buildRequest(state, RULES_AGENT), definitions: state.definitions };
}

/** Parses a question into a Structured Data Request. Never throws for a question, whatever it holds;
 * throws a RangeError when `today` is not a date written YYYY-MM-DD (a caller's bug). */
export function parseQuestion(question: string, options: { today: string }): StructuredDataRequest {
  checkToday(options.today);
  const text = typeof question === "string" ? question : String(question ?? "");
  // Longer than any question the endpoints accept: not parsed (the matchers are not linear in
  // length), reported whole as not understood, at once.
  if (text.length > MAX_QUERY_LENGTH) return notUnderstood(text, options.today);
  try {
    const { asOf, text: rest } = extractPointInTime(withoutInjectedText(text));
    const { presentation, text: asked } = extractInstructions(rest);
    const { request, definitions } = parse(asked, options.today);
    // An unnamed definition ("…, defined as A / B") defines the one metric asked for.
    const only = request.metrics.length === 1 ? request.metrics[0]!.key : null;
    for (const d of presentation.definitions) d.metric ??= only;
    // A ratio or change said in words that the catalog lacks is a metric of its own (no catalog metric).
    presentation.definitions.push(...definitions);
    return { ...request, question: text, asOf, presentation };
  } catch (error) {
    // A bug here must not take the pipeline down, nor hide: logged, and the whole question reported
    // as not understood.
    console.error("[agent] the rules parser failed; the question is reported as not understood:", error);
    return notUnderstood(text, options.today);
  }
}

/** The whole question as not understood. */
function notUnderstood(text: string, today: string): StructuredDataRequest {
  const trimmed = text.trim();
  const start = text.indexOf(trimmed);
  return {
    question: text,
    today,
    companies: [],
    metrics: [],
    dates: NO_DATES,
    intent: "lookup",
    rank: null,
    screen: null,
    document: null,
    invested: null,
    sources: [],
    asOf: null,
    unrecognized: trimmed === "" ? [] : [{ text: trimmed, start, end: start + trimmed.length }],
    suggestions: [],
    agent: RULES_AGENT,
  };
}
