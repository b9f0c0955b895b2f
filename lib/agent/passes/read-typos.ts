// Words that ask for nothing, then typos: leftover words (up to three in a row, an "and" between them
// included) close to exactly one company or metric, by similarity to the curated companies' and the
// metrics' names.
import { fuzzyCompany } from "../companies";
import { fuzzyMetric } from "../metrics";
import { isAllCaps, isCapitalized, startsSentence } from "../tokens";
import { ACRONYMS, CALENDAR_WORDS, IGNORABLE_WORDS } from "../lexicon/everyday-words";
import { isNumber, round2, type ReadingState } from "./reading-state";

/** Typo matching is the slow part: only this many leftover words get it (a 10 kB paste stays fast). */
export const MAX_FUZZY_WORDS = 64;

export function markIgnorableWords(state: ReadingState): void {
  state.tokens.forEach((t, i) => {
    if (state.roles[i] === null && IGNORABLE_WORDS.has(t.norm)) state.roles[i] = "ignorable";
  });
}

export function readTypos(state: ReadingState): void {
  const { question, tokens, roles, usable } = state;
  let budget = MAX_FUZZY_WORDS;
  for (let i = 0; i < tokens.length && budget > 0; i++) {
    const t = tokens[i]!;
    if (!usable(i) || isNumber(t) || CALENDAR_WORDS.has(t.norm) || ACRONYMS.has(t.norm)) continue;
    budget--;
    for (let length = 3; length >= 1; length--) {
      const last = i + length - 1;
      if (last >= tokens.length) continue;
      let free = true;
      // An "and" inside may be part of the name ("jonson and jonson" for Johnson & Johnson).
      const joins = (j: number) => j > i && j < last && roles[j] === "ignorable" && tokens[j]!.norm === "and";
      for (let j = i; j <= last; j++) free &&= (usable(j) || joins(j)) && !isNumber(tokens[j]!);
      if (!free) continue;
      const text = tokens
        .slice(i, last + 1)
        .map((w) => w.norm)
        .join(" ");
      const tickerLike = length === 1 && isAllCaps(t.text) && t.text.length >= 2;
      const proper = tickerLike || (isCapitalized(t.text) && !startsSentence(question, t.start));
      const company = fuzzyCompany(text, { strict: !proper, tickers: tickerLike });
      if (company) {
        const { ticker, name } = company.company;
        state.companies.push({ ticker, name, first: i, last, confidence: round2(Math.min(company.score, 0.95)) });
        for (let j = i; j <= last; j++) roles[j] = "company";
        i = last;
        break;
      }
      const metric = fuzzyMetric(text);
      if (metric) {
        state.metrics.push({
          key: metric.key,
          first: i,
          last,
          confidence: round2(Math.min(metric.score, 0.95)),
          weak: false,
        });
        for (let j = i; j <= last; j++) roles[j] = "metric";
        i = last;
        break;
      }
    }
  }
}
