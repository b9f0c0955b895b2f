// The reading state every pass of the rules parser reads and extends: the question's tokens, the role
// each token has been given so far, and what has been found. Passes run in a fixed order (see
// parse-question.ts); a pass gives roles only to tokens no earlier pass took, unless it says otherwise.
import type { CharSpan, DateResult } from "../dates";
import type { GroupTarget, PeerForm } from "../lexicon/group-words";
import type { IntentResult } from "../intent";
import type { DocumentReading } from "../routing";
import type { DateRange, Definition, GroupRef, Rank, Screen, Span, Suggestion } from "../schema";
import { tokenize, type Token } from "../tokens";

/** "subject": what the question asks of the filings (passes/read-document-subjects.ts). */
export type Role = "date" | "company" | "metric" | "group" | "screen" | "intent" | "subject" | "ignorable";

/** A token range, both ends included. */
export interface TokenRange {
  first: number;
  last: number;
}

/** A company named one by one. */
export interface CompanyMention extends TokenRange {
  ticker: string;
  name: string;
  confidence: number;
}

interface MetricMention extends TokenRange {
  key: string;
  confidence: number;
  /** "stock": the share price only when no other metric is named. */
  weak: boolean;
  /** A plain-language word ("cheaper", "healthier"): its metrics only when no metric is named by name. */
  hint?: boolean;
}

/** A sector, industry or "all companies" named in the question. */
interface GroupMention extends TokenRange {
  target: GroupTarget;
  confidence: number;
}

/** Peer words ("competitors", "its peers", "companies like"), before they are tied to a company. */
export interface PeerMention extends TokenRange {
  form: PeerForm;
}

/** A group of companies resolved for the request, with the tokens it covers (first -1: said nowhere). */
export interface ResolvedGroup extends TokenRange {
  ref: GroupRef;
}

export interface ReadingState {
  readonly question: string;
  readonly today: string;
  readonly tokens: readonly Token[];
  /** The role of each token; null while no pass has taken it. */
  readonly roles: Array<Role | null>;
  /** Whether tokens[i] is still free. */
  readonly usable: (index: number) => boolean;
  /** Several words and no lowercase letter: "COST" and "PEP" are words, a lone "V" may be "versus". */
  readonly shouting: boolean;
  dates: DateResult;
  companies: CompanyMention[];
  metrics: MetricMention[];
  /** Words read as part of a metric outside its span ("traded" in "shares of X traded"). */
  metricWords: TokenRange[];
  groupMentions: GroupMention[];
  peerMentions: PeerMention[];
  /** "stock" read as companies in general ("which stock"), not as the price: given back if no group takes it. */
  heldBack: number[];
  /** The threshold's comparison and value ("over $100 billion"), not its metric. */
  screenWords: TokenRange | null;
  screen: Screen | null;
  intent: IntentResult;
  groups: ResolvedGroup[];
  rank: Rank | null;
  /** The amount said to be invested ("$10,000"), as a plain decimal; null when none is said. */
  invested: string | null;
  /** A metric other than a weak "stock" was named (decided before a held-back "stock" is given back). */
  metricNamed: boolean;
  /** What the question asks of the filings. */
  documents: DocumentReading;
  /** Ratios and changes asked in words that the catalog does not hold (passes/read-metric-relations.ts):
   * formulas the Data Module evaluates, as if the question had defined them. */
  definitions: Definition[];
  unrecognized: Span[];
  suggestions: Suggestion[];
}

/** No date said: the latest period. */
export const NO_DATES: DateRange = {
  expression: null,
  start: null,
  end: null,
  latest: true,
  granularity: "any",
  fiscal: null,
  count: null,
};

/** A pass of the parser: reads the state and adds what it finds. */
export type Pass = (state: ReadingState) => void;

export function startReading(question: string, today: string): ReadingState {
  const tokens = tokenize(question);
  const roles: Array<Role | null> = tokens.map(() => null);
  return {
    question,
    today,
    tokens,
    roles,
    usable: (i) => roles[i] === null,
    shouting: !/\p{Ll}/u.test(question) && tokens.filter((t) => /\p{L}/u.test(t.text)).length >= 3,
    dates: { range: NO_DATES, spans: [], multiPeriod: false },
    companies: [],
    metrics: [],
    metricWords: [],
    groupMentions: [],
    peerMentions: [],
    heldBack: [],
    screenWords: null,
    screen: null,
    intent: { intent: "lookup", spans: [], overview: false },
    groups: [],
    rank: null,
    metricNamed: false,
    documents: { subjects: [], cue: false, callSubjects: [], latestQuarter: false, spans: [] },
    invested: null,
    definitions: [],
    unrecognized: [],
    suggestions: [],
  };
}

export const isNumber = (t: Token) => /^\d+$/.test(t.norm);

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Gives `role` to the free tokens inside the character spans. */
export function markSpans(state: ReadingState, spans: readonly CharSpan[], role: Role): void {
  const { tokens, roles } = state;
  for (const span of spans) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.start >= span.end) break;
      if (roles[i] === null && t.end > span.start) roles[i] = role;
    }
  }
}

/** Gives `role` to every token of the range, whatever it had. */
export function assignRange(state: ReadingState, range: TokenRange, role: Role): void {
  for (let j = range.first; j <= range.last; j++) state.roles[j] = role;
}

export function spanOf(state: ReadingState, first: number, last: number): Span {
  const start = state.tokens[first]!.start;
  const end = state.tokens[last]!.end;
  return { text: state.question.slice(start, end), start, end };
}

/** The question with the given token ranges blanked out (same length, so offsets still hold). */
export function blankOut(state: ReadingState, ranges: readonly TokenRange[]): string {
  const { question, tokens } = state;
  const sorted = [...ranges].sort((a, b) => a.first - b.first);
  let out = "";
  let at = 0;
  for (const r of sorted) {
    const start = tokens[r.first]!.start;
    const end = tokens[r.last]!.end;
    if (start < at) continue;
    out += question.slice(at, start) + " ".repeat(end - start);
    at = end;
  }
  return out + question.slice(at);
}

/** Plain-language metric words that are ranking words too ("cheapest": the lowest P/E first): left visible to the cues. */
const RANKING_HINTS: ReadonlySet<string> = new Set(["cheapest"]);

/** Everything named so far (companies, metrics, groups, peer words, the threshold): blanked before cue words are read. */
export function namedRanges(state: ReadingState): TokenRange[] {
  return [
    ...state.companies,
    ...state.metrics.filter(
      (m) => !(m.hint && m.first === m.last && RANKING_HINTS.has(state.tokens[m.first]?.norm ?? "")),
    ),
    ...state.metricWords,
    ...state.groupMentions,
    ...state.peerMentions,
    ...(state.screenWords ? [state.screenWords] : []),
  ];
}
