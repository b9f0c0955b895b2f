// Derived metrics: a catalog formula (lib/catalog/formulas.ts) evaluated for one company at one point
// — a fiscal period or a trading day — in exact decimal arithmetic, with every number it read kept as
// provenance. Pure: the facts come in through CompanyFacts, read beforehand for the whole slice.
//
// Conventions (the catalog's grammar, made concrete):
// - at a fiscal period, a duration is that period's value, a balance the one at the period's end, a
//   price the close on the last trading day on or before the end;
// - at a trading day, a balance is the latest one on or before the day, a duration the latest fiscal
//   year, a price that day's;
// - ttm(x) sums the four fiscal quarters ending with the period (a fiscal year is its own ttm); at a day,
//   the four quarters ending with the latest quarter that ended and was filed on or before it, else the
//   latest fiscal year filed by then;
// - at a day, every filed input was filed on or before it, and none is more than 15 months older than
//   it (STALE_AFTER_MONTHS): a P/E from a price of today and the EPS of a fiscal year long past is stale,
//   so it is not computed rather than shown as current;
// - avg(x) is the mean of the opening (previous period's end) and closing balance;
// - prev(x, lag) reads x one fiscal year, N years, one quarter or N trading days back.
import { addMonths } from "@/lib/core/dates";
import { Decimal } from "@/lib/core/decimal";
import { parseFormula, PRICE_METRIC, type FormulaNode, type WindowFunction } from "@/lib/catalog/formulas";
import type { MetricDefinition } from "@/lib/catalog/types";
import { formatDate } from "@/lib/format/periods";
import { kindOfSlot, slotLabel, type FiscalSlot } from "./calendar";
import { SlidingWindow } from "./sliding-window";
import type { DataPoint, DerivedInput } from "./types";

/** Where a formula is evaluated. */
export type EvalPoint = { kind: "slot"; slot: FiscalSlot } | { kind: "day"; date: string };

/** A market value and the day it is for. */
export interface MarketValue {
  date: string;
  point: DataPoint;
  /** The date whose share basis the value is on: the day itself as traded, the provider's last day when adjusted. */
  basisDate: string;
}

/** What the evaluator may read of one company. */
export interface CompanyFacts {
  ticker: string;
  /** Fiscal periods, oldest first. */
  calendar: readonly FiscalSlot[];
  metric(key: string): MetricDefinition | undefined;
  /** A filed metric at a fiscal period (durations by period, derived quarters included; balances at its end). */
  filedAt(metric: MetricDefinition, slot: FiscalSlot): DataPoint | undefined;
  /** A stored market metric on the last trading day on or before `date` (a week at most). */
  marketOn(metric: MetricDefinition, date: string): MarketValue | undefined;
  /** The trading days ending with the last one on or before `date` (a week at most before it), at most `count`, oldest first. */
  tradingDays(date: string, count: number): string[];
  /** The last trading day on or before `date`, however long before. */
  lastTradingDay(date: string): string | undefined;
  /** Days a stock split took effect: share-based inputs on either side of one are not comparable. */
  splitDates: readonly string[];
  /** The currency of the company's filings and of its price quotes: a formula never mixes two. */
  reportingCurrency: string;
  quoteCurrency: string;
}

export interface Evaluated {
  value: Decimal;
  inputs: DerivedInput[];
  /** Share-basis dates of the per-share and share-count inputs (see checkShareBasis). */
  basis: BasisRead[];
}

interface BasisRead {
  label: string;
  date: string;
}

/** Why a value could not be computed: "missing gross profit for Q4 FY2024". */
export class NotComputable extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "NotComputable";
  }
}

/** A derived metric of the catalog for one company at one point; throws NotComputable with the reason. */
export function computeDerived(metric: MetricDefinition, at: EvalPoint, facts: CompanyFacts): Evaluated {
  const result = evaluateDerived(metric, at, facts);
  checkShareBasis(result.basis, facts.splitDates);
  checkCurrencies(result.inputs, facts);
  if (at.kind === "day") checkFreshness(result.inputs, at.date);
  return result;
}

/** A value at a trading day whose newest filed figures are older than this is stale (issue 30): a year's
 * 10-K comes some weeks after the year ends, so a current annual figure is at most about 15 months old. */
const STALE_AFTER_MONTHS = 15;

