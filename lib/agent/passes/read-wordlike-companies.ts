// Word-like tickers not written in capitals ("ko", "pep", "ma", "v") and lowercase brands that are words
// ("chase"), when the words around them make them companies.
import { wordlikeCompany } from "../companies";
import { detectIntent } from "../intent";
import {
  CORPORATE_SUFFIXES,
  DATE_PREPOSITIONS,
  INVEST_LEADS,
  INVEST_TAILS,
  LIST_PAIRS,
  LIST_WORDS,
  OF_WORDS,
} from "../lexicon/company-words";
import { MEASURE_ACRONYMS, METRIC_QUALIFIERS } from "../lexicon/finance-words";
import { isAllCaps, isCapitalized, startsSentence } from "../tokens";
import type { CompanyMention, ReadingState } from "./reading-state";

/** List words between two companies compared or chosen between ("ford or gm", "ko vs pep"). */
const EITHER_WORDS: ReadonlySet<string> = new Set(["or", "vs", "versus"]);

export function readWordlikeCompanies(state: ReadingState): void {
  for (const hit of wordlikeCompanies(state)) {
    state.companies.push(hit);
    for (let j = hit.first; j <= hit.last; j++) state.roles[j] = "company";
  }
}

/** Word-like tickers not written in capitals and lowercase brands that are words ("ko", "ma", "v",
 * "chase"), read as companies when the words around them say so:
 * - a metric (or "stock"/"shares") right after, dates aside: "pg payout ratio", "ko fy24 revenue";
 *   or a metric just before with "of"/"for"/"at" when it ends the clause: "payout ratio of pg?";
 * - another company across "vs", "and", "or" or a comma ("ko vs pep", "apple, ko"), or a ticker right
 *   beside it ("xom cvx ko"); a company read this way counts, so "ma vs v revenue" is both;
 * - in an investment question, a verb or "is" before it or "a", "stock", "overvalued" after it: "is ko
 *   a buy", "should I buy pep".
 * - a possessive with a metric after it ("visa's revenue", "target's margin"), or a legal form after
 *   it ("target corp");
 * - for a listed ticker that may be a word ("key"): only "stock" or "shares" right after it, "shares
 *   of" right before it, or another company beside it; for one that is a finance acronym ("NIM",
 *   "IT"): only "stock" or "shares" after it or "shares of" before it ("WFC NIM" is a margin).
 * A metric's acronym ("NIM", "ARPU") counts as a metric here, and words qualifying the metric between
 * ("pep gaap eps", "ko adjusted ebitda") are skipped. A brand that is an English word ("chase") takes a
 * metric after it only at the start of a sentence ("chase net income"; "investors chase revenue
 * growth" is the verb); a lowercase word that qualifies a metric ("target leverage ratio", a goal)
 * never does. "v" is "versus" right after a
 * company, metric or date ("apple v microsoft", "2023 v 2024"), and "ma" in running prose ("my ma said")
 * has none of these around it; nor is "Ma" after a capitalized word ("Jack Ma"). */
