// How investors phrase a metric with words around the names (issue 16/19): a change asked with a verb
// or a noun ("how much did revenue grow", "the % change in R&D"), a ratio said in words ("capex relative
// to sales", "OCF as a share of revenue", "what share of revenue went to capex", "X per dollar of Y"),
// and a cash flow named by its activity ("cash did Netflix's operations produce"). A change or a ratio
// the catalog holds becomes that metric (found by its formula, so no list of pairs); one it does not
// hold becomes a question-defined formula (the definitions of issue 16 item 9), evaluated by the Data
// Module beside its inputs. Runs after the names are read and before the intent.
import { formatFormula, parseFormula } from "@/lib/catalog/formulas";
import { metricByKey } from "@/lib/catalog/metrics";
import {
  CASH_ACTIVITIES,
  CHANGE_NOUNS,
  CHANGE_SIZE_CUES,
  CHANGE_VERBS,
  FLOW_VERBS,
  RATIO_CONNECTORS,
  SHARE_NOUNS,
} from "../lexicon/metric-words";
import { metricWithFormula } from "../metrics";
import type { ReadingState } from "./reading-state";

export function readMetricRelations(state: ReadingState): void {
  readCashActivities(state);
  readRatios(state);
  readChanges(state);
}

type Mention = ReadingState["metrics"][number];

/** The words from token `from` to token `to` (both included), normalized, a company written "C", a date
 * "D", any other word already read "M"; a "%" written before a word is a word of its own. `at` holds
 * each word's token (a "%" has the token after it). */
function wordsBetween(state: ReadingState, from: number, to: number): { words: string[]; at: number[] } {
  const { tokens, roles, question } = state;
  const words: string[] = [];
  const at: number[] = [];
  for (let i = Math.max(0, from); i <= to && i < tokens.length; i++) {
    const gap = question.slice(i === 0 ? 0 : tokens[i - 1]!.end, tokens[i]!.start);
    if (i > from && gap.includes("%")) {
      words.push("%");
      at.push(i);
    }
    const role = roles[i];
    words.push(role === "company" ? "C" : role === "date" ? "D" : role === null ? tokens[i]!.norm : "M");
    at.push(i);
  }
  return { words, at };
}

/** Words that may stand beside a metric without changing what is asked: "its revenue", "Apple's fiscal 2022 sales". */
const FILLER = new Set(["C", "D", "its", "their", "the", "total", "company", "in", "for", "during"]);

/** Where `phrase` ends `words`, fillers after it allowed: the index of its first word, or -1. */
function phraseAtEnd(words: readonly string[], phrase: readonly string[]): number {
  let end = words.length;
  while (end > 0 && FILLER.has(words[end - 1]!) && !phrase.includes(words[end - 1]!)) end--;
  if (end < phrase.length) return -1;
  return phrase.every((w, k) => words[end - phrase.length + k] === w) ? end - phrase.length : -1;
}

/** The metrics named by name (not a hint, not a weak "stock"), in order of mention. */
function namedMentions(state: ReadingState): Mention[] {
  return state.metrics.filter((m) => !m.weak && !m.hint).sort((a, b) => a.first - b.first);
}

/** Gives the free words of the range the metric role: they are part of how the metric is said. */
function claimWords(state: ReadingState, first: number, last: number): void {
  let run: { first: number; last: number } | null = null;
  for (let j = first; j <= last; j++) {
    if (state.roles[j] !== null) {
      run = null;
      continue;
    }
    state.roles[j] = "metric";
    if (run) run.last = j;
    else {
      run = { first: j, last: j };
      state.metricWords.push(run);
    }
  }
}

/** The mention now stands for `key`, said with the words first..last as well. */
function rename(state: ReadingState, mention: Mention, key: string, first: number, last: number): void {
  claimWords(state, first, last);
  mention.key = key;
  mention.first = Math.min(mention.first, first);
  mention.last = Math.max(mention.last, last);
}

function removeMention(state: ReadingState, mention: Mention): void {
  state.metrics.splice(state.metrics.indexOf(mention), 1);
}

function spanText(state: ReadingState, first: number, last: number): string {
  return state.question.slice(state.tokens[first]!.start, state.tokens[last]!.end);
}

/** A metric measured in money, shares or per share: a ratio of two of them, or its change, is asked in words. */
function isAmount(key: string): boolean {
  const kind = metricByKey(key)?.unitKind;
  return kind === "currency" || kind === "per_share" || kind === "count";
}