/** Each filed metric a value at a day read (at any depth), with its newest period: one older than
 * STALE_AFTER_MONTHS before the day makes the value stale, and it is refused rather than shown as current. */
function checkFreshness(inputs: readonly DerivedInput[], date: string): void {
  const newest = new Map<string, DerivedInput>();
  const visit = (list: readonly DerivedInput[]) => {
    for (const input of list) {
      if (input.point.source.kind === "derived") visit(input.point.source.inputs);
      else if (input.point.source.kind === "sec_filing") {
        const seen = newest.get(input.metricKey);
        if (!seen || seen.point.periodEnd < input.point.periodEnd) newest.set(input.metricKey, input);
      }
    }
  };
  visit(inputs);
  for (const input of newest.values()) {
    if (addMonths(input.point.periodEnd, STALE_AFTER_MONTHS) >= date) continue;
    throw new NotComputable(
      `stale: the newest ${input.metricName} held is for ${input.label} (ended ${input.point.periodEnd}), more than ${STALE_AFTER_MONTHS} months before the price of ${date}, so a ratio on it would not be current`,
    );
  }
}

/** A price in one currency over earnings in another would need an exchange rate FinGround does not have. */
function checkCurrencies(inputs: readonly DerivedInput[], facts: CompanyFacts): void {
  if (facts.reportingCurrency === facts.quoteCurrency) return;
  const leaves = (list: readonly DerivedInput[]): DerivedInput[] =>
    list.flatMap((i) => (i.point.source.kind === "derived" ? leaves(i.point.source.inputs) : [i]));
  const all = leaves(inputs);
  const monetary = (i: DerivedInput) => {
    const unitKind = facts.metric(i.metricKey)?.unitKind;
    return unitKind === "currency" || unitKind === "per_share";
  };
  const quoted = all.some((i) => i.point.source.kind === "daily_prices" && monetary(i));
  const filed = all.some((i) => i.point.source.kind === "sec_filing" && monetary(i));
  if (quoted && filed) {
    throw new NotComputable(
      `its prices are quoted in ${facts.quoteCurrency} and its filings are in ${facts.reportingCurrency}; FinGround has no exchange rates to put them on one currency`,
    );
  }
}

function evaluateNode(node: FormulaNode, at: EvalPoint, facts: CompanyFacts): Evaluated {
  switch (node.kind) {
    case "number":
      return { value: new Decimal(node.text), inputs: [], basis: [] };
    case "price":
      return readMetric(PRICE_METRIC, at, facts);
    case "metric":
      return readMetric(node.key, at, facts);
    case "negate": {
      const operand = evaluateNode(node.operand, at, facts);
      return { ...operand, value: operand.value.negated() };
    }
    case "binary": {
      const left = evaluateNode(node.left, at, facts);
      const right = evaluateNode(node.right, at, facts);
      return combine(
        [left, right],
        arithmetic(node.op, left.value, right.value, () => describeZero(node.right, right, at)),
      );
    }
    case "pow": {
      const base = evaluateNode(node.base, at, facts);
      const exponent = evaluateNode(node.exponent, at, facts);
      if (base.value.isNegative() && !exponent.value.isInteger()) {
        throw new NotComputable(
          `a negative base (${base.value.toSignificantDigits(6).toString()}) has no real fractional power at ${pointLabel(at)}`,
        );
      }
      return combine([base, exponent], base.value.pow(exponent.value));
    }
    case "call":
      switch (node.fn) {
        case "sqrt": {
          if (node.arg.kind === "number") return { value: constantRoot(node.arg.text), inputs: [], basis: [] };
          const arg = evaluateNode(node.arg, at, facts);
          if (arg.value.isNegative()) throw new NotComputable(`square root of a negative number at ${pointLabel(at)}`);
          return { ...arg, value: arg.value.sqrt() };
        }
        case "ttm":
          return trailingTwelveMonths(node.arg, at, facts);
        case "avg":
          return averageBalance(node.arg, at, facts);
      }
      break;
    case "prev":
      return evaluateNode(node.arg, previousPoint(node.lag, at, facts), facts);
    case "window":
      return windowAggregate(node.fn, node.arg, node.days, at, facts);
  }
  throw new NotComputable(`unsupported formula node at ${pointLabel(at)}`);
}

const constantRoots = new Map<string, Decimal>();

