// What is left: runs of adjacent words that matched nothing, reported as unrecognized, with "did you
// mean" suggestions where a company or a metric is close.
import { ambiguousListedNames, rankCompanies } from "../companies";
import { rankMetrics } from "../metrics";
import { isAllCaps, isCapitalized, type Token } from "../tokens";
import { ACRONYMS, CALENDAR_WORDS, NEAR_MISS_WORDS } from "../lexicon/everyday-words";
import { MAX_FUZZY_WORDS } from "./read-typos";
import { isNumber, round2, spanOf, type ReadingState, type TokenRange } from "./reading-state";

const MAX_SUGGESTIONS = 8;

export function readLeftovers(state: ReadingState): void {
  const { question, tokens, usable, suggestions } = state;
  const runs: TokenRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(i)) continue;
    const previous = runs[runs.length - 1];
    if (previous && previous.last === i - 1) previous.last = i;
    else runs.push({ first: i, last: i });
  }
  state.unrecognized = runs.map((r) => spanOf(state, r.first, r.last));

  let looked = 0;
  for (const run of runs) {
    if (suggestions.length >= MAX_SUGGESTIONS || looked >= MAX_FUZZY_WORDS) break;
    // A name several SEC-listed companies share ("Star"): which one?
    const sharedName =
      run.last - run.first < 6 && isCapitalized(tokens[run.first]!.text)
        ? ambiguousListedNames(spanOf(state, run.first, run.last).text)
        : [];
    if (sharedName.length > 0) {
      const span = spanOf(state, run.first, run.last);
      suggestions.push({
        text: span.text,
        kind: "company",
        candidates: sharedName
          .slice(0, 3)
          .map((c) => ({ value: c.ticker, label: `${c.ticker} — ${c.name}`, score: 1 })),
      });
      looked += run.last - run.first + 1;
      continue;
    }
    const rest: Token[] = [];
    for (let i = run.first; i <= run.last && looked < MAX_FUZZY_WORDS; i++, looked++) {
      const t = tokens[i]!;
      const ranked = rankCompanies(t.norm, { tickers: isAllCaps(t.text), min: 0.6 }).slice(0, 3);
      const closeToCompany = ranked[0] !== undefined && ranked[0].score >= 0.7 && !NEAR_MISS_WORDS.has(t.norm);
      if (looksLikeCompany(t) || closeToCompany) {
        suggestions.push({
          text: t.text,
          kind: "company",
          candidates: ranked.map((c) => ({
            value: c.company.ticker,
            label: `${c.company.ticker} — ${c.company.name}`,
            score: round2(c.score),
          })),
        });
      } else {
        rest.push(t);
      }
    }
    if (rest.length > 0) {
      const candidates = rankMetrics(rest.map((t) => t.norm).join(" "), 0.6).slice(0, 3);
      if (candidates.length > 0) {
        const start = rest[0]!.start;
        const end = rest[rest.length - 1]!.end;
        suggestions.push({
          text: question.slice(start, end),
          kind: "metric",
          candidates: candidates.map((c) => ({ value: c.key, label: c.name, score: round2(c.score) })),
        });
      }
    }
  }
}

/** Could this leftover word be a company nobody told us about? Capitalized or ticker-like, and no
 * month, acronym or number. */
export function looksLikeCompany(t: Token): boolean {
  if (CALENDAR_WORDS.has(t.norm) || ACRONYMS.has(t.norm) || isNumber(t)) return false;
  return isCapitalized(t.text) || isAllCaps(t.text);
}
