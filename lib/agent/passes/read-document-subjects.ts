// What the question asks of the company's filings: subject words ("risks", "legal proceedings",
// "suppliers") and cue words ("what does Nike say about", "in its 10-K"), among the words no date,
// company, metric or intent cue took. Once the filings are asked, the words still free at the end are
// what to search for in them ("reliance on contract factories"), not words the parser failed to read.
import { asksFilings, documentPhraseSpans, readDocumentWords } from "../routing";
import { looksLikeCompany } from "./read-leftovers";
import { markSpans, type ReadingState } from "./reading-state";

/** Runs before metrics: "earnings" in "the earnings call" or "Amazon's earnings release" names the
 * document, and is not net income. */
export function readDocumentPhrases(state: ReadingState): void {
  markSpans(state, documentPhraseSpans(state.question), "subject");
}

export function readDocumentSubjects(state: ReadingState): void {
  const { tokens, usable, roles } = state;
  // Until here only readDocumentPhrases gives "subject": its words are still there for the subjects to read.
  const isFree = (span: { start: number; end: number }) =>
    tokens.every((t, i) => t.end <= span.start || t.start >= span.end || usable(i) || roles[i] === "subject");
  const namesCompanies = state.companies.length + state.groupMentions.length + state.peerMentions.length > 0;
  state.documents = readDocumentWords(state.question, isFree, namesCompanies);
  markSpans(state, state.documents.spans, "subject");
}

/** Runs after typos: a capitalized unknown word may still be a company, and is left to be reported. */
export function claimSearchWords(state: ReadingState): void {
  if (!asksFilings(state.documents) || (state.companies.length === 0 && state.groups.length === 0)) return;
  state.tokens.forEach((token, i) => {
    if (state.usable(i) && !looksLikeCompany(token)) state.roles[i] = "subject";
  });
}