/** The root of a literal (√252 annualizing a daily volatility), computed once: a 40-digit root is costly on every day. */
function constantRoot(text: string): Decimal {
  let root = constantRoots.get(text);
  if (!root) {
    const number = new Decimal(text);
    if (number.isNegative()) throw new NotComputable(`square root of a negative number (${text})`);
    constantRoots.set(text, (root = number.sqrt()));
  }
  return root;
}

function arithmetic(op: "+" | "-" | "*" | "/", left: Decimal, right: Decimal, zero: () => string): Decimal {
  switch (op) {
    case "+":
      return left.plus(right);
    case "-":
      return left.minus(right);
    case "*":
      return left.times(right);
    case "/":
      if (right.isZero()) throw new NotComputable(zero());
      return left.dividedBy(right);
  }
}

function describeZero(node: FormulaNode, evaluated: Evaluated, at: EvalPoint): string {
  const what = node.kind === "metric" ? (evaluated.inputs[0]?.metricName ?? node.key) : "the divisor";
  return `${what} is zero at ${pointLabel(at)}, so the ratio is undefined`;
}

function combine(parts: readonly Evaluated[], value: Decimal): Evaluated {
  return { value, inputs: parts.flatMap((p) => p.inputs), basis: parts.flatMap((p) => p.basis) };
}

function readMetric(key: string, at: EvalPoint, facts: CompanyFacts): Evaluated {
  const metric = facts.metric(key);
  if (!metric) throw new NotComputable(`the formula reads "${key}", which is not in the catalog`);
  if (metric.formula) return nestedDerived(metric, at, facts);
  if (metric.statement === "market") return marketRead(metric, at, facts);
  const slot = at.kind === "slot" ? at.slot : slotForDay(metric, at.date, facts);
  const point = slot ? facts.filedAt(metric, slot) : undefined;
  if (!point)
    throw new NotComputable(
      `missing ${metric.name} for ${slot ? slotLabel(slot) : `the period before ${at.kind === "day" ? at.date : ""}`}`,
    );
  // No look-ahead: a balance filed after the day was not known on it.
  if (at.kind === "day" && slot && !knownBy(point, at.date))
    throw new NotComputable(`${metric.name} for ${slotLabel(slot)} was filed after ${at.date}`);
  const label = slot ? slotLabel(slot) : point.periodEnd;
  const input: DerivedInput = { ticker: facts.ticker, metricKey: metric.key, metricName: metric.name, label, point };
  return { value: new Decimal(point.value), inputs: [input], basis: shareBasis(metric, point, label) };
}

/** A derived input (free cash flow inside an FCF margin) is one input, carrying its own provenance. */
function nestedDerived(metric: MetricDefinition, at: EvalPoint, facts: CompanyFacts): Evaluated {
  const result = evaluateDerived(metric, at, facts);
  const label = pointLabel(at);
  return {
    value: result.value,
    inputs: [
      {
        ticker: facts.ticker,
        metricKey: metric.key,
        metricName: metric.name,
        label,
        point: derivedPoint(metric, at, result),
      },
    ],
    basis: result.basis,
  };
}

function evaluateDerived(metric: MetricDefinition, at: EvalPoint, facts: CompanyFacts): Evaluated {
  const node = formulaNodeOf(metric);
  if (!node) throw new NotComputable(`${metric.name} has no formula`);
  return evaluateNode(node, at, facts);
}

/** The data point a derived value is shown as: the period or day it is for, its value, its provenance. */
export function derivedPoint(metric: MetricDefinition, at: EvalPoint, result: Evaluated): DataPoint {
  const value = result.value.isInteger() ? result.value.toFixed() : result.value.toSignificantDigits(20).toString();
  const source = {
    kind: "derived" as const,
    formula: metric.formula?.expression ?? "",
    inputs: result.inputs,
    note: metric.formula?.note ?? null,
  };
  if (at.kind === "day")
    return { periodStart: null, periodEnd: at.date, fiscalYear: null, fiscalPeriod: null, value, source };
  const { slot } = at;
  return {
    periodStart: metric.periodType === "instant" ? null : slot.start,
    periodEnd: slot.end,
    fiscalYear: slot.fiscalYear,
    fiscalPeriod: slot.fiscalPeriod,
    value,
    source,
  };
}

