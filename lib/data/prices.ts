// Market metrics: exact daily points from daily_prices. Two sources differ in kind: Alpha Vantage
// gives prices as traded (2015 to 2021-04-21), yfinance split- and dividend-adjusted ones (2015 to
// 2025). A series never mixes them: each company × metric takes the first source in its preference
// list that covers the whole range, else the adjusted source for the whole range, and the swap from
// as-traded to adjusted is reported in `missing` so the answer can say so.
import type { MetricDefinition } from "@/lib/catalog/types";
import type { PriceSource } from "@/lib/core/types";
import type { DataPoint, MissingData, Series } from "./types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import type { FiscalSlot, PeriodKind } from "./calendar";
import { addDays, addYears, maxDate, minDate } from "@/lib/core/dates";
import { missingReasons } from "./missing";
import { makeSeries } from "./series";
import { PERIOD_DAYS, type Selection } from "./periods";
import {
  firstIndexOnOrAfter,
  priceCoverage,
  splitDates,
  type CompanyInfo,
  type CompanySnapshot,
  type PriceColumn,
  type StoredPriceColumns,
} from "./fact-store";

interface PriceField {
  source: PriceSource;
  column: PriceColumn;
  adjusted: boolean;
}

const asTraded = (column: PriceColumn): PriceField => ({ source: "alphavantage", column, adjusted: false });
const adjusted = (source: PriceSource, column: PriceColumn): PriceField => ({ source, column, adjusted: true });

/**
 * Preference per market metric. yfinance has no as-traded close (its close is null), so its adjusted
 * close stands in for price_close. The adjusted close prefers yfinance: one adjustment basis (2025)
 * for the whole history, where Alpha Vantage's stops adjusting in 2021. yfinance volume is split-
 * adjusted, so it counts as adjusted too.
 */
const PRICE_FIELDS: Readonly<Record<string, readonly PriceField[]>> = {
  price_open: [asTraded("open"), adjusted("yfinance", "open")],
  price_high: [asTraded("high"), adjusted("yfinance", "high")],
  price_low: [asTraded("low"), adjusted("yfinance", "low")],
  price_close: [asTraded("close"), adjusted("yfinance", "adjClose")],
  price_adj_close: [adjusted("yfinance", "adjClose"), adjusted("alphavantage", "adjClose")],
  volume: [asTraded("volume"), adjusted("yfinance", "volume")],
};

/** A range of trading days; `lastN` keeps only the last N of them ("last 10 trading days", latest). */
export interface DayRange {
  from: string;
  to: string;
  lastN: number | null;
}

export type Span = { first: string; last: string };
type CoverageBySource = ReadonlyMap<PriceSource, Span>;

interface PricePlan {
  company: CompanyInfo;
  metric: MetricDefinition;
  field: PriceField;
  range: DayRange;
}

export interface MarketResult {
  /** Keyed by pairKey(ticker, metricKey) from filed.ts; absent when the pair has no points. */
  series: Map<string, Series>;
  missing: Map<string, MissingData[]>;
}

/** All market pairs of a slice: source coverage and split dates, then the trading days needed. */
export function readMarketSeries(
  snapshots: readonly CompanySnapshot[],
  selection: Selection,
  metrics: readonly MetricDefinition[],
  calendars: ReadonlyMap<string, readonly FiscalSlot[]>,
  keyOf: (ticker: string, metricKey: string) => string,
): MarketResult {
  const companies = snapshots.map((s) => s.info);
  const splits = splitDates(snapshots);
  const coverage = coverageBySource(priceCoverage(snapshots));
  const result: MarketResult = { series: new Map(), missing: new Map() };
  const addMissing = (key: string, entry: MissingData) =>
    result.missing.set(key, [...(result.missing.get(key) ?? []), entry]);
  const plans: PricePlan[] = [];
  for (const company of companies) {
    const sources = coverage.get(company.ticker) ?? new Map<PriceSource, Span>();
    for (const metric of metrics) {
      const key = keyOf(company.ticker, metric.key);
      const planned = planPair(
        selection,
        company,
        metric,
        sources,
        calendars.get(company.ticker) ?? [],
        splits.get(company.ticker) ?? [],
      );
      if ("missing" in planned) addMissing(key, planned.missing);
      else {
        plans.push(planned.plan);
        if (planned.note) addMissing(key, planned.note);
      }
    }
  }
  const stored = new Map(snapshots.map((snapshot) => [snapshot.info.ticker, snapshot.prices]));
  for (const plan of plans) {
    const key = keyOf(plan.company.ticker, plan.metric.key);
    const points = pointsOf(plan, stored.get(plan.company.ticker)?.get(plan.field.source));
    if (points.length > 0) result.series.set(key, makeSeries(plan.company, plan.metric, "daily", points));
    else addMissing(key, missingReasons.noTradingDays(plan.company, plan.metric, plan.range.from, plan.range.to));
  }
  return result;
}

function coverageBySource(rows: ReturnType<typeof priceCoverage>): Map<string, Map<PriceSource, Span>> {
  const byTicker = new Map<string, Map<PriceSource, Span>>();
  for (const row of rows) {
    if (row.first === null || row.last === null) continue;
    const sources = byTicker.get(row.ticker) ?? new Map<PriceSource, Span>();
    sources.set(row.source, { first: row.first, last: row.last });
    byTicker.set(row.ticker, sources);
  }
  return byTicker;
}

type Planned = { plan: PricePlan; note: MissingData | null } | { missing: MissingData };

