// Every number of an answer checked against what the answer was given (the slice's exact values and
// derivations, the prompt, the documents' passages): found there at the rounding and scale the text
// uses ("$383.3 billion" for 383285000000), computed by the model from two given values (a ratio, a
// change, a difference), or untraced. Pure code on the context, so any answer (LLM or analyst) is checked alike.
import { daysBetween } from "@/lib/core/dates";
import { Decimal } from "@/lib/core/decimal";
import type { DataSlice, Series } from "@/lib/data/types";
import type { AnswerDocuments } from "@/lib/documents/answer-documents";
import { pointLabel } from "./labels";
import { matchesOf } from "@/lib/core/regex";

type NumberKind = "amount" | "percent" | "date" | "count";

/** found: in the data given; derived: computed by the model from given values; untraced: neither. */
type TraceStatus = "found" | "derived" | "untraced";

export interface TracedNumber {
  /** The number as the answer wrote it ("$383.3 billion", "2.0%", "FY2024"), at [start, end) of its text. */
  text: string;
  start: number;
  end: number;
  kind: NumberKind;
  status: TraceStatus;
  /** Where it was found ("AAPL Revenue FY2023", "the prompt") or how it was computed; null when untraced. */
  basis: string | null;
}

export interface NumberTrace {
  numbers: TracedNumber[];
  /** Numbers found or derived, of `numbers.length`. */
  traced: number;
  derived: number;
  /** false while the answer is still streaming (the check so far). */
  final: boolean;
}

/** A value the answer was given, exact, with where it came from. */
interface Given {
  value: Decimal;
  basis: string;
}

/** Everything an answer may take its numbers from, indexed once per answer. */
export interface NumberEvidence {
  /** Values as given, in their own unit (base units for the slice, as written for text). */
  values: Given[];
  /** The slice's own values, the operands a model may compute with. */
  operands: Given[];
  dates: Set<string>;
  years: Set<number>;
}

/** While streaming, numbers this close to the end wait: their digits or scale word may still come. */
const STREAM_TAIL_CHARS = 12;
const TEXT_BASIS = "the prompt";
const SLICE_BASIS = "the data slice";
const COUNT_BASIS = "a count of the data slice";
/** Operands considered for derived values: each number not found is looked for among their pairs, so keep it
 * bounded (the pairs are searched by range, so a few thousand cost milliseconds per number). */
const MAX_OPERANDS = 4000;
/** Tables in passages state their unit apart ("in millions"): a bare number there may be read at any scale. */
const TEXT_SCALES = [1, 1e3, 1e6, 1e9].map((s) => new Decimal(s));

interface EvidenceInput {
  slice: DataSlice;
  /** The prompt the model was given; its system rules hold examples ("FY2023 or Q1 FY2026"), not data. */
  context: { prompt: string };
  documents: AnswerDocuments;
}

export function numberEvidence({ slice, context, documents }: EvidenceInput): NumberEvidence {
  return withDocumentEvidence(dataEvidence(slice, context), documents);
}

