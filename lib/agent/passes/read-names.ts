// Companies, metrics, sectors and industries, peer words and finance terms that look like companies
// ("P&L", "DuPont analysis"), left to right, longest match first; on equal length a finance term, a
// capitalized company, then peer words, a group, a metric, a lowercase company.
import { matchCompanyAt } from "../companies";
import { financeTermLengthAt } from "../finance-terms";
import { matchGroupAt, matchPeersAt } from "../groups";
import { COMPANY_SELECTORS, GENERIC_COMPANY_NOUNS, SELECTION_QUALIFIERS } from "../lexicon/group-words";
import { matchMetricAt } from "../metrics";
import { isCapitalized, type Token } from "../tokens";
import { IGNORABLE_WORDS, NUMBER_WORDS } from "../lexicon/everyday-words";
import { assignRange, isNumber, type ReadingState, type Role } from "./reading-state";

export function readNames(state: ReadingState): void {
  for (let i = 0; i < state.tokens.length; i++) {
    if (!state.usable(i)) continue;
    let read = readAt(state, i, state.usable);
    if (!read) continue;
    const edge = edgeOfTermInside(state, i, read.length);
    if (edge === "skip") continue;
    if (edge !== null) {
      const before = (k: number) => state.usable(k) && k < edge;
      read = readAt(state, i, before);
      if (!read) continue;
    }
    read.take();
    i += read.length - 1;
  }
}

/** The longest company, peer words, group, metric or finance term at tokens[i] (on equal length a
 * finance term, a capitalized company, then peer words, a group, a metric, a lowercase company), and
 * how to take it. A finance term asks for nothing: its words are taken as ignorable, so that no later
 * pass reads them as a company ("P&L" as a misspelt "P&G", the "L" of "P and L" as Loews). */
function readAt(
  state: ReadingState,
  i: number,
  usable: (index: number) => boolean,
): { length: number; take: () => void } | null {
  const { tokens, roles } = state;
  const ctx = { question: state.question, shouting: state.shouting, usable };
  const c = matchCompanyAt(tokens, i, ctx);
  let m = matchMetricAt(tokens, i, usable);
  let holdBack = false;
  // "which stock", "top 5 stocks": companies in general, not the share price.
  if (m?.entry.weak && selectsCompanies(tokens, i, roles)) {
    holdBack = true;
    m = null;
  }
  const g = matchGroupAt(tokens, i, usable);
  const p = matchPeersAt(tokens, i, usable);
  const capitalized = isCapitalized(tokens[i]!.text);
  const term = financeTermLengthAt(tokens, i, usable);
  const options = [
    term > 0 ? { kind: "term" as const, length: term, rank: 5 } : null,
    c ? { kind: "company" as const, length: c.length, rank: capitalized ? 4 : 0 } : null,
    p ? { kind: "peers" as const, length: p.length, rank: 3 } : null,
    g ? { kind: "group" as const, length: g.length, rank: 2 } : null,
    m ? { kind: "metric" as const, length: m.length, rank: 1 } : null,
  ].filter((o) => o !== null);
  const best = options.sort((a, b) => b.length - a.length || b.rank - a.rank)[0];
  if (!best) {
    if (holdBack) state.heldBack.push(i);
    return null;
  }
  const take = () => {
    if (holdBack) state.heldBack.push(i);
    if (best.kind === "term") {
      assignRange(state, { first: i, last: i + best.length - 1 }, "ignorable");
    } else if (best.kind === "company" && c) {
      const hit = { ticker: c.ticker, name: c.name, first: i, last: i + c.length - 1, confidence: c.confidence };
      state.companies.push(hit);
      assignRange(state, hit, "company");
    } else if (best.kind === "peers" && p) {
      const hit = { form: p.form, first: i, last: i + p.length - 1 };
      state.peerMentions.push(hit);
      assignRange(state, hit, "group");
    } else if (best.kind === "group" && g) {
      const hit = { target: g.target, confidence: g.confidence, first: i, last: i + g.length - 1 };
      state.groupMentions.push(hit);
      assignRange(state, hit, "group");
    } else if (m) {
      const { key, confidence, weak, hint, also } = m.entry;
      const hit = { key, first: i, last: i + m.length - 1, confidence, weak, hint };
      state.metrics.push(hit, ...also.map((k) => ({ ...hit, key: k })));
      assignRange(state, hit, "metric");
    }
  };
  return { length: best.length, take };
}

/** A span that is part of a longer known term never matches on its own. When a term starting inside
 * tokens[i .. i+length-1] runs past its end, the reading that covers more words with whole terms
 * wins: stopping before that term (its edge, returned) if a shorter reading here ends right there, so
 * both are read whole ("deferred revenue | current liabilities"), or this reading and the one after it
 * ("Dividend Yield (TTM) | earnings multiple"; null). With no shorter reading, this one gives way
 * ("skip") to a term written as one unit where it straddles a space ("a P/E basis" is P/E, not
 * "A/P") or to a longer term. */