/** The catalog metric computed as `expression`, else a definition of the question's own: the words
 * first..last say it. */
function readFormula(state: ReadingState, mention: Mention, expression: string, first: number, last: number): void {
  const formula = formatFormula(parseFormula(expression));
  const catalog = metricWithFormula(formula);
  if (catalog) {
    rename(state, mention, catalog, first, last);
    return;
  }
  const text = spanText(state, Math.min(first, mention.first), Math.max(last, mention.last));
  state.definitions.push({ text, metric: null, formula });
  claimWords(state, first, last);
}

/** "cash did Netflix's operations produce", "cash generated by operating activities": the cash flow of
 * that activity, not the cash balance; a verb read as a metric right after it ("bring in") is the phrase's. */
function readCashActivities(state: ReadingState): void {
  const { tokens, roles } = state;
  for (const cash of namedMentions(state).filter((m) => m.key === "cash" && m.first === m.last)) {
    for (let j = cash.last + 1; j < tokens.length && j <= cash.last + 8; j++) {
      if (/[.?!;,]/.test(state.question.slice(tokens[j - 1]!.end, tokens[j]!.start))) break;
      const activity = CASH_ACTIVITIES.find(([words]) =>
        words.every((w, k) => tokens[j + k]?.norm === w && roles[j + k] === null),
      );
      if (activity) {
        const [words, key] = activity;
        const last = j + words.length - 1;
        for (const verb of state.metrics.filter(
          (m) => m.first > cash.last && m.first <= last + 1 && isFlowVerb(state, m),
        ))
          removeMention(state, verb);
        rename(state, cash, key, j, last);
        // The verb of the phrase, between or right after ("did X generate from operations", "operations produce").
        for (let v = cash.first + 1; v <= last + 1 && v < tokens.length; v++)
          if (FLOW_VERBS.has(tokens[v]!.norm) && (roles[v] === null || roles[v] === "metric")) claimWords(state, v, v);
        break;
      }
      // Only a company, a verb and the words of a clause stand between: another name ends the search.
      const verb =
        roles[j] === "metric" && state.metrics.some((m) => m.first <= j && j <= m.last && isFlowVerb(state, m));
      if (roles[j] !== null && roles[j] !== "company" && !verb) break;
    }
  }
}

/** A verb read as a metric ("bring in" as revenue) that is a cash flow's verb in "cash … bring in". */
function isFlowVerb(state: ReadingState, m: Mention): boolean {
  return state.tokens.slice(m.first, m.last + 1).every((t) => FLOW_VERBS.has(t.norm));
}

/** The words between two names say "A to B as a ratio" ("relative to", "as a share of", "per dollar
 * of"; a bare "to" only with "ratio" around), or the question asks "what share of B … A". */
function readRatios(state: ReadingState): void {
  const mentions = namedMentions(state);
  for (let k = 0; k + 1 < mentions.length; k++) {
    const a = mentions[k]!;
    const b = mentions[k + 1]!;
    if (a.key === b.key || !isAmount(a.key) || !isAmount(b.key)) continue;
    const between = wordsBetween(state, a.last + 1, b.first - 1).words;
    const before = wordsBetween(state, a.first - 6, a.first - 1);
    const next = state.tokens[b.last + 1];
    const nextIsRatio = next !== undefined && next.norm === "ratio" && state.roles[b.last + 1] === null;
    const isClause = (w: string) => FILLER.has(w) || CLAUSE_WORDS.has(w);
    const connector = RATIO_CONNECTORS.find((c) => phraseAtEnd(between, c) >= 0);
    const ratioOf = phraseAtEnd(before.words, ["ratio", "of"]);
    const share = SHARE_NOUNS.map((noun) => phraseAtEnd(before.words, [noun, "of"])).find((at) => at >= 0);
    if (connector && between.every((w) => isClause(w) || connector.includes(w))) {
      // "capex relative to sales", "OCF did Apple generate per dollar of net income"
      readRatio(state, a, b, a.first, b.last);
    } else if (
      between.includes("to") &&
      between.every((w) => FILLER.has(w) || w === "to") &&
      (nextIsRatio || ratioOf >= 0)
    ) {
      // "capex to revenue ratio", "the ratio of capex to sales"
      readRatio(state, a, b, ratioOf >= 0 ? before.at[ratioOf]! : a.first, nextIsRatio ? b.last + 1 : b.last);
    } else if (share !== undefined && between.every(isClause)) {
      // "what share of its revenue did Apple spend on capex": the base is named first.
      readRatio(state, b, a, before.at[share]!, b.last);
    } else continue;
    k++;
  }
}