/** The evidence of the slice and the prompt alone: an answer's streaming checks and its final one share it. */
export function dataEvidence(slice: DataSlice, context: EvidenceInput["context"]): NumberEvidence {
  const evidence: NumberEvidence = { values: [], operands: [], dates: new Set(), years: new Set() };
  const addExact = (raw: string | number, basis: string) => {
    const value = new Decimal(raw);
    evidence.values.push({ value, basis });
    return value;
  };
  const operands = new Map<Series, Given[]>();
  for (const series of slice.series) {
    const own: Given[] = [];
    for (const point of series.points) {
      const basis = `${series.ticker} ${series.metricName} ${pointLabel(point)}`;
      const value = addExact(point.value, basis);
      if (!value.isZero()) own.push({ value, basis });
      if (point.fiscalYear !== null) evidence.years.add(point.fiscalYear);
      addDate(evidence, point.periodEnd);
      if (point.periodStart) addDate(evidence, point.periodStart);
    }
    operands.set(series, own);
  }
  // Filed periods first: a change between fiscal years is what an answer computes most; thousands of trading days
  // of a daily series would otherwise fill the operands before the annual series that follow them.
  const byFrequency = [...operands].sort(
    ([a], [b]) => Number(a.frequency === "daily") - Number(b.frequency === "daily"),
  );
  evidence.operands = byFrequency.flatMap(([, own]) => own).slice(0, MAX_OPERANDS);
  // How old each series' latest value is on the reference date (the stale-data notice says it in days).
  for (const series of slice.series) {
    const last = series.points.at(-1);
    if (last) addExact(Math.abs(daysBetween(last.periodEnd, slice.request.today)), `${series.ticker} days since`);
  }
  // Everything else the slice holds (summaries, rankings, derivation inputs, counts, reasons' words),
  // and how many of each thing it holds (companies, periods, trading days).
  // The question is the user's words, not data: a figure it asserts is not confirmed by repeating it.
  walkValues(
    { ...slice, request: { ...slice.request, question: "" } },
    {
      text: (text) => addText(evidence, text, SLICE_BASIS),
      number: (n) => addExact(n, SLICE_BASIS),
      length: (n) => addExact(n, COUNT_BASIS),
    },
  );
  // How many companies have values, overall and per metric.
  for (const key of [null, ...new Set(slice.series.map((x) => x.metricKey))]) {
    const companies = new Set(slice.series.filter((x) => key === null || x.metricKey === key).map((x) => x.ticker));
    addExact(companies.size, COUNT_BASIS);
  }
  // A trend read off a series: how many times it rose and fell.
  for (const series of slice.series) {
    const moves = series.points.slice(1).map((p, i) => new Decimal(p.value).comparedTo(series.points[i]!.value));
    addExact(moves.filter((m) => m > 0).length, `${series.ticker} ${series.metricName} rises`);
    addExact(moves.filter((m) => m < 0).length, `${series.ticker} ${series.metricName} falls`);
  }
  // The prompt ends with the question, which is not data either.
  addText(evidence, context.prompt.replace(/Financial Query: [\s\S]*$/, ""), TEXT_BASIS);
  return evidence;
}

/** A copy of `evidence` with the documents' own words (the analyst quotes them; the LLM's prompt holds them too).
 * Their numbers (scores, offsets) are not the answer's to cite. */
export function withDocumentEvidence(evidence: NumberEvidence, documents: AnswerDocuments): NumberEvidence {
  const extended: NumberEvidence = {
    values: [...evidence.values],
    operands: evidence.operands,
    dates: new Set(evidence.dates),
    years: new Set(evidence.years),
  };
  walkValues(documents, { text: (text) => addText(extended, text, TEXT_BASIS) });
  return extended;
}

export function traceNumbers(text: string, evidence: NumberEvidence, final: boolean): NumberTrace {
  const index = indexOf(evidence);
  const numbers: TracedNumber[] = [];
  for (const mention of mentionsOf(text)) {
    // Still streaming: a number near the end may be cut ("$383." of "$383.3 billion").
    if (!final && text.length - mention.end < STREAM_TAIL_CHARS) continue;
    numbers.push(traceMention(mention, index));
  }
  const traced = numbers.filter((n) => n.status !== "untraced").length;
  const derived = numbers.filter((n) => n.status === "derived").length;
  return { numbers, traced, derived, final };
}

/** A quantity a text states: its value in base units (a percent as a fraction) and half a unit of its
 * last digit shown, so an exact value "rounds to it" when within that tolerance. */
export interface StatedQuantity {
  text: string;
  kind: Exclude<NumberKind, "date">;
  value: Decimal;
  tolerance: Decimal;
}

/** The amounts, percents and counts of a text in order, read as the trace reads them (dates left out):
 * how an evaluation compares a stated answer with an exact one. */
export function statedQuantities(text: string): StatedQuantity[] {
  return mentionsOf(text).flatMap(({ text, kind, value, tolerance }) =>
    kind === "date" || value === null ? [] : [{ text, kind, value, tolerance }],
  );
}