function edgeOfTermInside(state: ReadingState, i: number, length: number): number | "skip" | null {
  const { tokens, usable } = state;
  const ctx = { question: state.question, shouting: state.shouting, usable };
  const last = i + length - 1;
  // A capitalized company name is not cut by a metric phrase that starts inside it ("Best Buy fixed
  // assets" is not "buy fixed assets"); only another company may run on from it.
  const isNamedCompany = isCapitalized(tokens[i]!.text) && matchCompanyAt(tokens, i, ctx)?.length === length;
  const termAt = (k: number, within: (index: number) => boolean = usable) =>
    k >= tokens.length
      ? 0
      : Math.max(
          isNamedCompany && k > i ? 0 : (matchMetricAt(tokens, k, within)?.length ?? 0),
          matchCompanyAt(tokens, k, { ...ctx, usable: within })?.length ?? 0,
        );
  const joined = (first: number, end: number) =>
    !/\s/.test(state.question.slice(tokens[first]!.start, tokens[end]!.end));
  for (let j = i + 1; j <= last; j++) {
    const other = termAt(j);
    const otherLast = j + other - 1;
    if (other === 0 || otherLast <= last) continue;
    const shorter = termAt(i, (k) => usable(k) && k < j);
    if (shorter === j - i) return shorter + other >= length + termAt(last + 1) ? j : null;
    if ((joined(j, otherLast) && !joined(i, last)) || otherLast - j > last - i) return "skip";
  }
  return null;
}

/** "BBY V INTC" in a question written in capitals, "Apple V. Microsoft": a "V" between two companies
 * is "versus", not Visa (otherwise a capital V is Visa: "WMT V META" lists three tickers). */
export function readVersusV(state: ReadingState): void {
  const { question, tokens, companies } = state;
  for (let k = companies.length - 1; k >= 0; k--) {
    const v = companies[k]!;
    if (v.ticker !== "V" || v.first !== v.last || tokens[v.first]!.norm !== "v") continue;
    if (!state.shouting && question.charAt(tokens[v.first]!.end) !== ".") continue;
    const spaced = (a: number, b: number) => /^[\s.]*$/.test(question.slice(tokens[a]!.end, tokens[b]!.start));
    const before = companies.some((c) => c.last === v.first - 1) && spaced(v.first - 1, v.first);
    const after = companies.some((c) => c.first === v.first + 1) && spaced(v.first, v.first + 1);
    if (before && after) {
      companies.splice(k, 1);
      state.roles[v.first] = null;
    }
  }
}

const DETERMINERS = new Set(["the", "a", "an", "its", "their", "his", "her", "our", "this", "that"]);
const YEAR_LIKE = /^(?:19|20)\d{2}$/;

/** "the 737 MAX", "Boeing's 787 MAX": a ticker written right after a model number that follows a
 * determiner or a possessive is the model's name (MAX is also a ticker), not a company; "buy 100 AAPL"
 * keeps its company. */
export function readModelNames(state: ReadingState): void {
  const { question, tokens, companies } = state;
  for (let k = companies.length - 1; k >= 0; k--) {
    const hit = companies[k]!;
    const number = tokens[hit.first - 1];
    const before = tokens[hit.first - 2];
    if (hit.first !== hit.last || !number || !before || !isNumber(number) || YEAR_LIKE.test(number.norm)) continue;
    const possessive = /['’]s$/i.test(question.slice(before.start, number.start).trim());
    if (!DETERMINERS.has(before.norm) && !possessive) continue;
    companies.splice(k, 1);
    state.roles[hit.first] = null;
  }
}

/** Whether a noun for companies at tokens[i] ("stock") stands for companies in general: "which stock",
 * "top 5 stocks", "stocks with EPS over 5". */
function selectsCompanies(tokens: readonly Token[], i: number, roles: ReadonlyArray<Role | null>): boolean {
  if (!GENERIC_COMPANY_NOUNS.has(tokens[i]!.norm)) return false;
  const selector = (t: Token | undefined) =>
    t !== undefined && (COMPANY_SELECTORS.has(t.norm) || isNumber(t) || NUMBER_WORDS.has(t.norm));
  const previous = tokens[i - 1];
  const next = tokens[i + 1];
  // "which FAANG stock", "top 5 retail stocks": one word of a kind of companies between.
  const kind =
    previous !== undefined && roles[i - 1] === null && !IGNORABLE_WORDS.has(previous.norm) && selector(tokens[i - 2]);
  return selector(previous) || kind || (next !== undefined && SELECTION_QUALIFIERS.has(next.norm));
}