function marketRead(metric: MetricDefinition, at: EvalPoint, facts: CompanyFacts): Evaluated {
  const date = at.kind === "slot" ? at.slot.end : at.date;
  const read = facts.marketOn(metric, date);
  if (!read) throw new NotComputable(`no ${metric.name.toLowerCase()} on or in the week before ${date}`);
  const label = `${metric.name.toLowerCase()} ${read.date}`;
  const input: DerivedInput = {
    ticker: facts.ticker,
    metricKey: metric.key,
    metricName: metric.name,
    label,
    point: read.point,
  };
  return { value: new Decimal(read.point.value), inputs: [input], basis: [{ label, date: read.basisDate }] };
}

/** At a trading day: a balance from the latest period that ended by then, a duration from the latest fiscal year. */
function slotForDay(metric: MetricDefinition, date: string, facts: CompanyFacts): FiscalSlot | undefined {
  const candidates = facts.calendar.filter(
    (s) => s.end <= date && (metric.periodType === "instant" || kindOfSlot(s) === "annual"),
  );
  for (let i = candidates.length - 1; i >= Math.max(0, candidates.length - 3); i--) {
    const slot = candidates[i]!;
    const point = facts.filedAt(metric, slot);
    if (point && knownBy(point, date)) return slot;
  }
  return candidates.at(-1);
}

/** Quarters (newest first) tried for a trailing twelve months at a day, before the fiscal years: the newest
 * may not be filed yet by the day, or one of its four quarters may be missing. */
const TTM_QUARTERS_TRIED = 3;
const TTM_YEARS_TRIED = 2;

/** The periods whose trailing twelve months may stand at `date`, newest end first: the latest few quarters
 * that ended by then, and the latest fiscal years (when the quarters are missing); a quarter before the year
 * ending with it, since the four quarters are the trailing figure's own definition. */
function trailingCandidates(date: string, facts: CompanyFacts): FiscalSlot[] {
  const ended = facts.calendar.filter((s) => s.end <= date);
  const quarters = ended.filter((s) => kindOfSlot(s) === "quarterly").slice(-TTM_QUARTERS_TRIED);
  const years = ended.filter((s) => kindOfSlot(s) === "annual").slice(-TTM_YEARS_TRIED);
  return [...quarters, ...years].sort((a, b) =>
    a.end !== b.end
      ? a.end < b.end
        ? 1
        : -1
      : kindOfSlot(a) === kindOfSlot(b)
        ? 0
        : kindOfSlot(a) === "quarterly"
          ? -1
          : 1,
  );
}

function trailingTwelveMonths(arg: FormulaNode, at: EvalPoint, facts: CompanyFacts): Evaluated {
  if (at.kind === "day") {
    // As reported on or before the day: the sum of the last four quarters filed by then, else the latest
    // fiscal year filed by then.
    let firstError: NotComputable | null = null;
    for (const slot of trailingCandidates(at.date, facts)) {
      try {
        const result = trailingTwelveMonths(arg, { kind: "slot", slot }, facts);
        // No look-ahead: a quarter filed after the day was not known on it.
        if (result.inputs.every((input) => knownBy(input.point, at.date))) return result;
        firstError ??= new NotComputable(`the figures for ${slotLabel(slot)} were filed after ${at.date}`);
      } catch (error) {
        if (!(error instanceof NotComputable)) throw error;
        firstError ??= error;
      }
    }
    throw firstError ?? new NotComputable(`no fiscal period ended by ${at.date}`);
  }
  const { slot } = at;
  if (kindOfSlot(slot) === "annual") return evaluateNode(arg, at, facts);
  const quarters = facts.calendar.filter((s) => kindOfSlot(s) === "quarterly" && s.end <= slot.end).slice(-4);
  if (quarters.length < 4 || quarters[0]!.end < shiftYears(slot.end, -1)) {
    throw new NotComputable(`the four quarters ending ${slotLabel(slot)} are not all in the database`);
  }
  const parts = quarters.map((q) => evaluateNode(arg, { kind: "slot", slot: q }, facts));
  return combine(
    parts,
    parts.reduce((sum, p) => sum.plus(p.value), new Decimal(0)),
  );
}

/** Whether every filing behind a point was filed on or before `date`. */
function knownBy(point: DataPoint, date: string): boolean {
  switch (point.source.kind) {
    case "sec_filing":
      return point.source.filedAt === null || point.source.filedAt <= date;
    case "derived":
      return point.source.inputs.every((input) => knownBy(input.point, date));
    default:
      return true;
  }
}