// ---------------------------------------------------------------------------------------------
// Reading numbers out of text

interface Mention {
  text: string;
  start: number;
  end: number;
  kind: NumberKind;
  /** amount, percent (as a fraction), count: the value; date: the ISO date; year: the year. */
  value: Decimal | null;
  /** Half a unit of the last digit shown, in the value's unit: how far the exact value may lie. */
  tolerance: Decimal;
  isoDate: string | null;
  year: number | null;
  /** Written with a scale or currency: a bare table number of the passages may be at another scale. */
  scaled: boolean;
  /** A whole count followed by "of N" ("8 of 10 periods"): a part of N, itself checked on its own. */
  partOf: Decimal | null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)";
const SCALES: Record<string, number> = {
  thousand: 1e3,
  K: 1e3,
  million: 1e6,
  mn: 1e6,
  M: 1e6,
  billion: 1e9,
  bn: 1e9,
  B: 1e9,
  trillion: 1e12,
  tn: 1e12,
  T: 1e12,
};

/** Labels that hold digits but are no quantity: list markers, citations, fiscal period names, form types, items;
 * also as plain text escapes them in Markdown ("10\-K", "S\&P 500"). */
const LABEL = String.raw`^[ \t]*\d+\.(?= )|\[[A-Z]\d+\]|\b(?:Q[1-4]|H[12]|[1-4]Q|(?:3|6|9|12)M(?= FY))\b|\b(?:10\\?-[KQ]|8\\?-K|20\\?-F|40\\?-F|6\\?-K|S\\?-1)\b|\bItem \d+[A-Z]?\b|S\\?&P \d+|\bTop \d+\b(?= companies| ranking)`;
const NUMBER = String.raw`(?<cur>US\$|\$|€|£|USD )?(?<sign>[-−])?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(?<scale>thousand|million|billion|trillion|bn|mn|tn|K|M|B|T)(?![A-Za-z]))?(?<pct>\s?%|\s?percent(?:age points?)?\b|\s?pp\b)?`;
const TOKEN = new RegExp(
  String.raw`(?<label>${LABEL})|(?<iso>\b\d{4}-\d{2}-\d{2}\b)|(?<md>\b${MONTH}\.? \d{1,2}, \d{4}\b)|\bFY ?(?<fy>\d{4})\b|(?<![\w.,])${NUMBER}`,
  "gm",
);

function mentionsOf(text: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of matchesOf(text, TOKEN)) {
    const g = match.groups ?? {};
    const start = match.index;
    const written = match[0];
    const end = start + written.length;
    const whole = /^ of (?:the )?(\d+)\b/.exec(text.slice(end));
    const partOf = whole ? new Decimal(whole[1]!) : null;
    const base = { text: written, start, end, isoDate: null, year: null, scaled: false, value: null, partOf };
    if (g.label) continue;
    if (g.iso) {
      mentions.push({ ...base, kind: "date", tolerance: new Decimal(0), isoDate: g.iso });
    } else if (g.md) {
      mentions.push({ ...base, kind: "date", tolerance: new Decimal(0), isoDate: isoOfMonthDate(g.md) });
    } else if (g.fy) {
      mentions.push({ ...base, kind: "date", tolerance: new Decimal(0), year: Number(g.fy) });
    } else if (g.num) {
      mentions.push(numberMention(base, g));
    }
  }
  return mentions;
}