/** numerator / denominator, said by the words first..last: one metric when the catalog holds the ratio. */
function readRatio(state: ReadingState, numerator: Mention, denominator: Mention, first: number, last: number): void {
  const formula = formatFormula(parseFormula(`${numerator.key} / ${denominator.key}`));
  if (metricWithFormula(formula)) removeMention(state, denominator);
  readFormula(state, numerator, formula, first, last);
}

/** Words of the clause between two names: "what share of revenue did Apple spend on capex", "OCF did
 * Apple generate per dollar of net income". */
const CLAUSE_WORDS: ReadonlySet<string> = new Set([
  "did",
  "does",
  "do",
  "was",
  "were",
  "is",
  "are",
  "has",
  "have",
  "had",
  "went",
  "go",
  "goes",
  "spend",
  "spends",
  "spent",
  "put",
  "puts",
  "invest",
  "invests",
  "invested",
  "pay",
  "pays",
  "paid",
  "generate",
  "generates",
  "generated",
  "produce",
  "produces",
  "produced",
  "make",
  "makes",
  "made",
  "on",
  "into",
  "to",
]);

/** "How much did X's revenue grow", "by what percentage did R&D increase", "the % change in Y", "what
 * was the growth in net income": the change against a year earlier, on one period. A size must be
 * asked before the name (a bare "did revenue grow", "income growth" or "what caused the change in
 * EBIT" is the metric and a trend), and a change across a span of years is a trend, read elsewhere. */
function readChanges(state: ReadingState): void {
  if (state.dates.multiPeriod) return;
  const { tokens, roles } = state;
  const norms = tokens.map((t) => t.norm);
  const cues = CHANGE_SIZE_CUES.map((c) => ({ at: indexOfPhrase(norms, c), length: c.length })).filter(
    (c) => c.at >= 0,
  );
  let changed = false;
  for (const m of namedMentions(state)) {
    if (!isAmount(m.key) || metricByKey(m.key)?.statement === "market") continue;
    const asksSize = cues.some((c) => c.at < m.first);
    const growth = `${m.key} / prev(${m.key}, "yoy") - 1`;
    const next = tokens[m.last + 1];
    if (asksSize && next && roles[m.last + 1] === null && CHANGE_VERBS.has(next.norm)) {
      readChange(state, m, growth, m.last + 1, m.last + 1);
      changed = true;
      continue;
    }
    const before = wordsBetween(state, m.first - 8, m.first - 1);
    for (const noun of CHANGE_NOUNS) {
      const at = Math.max(phraseAtEnd(before.words, [...noun, "in"]), phraseAtEnd(before.words, [...noun, "of"]));
      if (at < 0) continue;
      // "the % change in Y" always; "the growth of Y" when a size is asked or "what was the …" opens it.
      const opening = before.words.slice(Math.max(0, at - 3), at).join(" ");
      if (noun.length === 1 && !asksSize && !/^what (?:(?:was|is|were|are) )?the$|^what the$/.test(opening)) break;
      readChange(state, m, growth, before.at[at]!, m.first - 1);
      changed = true;
      break;
    }
  }
  // "by what percentage", "how fast": the words that asked for the change are read with it.
  if (changed) for (const cue of cues) claimWords(state, cue.at, cue.at + cue.length - 1);
}

/** The catalog's growth metric of the mention, with the change's words; else the question's own formula,
 * its change words left to the intent (a change is a trend, as a catalog growth metric is). */
function readChange(state: ReadingState, mention: Mention, growth: string, first: number, last: number): void {
  const formula = formatFormula(parseFormula(growth));
  const catalog = metricWithFormula(formula);
  if (catalog) rename(state, mention, catalog, first, last);
  else {
    const text = spanText(state, Math.min(first, mention.first), Math.max(last, mention.last));
    state.definitions.push({ text, metric: null, formula });
  }
}

function indexOfPhrase(words: readonly string[], phrase: readonly string[]): number {
  for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((w, k) => words[i + k] === w)) return i;
  return -1;
}