function averageBalance(arg: FormulaNode, at: EvalPoint, facts: CompanyFacts): Evaluated {
  if (at.kind === "day") throw new NotComputable(`an average balance needs a fiscal period, not a day (${at.date})`);
  const opening = openingSlot(at.slot, facts);
  if (!opening) throw new NotComputable(`no opening balance date before ${slotLabel(at.slot)}`);
  const close = evaluateNode(arg, at, facts);
  const open = evaluateNode(arg, { kind: "slot", slot: opening }, facts);
  return combine([open, close], open.value.plus(close.value).dividedBy(2));
}

/** The period whose end opens `slot`: the previous fiscal year for a year, the previous quarter (or year-end) for a quarter. */
function openingSlot(slot: FiscalSlot, facts: CompanyFacts): FiscalSlot | undefined {
  const kind = kindOfSlot(slot);
  const before = facts.calendar.filter((s) => s.end < slot.end && (kind === "quarterly" || kindOfSlot(s) === "annual"));
  return before.at(-1);
}

function previousPoint(
  lag: { unit: "year" | "quarter" | "day"; count: number },
  at: EvalPoint,
  facts: CompanyFacts,
): EvalPoint {
  if (lag.unit === "day") {
    const date = at.kind === "slot" ? at.slot.end : at.date;
    const days = facts.tradingDays(date, lag.count + 1);
    if (days.length < lag.count + 1) throw new NotComputable(`fewer than ${lag.count + 1} trading days up to ${date}`);
    return { kind: "day", date: days[0]! };
  }
  if (at.kind === "day")
    throw new NotComputable(`a ${lag.unit}-on-${lag.unit} comparison needs a fiscal period, not a day (${at.date})`);
  const { slot } = at;
  if (lag.unit === "year") {
    const target = facts.calendar.find(
      (s) => s.fiscalYear === slot.fiscalYear - lag.count && s.fiscalPeriod === slot.fiscalPeriod,
    );
    if (!target)
      throw new NotComputable(
        `${slotLabel({ ...slot, fiscalYear: slot.fiscalYear - lag.count })} is not in the database`,
      );
    return { kind: "slot", slot: target };
  }
  if (kindOfSlot(slot) !== "quarterly")
    throw new NotComputable(`a quarter-on-quarter change needs quarters, not ${slotLabel(slot)}`);
  const quarters = facts.calendar.filter((s) => kindOfSlot(s) === "quarterly" && s.end < slot.end);
  const target = quarters.at(-lag.count);
  if (!target) throw new NotComputable(`the quarter before ${slotLabel(slot)} is not in the database`);
  return { kind: "slot", slot: target };
}

function windowAggregate(
  fn: WindowFunction,
  arg: FormulaNode,
  days: number,
  at: EvalPoint,
  facts: CompanyFacts,
): Evaluated {
  const date = at.kind === "slot" ? at.slot.end : at.date;
  const window = facts.tradingDays(date, days);
  if (window.length < days)
    throw new NotComputable(`${days} trading days up to ${date} are not all in the database (${window.length} are)`);
  const memo = windowMemo(facts, arg);
  const state = slideTo(memo, `${fn}:${days}`, window);
  if (state.failures > 0) throw window.map((day) => memo.valueOn(day)).find((v) => v instanceof NotComputable)!;
  const value = state.window.aggregate(fn);
  if (value === undefined) throw new NotComputable("a standard deviation needs at least two values");
  const firstValue = memo.valueOn(window[0]!) as Evaluated;
  const lastValue = memo.valueOn(window[window.length - 1]!) as Evaluated;
  const first = firstValue.inputs[0];
  const last = lastValue.inputs[0];
  // One input standing for the window: listing 252 closes would bury the ones that matter.
  const input: DerivedInput | null = last
    ? {
        ...last,
        label: `${fn} of ${days} trading days, ${formatDate(window[0]!)} to ${formatDate(window[window.length - 1]!)}`,
        point: {
          ...last.point,
          value: value.toSignificantDigits(20).toString(),
          periodStart: first?.point.periodEnd ?? null,
        },
      }
    : null;
  return { value, inputs: input ? [input] : [], basis: [...firstValue.basis, ...lastValue.basis] };
}

