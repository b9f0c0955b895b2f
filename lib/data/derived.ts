// Derived metrics in the slice: which stored metrics a request's formulas read (and how far back), and
// for each company × derived metric the periods or days to evaluate (the same selection rules as filed
// metrics) with the value, its formula and inputs, or the reason it is not computable.
import type { FormulaNode } from "@/lib/catalog/formulas";
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";
import { kindOfSlot, slotLabel, type FiscalSlot, type PeriodKind } from "./calendar";
import {
  computeDerived,
  derivedPoint,
  formulaNodeOf,
  NotComputable,
  type CompanyFacts,
  type EvalPoint,
} from "./evaluate";
import { filedLookup, type FiledData, type PairResult } from "./filed";
import { makeSeries } from "./series";
import { missingReasons } from "./missing";
import { addDays } from "@/lib/core/dates";
import { pickSlots, selectionKinds, type Selection } from "./periods";
import { dayRange, type DayRange } from "./prices";
import type { PriceBasis, PriceBook } from "./price-book";
import type { CompanyInfo } from "./fact-store";
import type { EventLoopTurns } from "./turns";
import type { DataPoint, MissingData, Series } from "./types";

export interface DerivedPlan {
  derived: MetricDefinition[];
  /** Stored metrics the formulas read, split by where they are stored. */
  filedInputs: MetricDefinition[];
  marketInputs: MetricDefinition[];
  /** Calendar days of history before the selection the formulas need (growth, averages, ttm, windows). */
  lookbackDays: number;
}

export function planDerived(derived: readonly MetricDefinition[]): DerivedPlan {
  const stored = new Map<string, MetricDefinition>();
  let lookbackDays = 0;
  for (const metric of derived) {
    collectStored(metric, stored, new Set());
    lookbackDays = Math.max(lookbackDays, formulaLookback(metric));
  }
  const inputs = [...stored.values()];
  return {
    derived: [...derived],
    filedInputs: inputs.filter((m) => m.statement !== "market"),
    marketInputs: inputs.filter((m) => m.statement === "market"),
    lookbackDays,
  };
}

function collectStored(metric: MetricDefinition, into: Map<string, MetricDefinition>, seen: Set<string>): void {
  for (const key of metric.formula?.inputs ?? []) {
    const input = metricByKey(key);
    if (!input || seen.has(key)) continue;
    seen.add(key);
    if (input.formula) collectStored(input, into, seen);
    else into.set(key, input);
  }
}

/** Days of history a formula reads before its point: a year per ttm/avg/yoy, N years, N trading days. */
function formulaLookback(metric: MetricDefinition): number {
  const node = formulaNodeOf(metric);
  return node ? nodeLookback(node) : 0;
}

function nodeLookback(node: FormulaNode): number {
  let own = 0;
  let deepest = 0;
  const child = (n: FormulaNode) => (deepest = Math.max(deepest, nodeLookback(n)));
  switch (node.kind) {
    case "metric": {
      const input = metricByKey(node.key);
      return input ? formulaLookback(input) : 0;
    }
    case "negate":
      child(node.operand);
      break;
    case "binary":
      child(node.left);
      child(node.right);
      break;
    case "pow":
      child(node.base);
      child(node.exponent);
      break;
    case "call":
      own = node.fn === "sqrt" ? 0 : 400;
      child(node.arg);
      break;
    case "prev":
      own =
        node.lag.unit === "year"
          ? 370 * node.lag.count
          : node.lag.unit === "quarter"
            ? 100 * node.lag.count
            : Math.ceil(node.lag.count * 1.5) + 10;
      child(node.arg);
      break;
    case "window":
      own = Math.ceil(node.days * 1.5) + 10;
      child(node.arg);
      break;
    default:
      break;
  }
  return own + deepest;
}

/** Both price feeds quote US listings in US dollars (daily_prices.currency). */
const QUOTE_CURRENCY = "USD";