function wordlikeCompanies(state: ReadingState): CompanyMention[] {
  const { question, tokens, roles, companies: named } = state;
  const candidates = new Map<number, NonNullable<ReturnType<typeof wordlikeCompany>>>();
  tokens.forEach((t, i) => {
    if (roles[i] !== null) return;
    const w = wordlikeCompany(t);
    if (w) candidates.set(i, w);
  });
  if (candidates.size === 0) return [];
  const accepted = new Set<number>();
  const gap = (a: number, b: number) => question.slice(tokens[Math.min(a, b)]!.end, tokens[Math.max(a, b)]!.start);
  const joined = (a: number, b: number) => b >= 0 && b < tokens.length && /^\s*[,/]?\s*$/.test(gap(a, b));
  const isCompany = (j: number) => roles[j] === "company" || accepted.has(j);
  const isList = (j: number) => roles[j] === null && LIST_WORDS.has(tokens[j]!.norm);
  const listPair = (j: number, dir: 1 | -1) => {
    const k = j + dir;
    if (k < 0 || k >= tokens.length || !joined(j, k)) return false;
    const [a, b] = dir === 1 ? [j, k] : [k, j];
    return LIST_PAIRS.has(`${tokens[a]!.norm} ${tokens[b]!.norm}`);
  };
  /** Tokens that name a company by its ticker ("xom"): a list of tickers needs no commas. */
  const tickers = new Set(
    named.filter((c) => c.first === c.last && tokens[c.first]!.norm === c.ticker.toLowerCase()).map((c) => c.first),
  );
  /** Another company next to tokens[i], across a list word or a comma, or a ticker right beside it;
   * across "or"/"vs", another candidate, unless both are everyday words ("ford or gm", "ko vs pep";
   * not "target or block"). */
  const companyNext = (i: number, dir: 1 | -1) => {
    const j = i + dir;
    if (!joined(i, j)) return false;
    if (isCompany(j)) return tickers.has(j) || accepted.has(j) || /[,/]/.test(gap(i, j));
    const k = isList(j) ? j + dir : listPair(j, dir) ? j + 2 * dir : -1;
    if (k < 0 || !joined(k - dir, k)) return false;
    const either = isList(j) && EITHER_WORDS.has(tokens[j]!.norm);
    const pair = candidates.get(k);
    return (
      isCompany(k) || (either && pair !== undefined && (pair.kind !== "word" || candidates.get(i)!.kind !== "word"))
    );
  };
  const metricAfter = (i: number) => {
    let j = i + 1;
    const between = (k: number) => roles[k] === "date" || (roles[k] === null && METRIC_QUALIFIERS.has(tokens[k]!.norm));
    while (j < tokens.length && between(j) && joined(j - 1, j)) j++;
    if (!joined(j - 1, j)) return false;
    return (
      roles[j] === "metric" ||
      (roles[j] === null && MEASURE_ACRONYMS.has(tokens[j]!.norm)) ||
      ((roles[j] === null || roles[j] === "metric") && /^(?:stock|stocks|shares)$/.test(tokens[j]!.norm))
    );
  };
  const stockAfter = (i: number) =>
    i + 1 < tokens.length && joined(i, i + 1) && /^(?:stock|stocks|shares)$/.test(tokens[i + 1]!.norm);
  const sharesOfBefore = (i: number) =>
    i >= 2 &&
    /^(?:shares|stock)$/.test(tokens[i - 2]!.norm) &&
    tokens[i - 1]!.norm === "of" &&
    joined(i - 2, i - 1) &&
    joined(i - 1, i);
  /** "target leverage ratio": a lowercase word that qualifies the metric after it ("Target operating
   * margin", capitalized, is the company's). */
  const qualifiesMetric = (i: number) => !isCapitalized(tokens[i]!.text) && METRIC_QUALIFIERS.has(tokens[i]!.norm);
  const possessive = (i: number) => /['’]s$/.test(tokens[i]!.text);
  const legalFormAfter = (i: number) =>
    i + 1 < tokens.length && joined(i, i + 1) && CORPORATE_SUFFIXES.has(tokens[i + 1]!.norm);
  /** The clause ends after tokens[i]: the end, punctuation, or only dates before them. */
  const endsClause = (i: number) => {
    let j = i + 1;
    const dateNext = (k: number) =>
      roles[k] === "date" || (DATE_PREPOSITIONS.has(tokens[k]!.norm) && roles[k + 1] === "date");
    while (j < tokens.length && dateNext(j) && joined(j - 1, j)) j++;
    return j >= tokens.length || /[?.!;:,]/.test(gap(j - 1, j));
  };
  const metricBefore = (i: number) =>
    i >= 2 &&
    OF_WORDS.has(tokens[i - 1]!.norm) &&
    roles[i - 1] === null &&
    roles[i - 2] === "metric" &&
    joined(i - 2, i - 1) &&
    joined(i - 1, i) &&
    endsClause(i);
  const invest = detectIntent(question, { companies: 0, multiPeriod: false }).intent === "invest";
  const investAround = (i: number) =>
    invest &&
    ((i > 0 && INVEST_LEADS.has(tokens[i - 1]!.norm) && joined(i - 1, i)) ||
      (i + 1 < tokens.length && INVEST_TAILS.has(tokens[i + 1]!.norm) && joined(i, i + 1)));
  /** "v" between two things compared is "versus". */
  const versus = (i: number) => {
    if (!LIST_WORDS.has(tokens[i]!.norm) || i === 0) return false;
    const previous = i - 1;
    return /^[\s.]*$/.test(gap(previous, i)) && (roles[previous] !== null || candidates.has(previous));
  };
  /** "Jack Ma": a capitalized candidate after a capitalized word is part of a person's name. */
  const inName = (i: number) => {
    const t = tokens[i]!;
    const previous = tokens[i - 1];
    return (
      isCapitalized(t.text) &&
      !isAllCaps(t.text) &&
      previous !== undefined &&
      isCapitalized(previous.text) &&
      /^\s+$/.test(gap(i - 1, i))
    );
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [i, w] of candidates) {
      if (accepted.has(i) || versus(i) || inName(i)) continue;
      const opensSentence = startsSentence(question, tokens[i]!.start);
      // A listed ticker in lower case may be a word ("key revenue drivers", "did well"): only "stock" or
      // "shares" after it, or another company beside it ("jpm or bac", "ups vs fedex"), make it one.
      const metric =
        w.kind === "ticker"
          ? metricAfter(i) || metricBefore(i)
          : w.kind === "listed"
            ? stockAfter(i) || sharesOfBefore(i)
            : (opensSentence && !qualifiesMetric(i) && metricAfter(i)) || metricBefore(i);
      if (w.kind === "acronym") {
        // "WFC NIM" is a bank's margin: only "stock" or "shares" make the acronym a company.
        if (stockAfter(i) || sharesOfBefore(i)) {
          accepted.add(i);
          changed = true;
        }
        continue;
      }
      const named = w.kind !== "listed" && ((possessive(i) && metricAfter(i)) || legalFormAfter(i));
      if (metric || named || companyNext(i, -1) || companyNext(i, 1) || investAround(i)) {
        accepted.add(i);
        changed = true;
      }
    }
  }
  return [...accepted].map((i) => {
    const { company } = candidates.get(i)!;
    const last = legalFormAfter(i) ? i + 1 : i;
    return { ticker: company.ticker, name: company.name, first: i, last, confidence: 0.9 };
  });
}