function planPair(
  selection: Selection,
  company: CompanyInfo,
  metric: MetricDefinition,
  sources: CoverageBySource,
  calendar: readonly FiscalSlot[],
  splitDates: readonly string[],
): Planned {
  const fields = PRICE_FIELDS[metric.key] ?? [];
  const held = [...sources.values()];
  if (fields.length === 0 || held.length === 0) return { missing: missingReasons.noPrices(company, metric) };
  const any: Span = { first: held.map((s) => s.first).reduce(minDate), last: held.map((s) => s.last).reduce(maxDate) };
  const range = dayRange(selection, calendar, any);
  if (range === null) {
    const label =
      selection.mode === "fiscal"
        ? fiscalPeriodLabel(selection.fiscalYear, selection.fiscalPeriod)
        : "the period asked";
    return { missing: missingReasons.noFiscalPeriodForPrices(company, metric, label) };
  }
  // What any source holds inside the range; a source "covers" when it holds all of that.
  const needFrom = maxDate(range.from, any.first);
  const needTo = minDate(range.to, any.last);
  if (needFrom > needTo)
    return { missing: missingReasons.pricesOutside(company, metric, range.from, range.to, any.first, any.last) };
  // As-traded prices jump at a split (TSLA 5:1 on 2020-08-31), which would make returns and highs
  // meaningless: a range that holds a split reads adjusted prices throughout.
  const split = splitDates.find((date) => date > needFrom && date <= needTo) ?? null;
  const candidates = split ? adjustedFirst(fields) : fields;
  const covering = candidates.find((f) => {
    const span = sources.get(f.source);
    return span !== undefined && span.first <= needFrom && span.last >= needTo;
  });
  const field = covering ?? candidates.filter((f) => sources.has(f.source)).at(-1) ?? candidates[0]!;
  const preferred = candidates[0]!;
  const note =
    split && field.adjusted && !fields[0]!.adjusted
      ? missingReasons.adjustedForSplit(company, metric, split)
      : field.adjusted && !preferred.adjusted
        ? missingReasons.adjustedInstead(company, metric, sources.get(preferred.source) ?? null)
        : null;
  return { plan: { company, metric, field, range }, note };
}

function adjustedFirst(fields: readonly PriceField[]): PriceField[] {
  return [...fields.filter((f) => f.adjusted), ...fields.filter((f) => !f.adjusted)];
}

/** The trading days a selection asks for, or null for a fiscal period whose dates are unknown. */
export function dayRange(selection: Selection, calendar: readonly FiscalSlot[], held: Span): DayRange | null {
  switch (selection.mode) {
    case "fiscal": {
      const slot = calendar.find(
        (s) => s.fiscalYear === selection.fiscalYear && s.fiscalPeriod === selection.fiscalPeriod,
      );
      return slot && slot.start !== null ? { from: slot.start, to: slot.end, lastN: null } : null;
    }
    case "range":
      return { from: selection.start ?? held.first, to: selection.end, lastN: null };
    case "count":
      if (selection.daily) return lastTradingDays(selection.count, minDate(selection.end, held.last));
      return trailingRange(selection.count, selection.kind, minDate(selection.end, held.last));
    case "latest":
      return lastTradingDays(1, minDate(selection.end, held.last));
  }
}

/**
 * "The last year", "the past 3 years" of prices: the trailing window up to the latest price held (a
 * year back from 2025-07-24 starts on 2024-07-24, so its return is the trailing 12 months), not a
 * window ending today that holds no prices when the data stops earlier.
 */
function trailingRange(count: number, kind: PeriodKind, end: string): DayRange {
  const from = kind === "annual" ? addYears(end, -count) : addDays(end, -count * PERIOD_DAYS.quarterly);
  return { from, to: end, lastN: null };
}

/** N trading days fit in about 1.5 N calendar days, plus room for a run of holidays. */
function lastTradingDays(count: number, end: string): DayRange {
  return { from: addDays(end, -(Math.ceil(count * 1.5) + 10)), to: end, lastN: count };
}

function pointsOf(plan: PricePlan, stored: StoredPriceColumns | undefined): DataPoint[] {
  const { field, range } = plan;
  if (!stored) return [];
  const { dates, points } = columnPoints(stored, field);
  const inRange = points.slice(
    firstIndexOnOrAfter(dates, range.from),
    firstIndexOnOrAfter(dates, addDays(range.to, 1)),
  );
  return range.lastN === null ? inRange : inRange.slice(-range.lastN);
}

/**
 * A source column's days as data points, built once per snapshot and shared by every slice that reads
 * them (a snapshot never changes; slices only read their points): a three-year daily series is then a
 * binary search and a copy, not 750 new objects.
 */
const columnPointCache = new WeakMap<StoredPriceColumns, Map<PriceColumn, { dates: string[]; points: DataPoint[] }>>();

function columnPoints(stored: StoredPriceColumns, field: PriceField): { dates: string[]; points: DataPoint[] } {
  let byColumn = columnPointCache.get(stored);
  if (!byColumn) columnPointCache.set(stored, (byColumn = new Map()));
  const cached = byColumn.get(field.column);
  if (cached) return cached;
  const source: DataPoint["source"] = { kind: "daily_prices", provider: field.source, adjusted: field.adjusted };
  const values = stored.columns[field.column];
  const built = { dates: [] as string[], points: [] as DataPoint[] };
  stored.dates.forEach((date, i) => {
    const value = values[i];
    if (value === null || value === undefined) return;
    built.dates.push(date);
    built.points.push({ periodStart: null, periodEnd: date, fiscalYear: null, fiscalPeriod: null, value, source });
  });
  byColumn.set(field.column, built);
  return built;
}