/** Everything the evaluator reads of one company, on one price basis. */
export function companyFacts(
  company: CompanyInfo,
  filed: FiledData | null,
  prices: PriceBook | null,
  splitDates: readonly string[],
  basis: PriceBasis,
): CompanyFacts {
  const lookups = new Map<string, (slot: FiscalSlot) => DataPoint | undefined>();
  return {
    ticker: company.ticker,
    calendar: filed?.calendars.get(company.ticker) ?? [],
    metric: metricByKey,
    filedAt(metric, slot) {
      if (!filed) return undefined;
      let lookup = lookups.get(metric.key);
      if (!lookup) lookups.set(metric.key, (lookup = filedLookup(filed, company.ticker, metric)));
      return lookup(slot);
    },
    marketOn: (metric, date) => prices?.marketOn(company.ticker, metric, date, basis),
    tradingDays: (date, count) => prices?.tradingDays(company.ticker, date, count, basis) ?? [],
    lastTradingDay: (date) => prices?.lastTradingDay(company.ticker, date, basis),
    splitDates,
    reportingCurrency: company.currency,
    quoteCurrency: QUOTE_CURRENCY,
  };
}

type Attempt = { point: DataPoint } | { reason: string };

/** One company × one derived metric. `facts(basis)` gives the company's facts on as-traded or adjusted prices; a daily
 * series is evaluated on at most `maxDays` trading days (the latest), taking `turns` with the event loop. */
export async function derivedPair(
  selection: Selection,
  company: CompanyInfo,
  metric: MetricDefinition,
  factsOf: (basis: PriceBasis) => CompanyFacts,
  maxDays: number,
  turns: EventLoopTurns,
): Promise<PairResult> {
  const plan = planDerived([metric]);
  const readsPrices = plan.marketInputs.length > 0;
  // One facts object per basis for the whole pair: the evaluator's memos (filed lookups, windows) live on it.
  const factsByBasis = new Map<PriceBasis, CompanyFacts>();
  const facts = (basis: PriceBasis): CompanyFacts => {
    let one = factsByBasis.get(basis);
    if (!one) factsByBasis.set(basis, (one = factsOf(basis)));
    return one;
  };
  const cache = new Map<string, Attempt>();
  const attempt = (at: EvalPoint): Attempt => {
    const key = at.kind === "slot" ? `${at.slot.fiscalPeriod}:${at.slot.end}` : at.date;
    let result = cache.get(key);
    if (!result) cache.set(key, (result = evaluateWithFallback(metric, at, facts, readsPrices)));
    return result;
  };
  const asTraded = facts("as_traded");
  if (metric.statement === "market" && plan.filedInputs.length === 0) {
    // Prices alone (moving averages, returns, volatility): on trading days, like the prices themselves.
    return dailyPair(
      dayRange(selection, asTraded.calendar, { first: "1900-01-01", last: selectionEnd(selection) }),
      company,
      metric,
      facts,
      attempt,
      maxDays,
      turns,
    );
  }
  if (metric.statement === "market" && selection.mode === "latest") {
    return dailyPair(
      { from: addDays(selection.end, -10), to: selection.end, lastN: 1 },
      company,
      metric,
      facts,
      attempt,
      maxDays,
      turns,
    );
  }
  const series: Series[] = [];
  const missing: MissingData[] = [];
  const kinds = selectionKinds(selection);
  if (selection.mode === "latest" && metric.periodType === "instant") {
    // A balance-sheet ratio has one latest value: the newest period of either kind.
    const slots = kinds.flatMap((kind) =>
      pickSlots(selection, asTraded.calendar, kind, (s) => "point" in attempt({ kind: "slot", slot: s })),
    );
    const latest = slots.sort((a, b) => (a.end < b.end ? -1 : a.end > b.end ? 1 : 0)).at(-1);
    const result = latest ? attempt({ kind: "slot", slot: latest }) : null;
    if (latest && result && "point" in result)
      return { series: [makeSeries(company, metric, kindOfSlot(latest), [result.point])], missing: [] };
    return {
      series: [],
      missing: [missingReasons.notComputable(company, metric, "any period", latestReason(asTraded, kinds, attempt))],
    };
  }
  let latestAnnualEnd: string | null = null;
  for (const kind of kinds) {
    let slots = pickSlots(selection, asTraded.calendar, kind, (s) => "point" in attempt({ kind: "slot", slot: s }));
    if (selection.mode === "latest" && kind === "quarterly" && latestAnnualEnd !== null) {
      const after = latestAnnualEnd;
      slots = slots.filter((s) => s.end > after);
      if (slots.length === 0) continue;
    }
    const points: DataPoint[] = [];
    for (const slot of slots) {
      const result = attempt({ kind: "slot", slot });
      if ("point" in result) points.push(result.point);
      else missing.push(missingReasons.notComputable(company, metric, slotLabel(slot), result.reason));
    }
    if (kind === "annual" && points.length > 0) latestAnnualEnd = points[points.length - 1]!.periodEnd;
    if (points.length > 0) series.push(makeSeries(company, metric, kind, points));
    else if (slots.length === 0 && selection.mode !== "latest")
      missing.push(missingReasons.notComputable(company, metric, "the periods asked", noPeriodReason(asTraded, kind)));
  }
  if (selection.mode === "latest" && series.length === 0) {
    missing.push(
      missingReasons.notComputable(company, metric, "any recent period", latestReason(asTraded, kinds, attempt)),
    );
  }
  return { series, missing };
}