function numberMention(base: Omit<Mention, "kind" | "tolerance">, g: Record<string, string | undefined>): Mention {
  const digits = g.num!.replaceAll(",", "");
  const decimals = digits.includes(".") ? digits.split(".")[1]!.length : 0;
  const half = new Decimal(10).pow(-decimals).dividedBy(2);
  // The sign is kept in the text only: "fell 5.0%" and a change of −0.05 are the same figure (see rounds).
  if (g.pct) {
    const value = new Decimal(digits).dividedBy(100);
    return { ...base, kind: "percent", value, tolerance: half.dividedBy(100) };
  }
  const scale = g.scale ? new Decimal(SCALES[g.scale]!) : new Decimal(1);
  const value = new Decimal(digits).times(scale);
  if (g.cur || g.scale) return { ...base, kind: "amount", value, tolerance: half.times(scale), scaled: true };
  const isYear = decimals === 0 && !g.num!.includes(",") && /^(19|20)\d\d$/.test(digits);
  if (isYear) return { ...base, kind: "date", value: null, tolerance: new Decimal(0), year: Number(digits) };
  // A plain count or per-unit value: shown as written, so a small whole number must be exact; one grouped in
  // thousands may be a value rounded to whole (values from 1,000 on are shown so: a P/E of 1,557.87 as "1,558").
  const exact = decimals === 0 && !g.num!.includes(",");
  return { ...base, kind: "count", value, tolerance: exact ? new Decimal(0) : half };
}

function isoOfMonthDate(text: string): string | null {
  const match = /^([A-Za-z]+)\.? (\d{1,2}), (\d{4})$/.exec(text);
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase()) + 1;
  return `${match[3]}-${String(month).padStart(2, "0")}-${match[2]!.padStart(2, "0")}`;
}

function addDate(evidence: NumberEvidence, iso: string): void {
  evidence.dates.add(iso.slice(0, 10));
  evidence.years.add(Number(iso.slice(0, 4)));
}

/** A text's numbers as evidence: as written, and read at the scale and unit the text gives them. */
function addText(evidence: NumberEvidence, text: string, basis: string): void {
  if (!/\d/.test(text)) return;
  if (/^-?\d+(\.\d+)?(e-?\d+)?$/i.test(text)) {
    evidence.values.push({ value: new Decimal(text), basis });
    return;
  }
  for (const mention of mentionsOf(text)) {
    if (mention.isoDate) addDate(evidence, mention.isoDate);
    if (mention.year !== null) evidence.years.add(mention.year);
    if (mention.value) {
      evidence.values.push({ value: mention.value, basis });
      // "46.2%" may be cited as 0.462 or 46.2; "$1.2 billion" as 1.2.
      if (mention.kind === "percent") evidence.values.push({ value: mention.value.times(100), basis });
      const digits = new Decimal(mention.text.replace(/[^\d.]/g, "") || "0");
      if (!digits.equals(mention.value)) evidence.values.push({ value: digits, basis });
    }
  }
}

interface Visitor {
  text: (text: string) => void;
  number?: (n: number) => void;
  /** Each array's length. */
  length?: (n: number) => void;
}

function walkValues(value: unknown, visit: Visitor): void {
  if (typeof value === "string") visit.text(value);
  else if (typeof value === "number" && Number.isFinite(value)) visit.number?.(value);
  else if (Array.isArray(value)) {
    visit.length?.(value.length);
    for (const item of value) walkValues(item, visit);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) walkValues(item, visit);
  }
}

// ---------------------------------------------------------------------------------------------
// Matching

/** What a mention traces to; the same written number traces alike wherever it stands in the text. */
type Traced = Pick<TracedNumber, "status" | "basis">;

function traceMention(mention: Mention, index: EvidenceIndex): TracedNumber {
  const { text, start, end, kind } = mention;
  // An answer is checked again as it grows: each number written before is looked up, not traced again.
  const key = `${text}|${mention.partOf?.toString() ?? ""}`;
  let traced = index.traced.get(key);
  if (!traced) index.traced.set(key, (traced = traceAnew(mention, index)));
  return { text, start, end, kind, ...traced };
}

function traceAnew(mention: Mention, index: EvidenceIndex): Traced {
  const { evidence } = index;
  const result = (status: TraceStatus, basis: string | null): Traced => ({ status, basis });
  if (mention.isoDate !== null) {
    return evidence.dates.has(mention.isoDate) ? result("found", TEXT_BASIS) : result("untraced", null);
  }
  if (mention.year !== null) {
    return evidence.years.has(mention.year) ? result("found", TEXT_BASIS) : result("untraced", null);
  }
  const found = findGiven(mention, index);
  if (found) return result("found", found);
  if (mention.kind === "count" && mention.partOf && mention.value!.lessThanOrEqualTo(mention.partOf)) {
    return result("found", `a part of ${mention.partOf.toString()}`);
  }
  // A whole count is counted, not computed; a count with decimals (a P/E gap) may be.
  const derived = mention.kind === "count" && mention.tolerance.isZero() ? null : findDerived(mention, index);
  return derived ? result("derived", derived) : result("untraced", null);
}

