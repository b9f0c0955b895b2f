// Companies, metrics, sectors and industries, and peer words, left to right, longest match first; on
// equal length a capitalized company, then peer words, a group, a metric, a lowercase company.
import { matchCompanyAt } from "../companies";
import { matchGroupAt, matchPeersAt } from "../groups";
import { COMPANY_SELECTORS, GENERIC_COMPANY_NOUNS, SELECTION_QUALIFIERS } from "../lexicon/group-words";
import { matchMetricAt } from "../metrics";
import { isCapitalized, type Token } from "../tokens";
import { IGNORABLE_WORDS, NUMBER_WORDS } from "../lexicon/everyday-words";
import { assignRange, isNumber, type ReadingState, type Role } from "./reading-state";

export function readNames(state: ReadingState): void {
  const { tokens, roles, usable } = state;
  const ctx = { question: state.question, shouting: state.shouting, usable };
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(i)) continue;
    const c = matchCompanyAt(tokens, i, ctx);
    let m = matchMetricAt(tokens, i, usable);
    // "which stock", "top 5 stocks": companies in general, not the share price.
    if (m?.entry.weak && selectsCompanies(tokens, i, roles)) {
      state.heldBack.push(i);
      m = null;
    }
    const g = matchGroupAt(tokens, i, usable);
    const p = matchPeersAt(tokens, i, usable);
    const capitalized = isCapitalized(tokens[i]!.text);
    const options = [
      c ? { kind: "company" as const, length: c.length, rank: capitalized ? 4 : 0 } : null,
      p ? { kind: "peers" as const, length: p.length, rank: 3 } : null,
      g ? { kind: "group" as const, length: g.length, rank: 2 } : null,
      m ? { kind: "metric" as const, length: m.length, rank: 1 } : null,
    ].filter((o) => o !== null);
    const best = options.sort((a, b) => b.length - a.length || b.rank - a.rank)[0];
    if (!best) continue;
    if (best.kind === "company" && c) {
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
    i += best.length - 1;
  }
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