/** A window's argument evaluated on each trading day once, and the windows aggregated over it so far. */
interface WindowMemo {
  valueOn(day: string): Evaluated | NotComputable;
  /** By function and length: the window last aggregated. */
  states: Map<string, WindowState>;
}

interface WindowState {
  days: readonly string[];
  window: SlidingWindow;
  /** Days of the window whose argument is not computable (not in `window`). */
  failures: number;
}

/**
 * A daily series asks for the window ending on each of its days in turn: per company facts, each
 * argument is evaluated once per day and the window slides by one day (O(n) for n days, where
 * re-reading every window was O(n × 252) in 40-digit decimals: seconds per company-decade).
 */
const windowMemos = new WeakMap<CompanyFacts, Map<FormulaNode, WindowMemo>>();

function windowMemo(facts: CompanyFacts, arg: FormulaNode): WindowMemo {
  let byNode = windowMemos.get(facts);
  if (!byNode) windowMemos.set(facts, (byNode = new Map()));
  let memo = byNode.get(arg);
  if (!memo) {
    const byDay = new Map<string, Evaluated | NotComputable>();
    memo = {
      valueOn(day) {
        let result = byDay.get(day);
        if (!result) byDay.set(day, (result = evaluateOrReason(arg, { kind: "day", date: day }, facts)));
        return result;
      },
      states: new Map(),
    };
    byNode.set(arg, memo);
  }
  return memo;
}

function evaluateOrReason(node: FormulaNode, at: EvalPoint, facts: CompanyFacts): Evaluated | NotComputable {
  try {
    return evaluateNode(node, at, facts);
  } catch (error) {
    if (error instanceof NotComputable) return error;
    throw error;
  }
}

/** The window over `days` (consecutive trading days): the next day's window slides the last one, any other is rebuilt. */
function slideTo(memo: WindowMemo, key: string, days: readonly string[]): WindowState {
  const add = (state: WindowState, day: string) => {
    const value = memo.valueOn(day);
    if (value instanceof NotComputable) state.failures++;
    else state.window.push(value.value);
  };
  const state = memo.states.get(key);
  if (state && state.days.length === days.length) {
    if (state.days[0] === days[0] && state.days[state.days.length - 1] === days[days.length - 1]) return state;
    if (state.days[1] === days[0]) {
      if (memo.valueOn(state.days[0]!) instanceof NotComputable) state.failures--;
      else state.window.shift();
      add(state, days[days.length - 1]!);
      state.days = days;
      return state;
    }
  }
  const fresh: WindowState = { days, window: new SlidingWindow(), failures: 0 };
  for (const day of days) add(fresh, day);
  memo.states.set(key, fresh);
  return fresh;
}

function shareBasis(metric: MetricDefinition, point: DataPoint, label: string): BasisRead[] {
  if (metric.unitKind !== "per_share" && metric.unitKind !== "shares") return [];
  const date = point.source.kind === "sec_filing" ? point.source.filedAt : null;
  return date ? [{ label: `${metric.name} ${label} (filed ${date})`, date }] : [];
}

/**
 * Per-share amounts and share counts are stated on the share count of their filing (or, for adjusted
 * prices, of the provider's last day). A split between two such dates puts the inputs on different
 * bases — a P/E from a pre-split EPS and a post-split price is off by the split ratio — so the value
 * is refused rather than computed wrong.
 */
function checkShareBasis(basis: readonly BasisRead[], splitDates: readonly string[]): void {
  if (basis.length < 2) return;
  const sorted = [...basis].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const split = splitDates.find((d) => d > first.date && d <= last.date);
  if (split) {
    throw new NotComputable(
      `a stock split on ${split} falls between ${first.label} and ${last.label}, which are on different share bases`,
    );
  }
}

function pointLabel(at: EvalPoint): string {
  return at.kind === "slot" ? slotLabel(at.slot) : at.date;
}

function shiftYears(iso: string, years: number): string {
  return `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
}

const parsed = new Map<string, FormulaNode>();

/** A derived metric's formula, parsed once per process (the catalog's tests check every formula parses). */
export function formulaNodeOf(metric: MetricDefinition): FormulaNode | null {
  if (!metric.formula) return null;
  let node = parsed.get(metric.key);
  if (!node) parsed.set(metric.key, (node = parseFormula(metric.formula.expression)));
  return node;
}