/** The exact value rounds to what the text shows: |given − shown| ≤ half a unit of its last digit. */
function rounds(given: Decimal, mention: Mention): boolean {
  return given.abs().minus(mention.value!.abs()).abs().lessThanOrEqualTo(mention.tolerance);
}

// ---------------------------------------------------------------------------------------------
// The evidence indexed for lookups: an answer of thousands of numbers against tens of thousands of
// given values is a search by magnitude, not a scan (a 47,000-character comparison took 143 s scanned).

/** A distinct given value with the first place it was given (the basis a scan in order would name first). */
interface IndexedValue {
  magnitude: number;
  float: number;
  value: Decimal;
  order: number;
  basis: string;
}

interface EvidenceIndex {
  evidence: NumberEvidence;
  /** Every value, by magnitude. */
  values: IndexedValue[];
  /** The text's values (passages' tables state their unit apart), by magnitude. */
  textValues: IndexedValue[];
  /** The operands, by magnitude, each with its place in `evidence.operands`. */
  operands: IndexedValue[];
  traced: Map<string, Traced>;
}

const indexes = new WeakMap<NumberEvidence, EvidenceIndex>();

function indexOf(evidence: NumberEvidence): EvidenceIndex {
  let index = indexes.get(evidence);
  if (!index) {
    const texts = evidence.values.flatMap((given, order) => (given.basis === TEXT_BASIS ? [{ given, order }] : []));
    index = {
      evidence,
      values: byMagnitude(evidence.values.map((given, order) => ({ given, order }))),
      textValues: byMagnitude(texts),
      operands: evidence.operands
        .map(({ value, basis }, order) => ({ ...floatsOf(value), value, order, basis }))
        .sort((a, b) => a.magnitude - b.magnitude),
      traced: new Map(),
    };
    indexes.set(evidence, index);
  }
  return index;
}

/** Distinct values (the first given of each), sorted by magnitude. */
function byMagnitude(givens: readonly { given: Given; order: number }[]): IndexedValue[] {
  const first = new Map<string, IndexedValue>();
  for (const { given, order } of givens) {
    const key = given.value.abs().toString();
    if (!first.has(key)) first.set(key, { ...floatsOf(given.value), value: given.value, order, basis: given.basis });
  }
  return [...first.values()].sort((a, b) => a.magnitude - b.magnitude);
}

function floatsOf(value: Decimal): { magnitude: number; float: number } {
  const float = value.toNumber();
  return { magnitude: Math.abs(float), float };
}

/** The entries whose magnitude lies in [low, high] (widened by float rounding; the exact check follows). */
function* inRange(sorted: readonly IndexedValue[], low: number, high: number): Generator<IndexedValue> {
  const from = low - Math.abs(low) * FLOAT_SLACK;
  const to = high + Math.abs(high) * FLOAT_SLACK;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.magnitude < from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]!.magnitude <= to; i++) yield sorted[i]!;
}

const FLOAT_SLACK = 1e-9;

function findGiven(mention: Mention, index: EvidenceIndex): string | null {
  const shown = mention.value!.abs().toNumber();
  const slack = mention.tolerance.toNumber();
  let best: IndexedValue | null = null;
  const consider = (entry: IndexedValue, scale: Decimal) => {
    if (best !== null && entry.order >= best.order) return;
    if (rounds(entry.value.times(scale), mention)) best = entry;
  };
  for (const entry of inRange(index.values, shown - slack, shown + slack)) consider(entry, ONE);
  // A text number may be at another scale than the amount cites it ("383,285" in a table in millions).
  if (mention.scaled) {
    for (const scale of TEXT_SCALES.slice(1)) {
      const s = scale.toNumber();
      for (const entry of inRange(index.textValues, (shown - slack) / s, (shown + slack) / s)) consider(entry, scale);
    }
  }
  return (best as IndexedValue | null)?.basis ?? null;
}