/** A price-based metric on the trading days of a range (the last N of them when `lastN` is set). A decade is
 * ~2,500 days of window statistics (hundreds of ms): it pauses for the event loop between days. */
async function dailyPair(
  range: DayRange | null,
  company: CompanyInfo,
  metric: MetricDefinition,
  facts: (basis: PriceBasis) => CompanyFacts,
  attempt: (at: EvalPoint) => Attempt,
  maxDays: number,
  turns: EventLoopTurns,
): Promise<PairResult> {
  if (!range)
    return {
      series: [],
      missing: [missingReasons.notComputable(company, metric, "the period asked", "its dates are not in the database")],
    };
  // The adjusted source runs later than the as-traded one: its days define the range.
  const adjusted = facts("adjusted");
  // "Latest" and "last N trading days" count back from the last day held, wherever the range began.
  const last = adjusted.lastTradingDay(range.to);
  const days =
    last === undefined
      ? []
      : range.lastN === null
        ? adjusted.tradingDays(last, maxDays).filter((d) => d >= range.from)
        : adjusted.tradingDays(last, range.lastN);
  const points: DataPoint[] = [];
  const missing: MissingData[] = [];
  for (const date of days) {
    await turns.take();
    const result = attempt({ kind: "day", date });
    if ("point" in result) points.push(result.point);
    else missing.push(missingReasons.notComputable(company, metric, date, result.reason));
  }
  if (days.length === 0)
    missing.push(
      missingReasons.notComputable(company, metric, `${range.from} to ${range.to}`, "no trading days in the database"),
    );
  // One reason per day would drown the answer: the first few say enough.
  return {
    series: points.length > 0 ? [makeSeries(company, metric, "daily", points)] : [],
    missing: missing.slice(0, 3),
  };
}

/** Where a selection ends (a fiscal period: the reference date; the calendar narrows it). */
function selectionEnd(selection: Selection): string {
  return selection.mode === "fiscal" ? selection.today : selection.end;
}

/** As-traded prices first; on failure, split-adjusted ones (a split between the inputs, or no as-traded price that
 * day). When both fail, the adjusted attempt's reason is the one that matters. */
function evaluateWithFallback(
  metric: MetricDefinition,
  at: EvalPoint,
  facts: (basis: PriceBasis) => CompanyFacts,
  readsPrices: boolean,
): Attempt {
  const bases: PriceBasis[] = readsPrices ? ["as_traded", "adjusted"] : ["as_traded"];
  let reason: string | null = null;
  for (const basis of bases) {
    try {
      return { point: derivedPoint(metric, at, computeDerived(metric, at, facts(basis))) };
    } catch (error) {
      if (!(error instanceof NotComputable)) throw error;
      reason = error.reason;
    }
  }
  return { reason: reason ?? "not computable" };
}

function latestReason(facts: CompanyFacts, kinds: readonly PeriodKind[], attempt: (at: EvalPoint) => Attempt): string {
  const recent = facts.calendar.filter((s) => kinds.includes(kindOfSlot(s))).at(-1);
  if (!recent) return noPeriodReason(facts, kinds[0] ?? "annual");
  const result = attempt({ kind: "slot", slot: recent });
  return "reason" in result ? `${slotLabel(recent)}: ${result.reason}` : "no value";
}

function noPeriodReason(facts: CompanyFacts, kind: PeriodKind): string {
  return facts.calendar.length === 0
    ? "the database holds no quarterly or annual filing data for the company"
    : `no ${kind} period of the company falls in the interval`;
}