const ONE = new Decimal(1);

type Operation = {
  name: string;
  apply: (a: Decimal, b: Decimal) => Decimal;
  float: (a: number, b: number) => number;
  /** The magnitudes of b for which |a op b| may lie in [low, high], given a (a superset; the exact check follows). */
  candidates: (a: number, low: number, high: number) => [number, number][];
};

const OPERATIONS: Operation[] = [
  {
    name: "/",
    apply: (a, b) => a.dividedBy(b),
    float: (a, b) => a / b,
    candidates: (a, low, high) => [quotientRange(Math.abs(a), low, high)],
  },
  {
    name: "change from",
    apply: (a, b) => a.dividedBy(b).minus(1),
    float: (a, b) => a / b - 1,
    // |a/b − 1| in [low, high]: a/b in [1 + low, 1 + high] or in [1 − high, 1 − low] (negative when high > 1).
    candidates: (a, low, high) => [
      quotientRange(Math.abs(a), 1 + low, 1 + high),
      quotientRange(Math.abs(a), Math.max(0, 1 - high), Math.abs(1 - low)),
      ...(high > 1 ? [quotientRange(Math.abs(a), 0, high - 1)] : []),
    ],
  },
  { name: "−", apply: (a, b) => a.minus(b), float: (a, b) => a - b, candidates: sumRanges },
  { name: "+", apply: (a, b) => a.plus(b), float: (a, b) => a + b, candidates: sumRanges },
];

/** |b| such that |a| / |b| lies in [low, high]. */
function quotientRange(a: number, low: number, high: number): [number, number] {
  return [high > 0 ? a / high : 0, low > 0 ? a / low : Number.POSITIVE_INFINITY];
}

/** |b| such that |a ± b| lies in [low, high], whatever the signs: |b| within [low, high] of |a|. */
function sumRanges(a: number, low: number, high: number): [number, number][] {
  const m = Math.abs(a);
  const ranges: [number, number][] = [
    [m + low, m + high],
    [Math.max(0, m - high), Math.max(0, m - low)],
    [Math.max(0, low - m), high - m],
  ];
  return ranges.filter(([from, to]) => to >= from);
}

/** A ratio, change, difference or sum of two of the slice's values that rounds to the text's number:
 * the one a scan would meet first (later operands over earlier ones, the operations in order). */
function findDerived(mention: Mention, index: EvidenceIndex): string | null {
  const shown = mention.value!.abs().toNumber();
  const slack = mention.tolerance.toNumber();
  const low = Math.max(0, shown - slack);
  const high = shown + slack;
  const operands = index.evidence.operands;
  // Slices run oldest first: a later value over an earlier one is how a change is read.
  for (let ai = operands.length - 1; ai >= 0; ai--) {
    const a = operands[ai]!;
    const aFloat = a.value.toNumber();
    const near = (x: number) => x >= low - high * FLOAT_SLACK && x <= high + high * FLOAT_SLACK;
    let best: { order: number; op: number } | null = null;
    OPERATIONS.forEach((op, opOrder) => {
      for (const [from, to] of op.candidates(aFloat, low, high)) {
        for (const b of inRange(index.operands, from, to)) {
          if (b.order === ai) continue;
          if (best !== null && (b.order > best.order || (b.order === best.order && opOrder >= best.op))) continue;
          if (!near(Math.abs(op.float(aFloat, b.float)))) continue;
          if (rounds(op.apply(a.value, b.value), mention)) best = { order: b.order, op: opOrder };
        }
      }
    });
    const found = best as { order: number; op: number } | null;
    if (found) {
      const op = OPERATIONS[found.op]!;
      const b = operands[found.order]!;
      return op.name === "change from" ? `${a.basis} change from ${b.basis}` : `${a.basis} ${op.name} ${b.basis}`;
    }
  }
  return null;
}
