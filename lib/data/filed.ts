// Filed metrics (everything but market prices): values from metric_values placed on each company's
// fiscal calendar. Everything here works on the companies' snapshots (fact-store.ts): pure, so it is
// cheap and testable without a database.
import type { MetricDefinition } from "@/lib/catalog/types";
import type { StoredMetricValue } from "@/lib/db/queries/metric-values";
import type { DataPoint, MissingData, Series, ValueSource } from "./types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import { buildCalendars, type FiscalSlot, type PeriodKind } from "./calendar";
import { deriveQuarter, isQuarterDerivable } from "./quarters";
import { makeSeries } from "./series";
import { addDays, daysBetween, minDate } from "@/lib/core/dates";
import { missingReasons } from "./missing";
import { filingsOfValues, oneConceptRows, ownFilingOf, type FilingOfValues } from "./versions";
import {
  CALENDAR_LEAD_DAYS,
  calendarWindow,
  factWindow,
  FILING_LAG_DAYS,
  PERIOD_DAYS,
  pickSlots,
  selectionKinds,
  type Anchor,
  type Selection,
} from "./periods";
import {
  fiscalCalendarRows,
  filedCoverage,
  latestFilings,
  metricVersions,
  type CompanyInfo,
  type CompanySnapshot,
  type FiledCoverage,
  type LatestFiling,
} from "./fact-store";

export interface FiledData {
  calendars: Map<string, FiscalSlot[]>;
  /** Keyed by pairKey(ticker, metricKey). */
  coverage: Map<string, FiledCoverage>;
  latestFilings: Map<string, LatestFiling>;
  values: Map<string, StoredMetricValue[]>;
}

export const pairKey = (ticker: string, metricKey: string): string => `${ticker}\u0000${metricKey}`;

/**
 * What a slice needs of the filings: coverage and latest filings (where each company's data ends:
 * sizes the window for count/latest and words the missing reasons), then the fiscal calendar and the
 * values inside the window.
 */
export function readFiledData(
  companies: readonly CompanySnapshot[],
  selection: Selection,
  metrics: readonly MetricDefinition[],
  /** Extra history before the selection, for formulas that look back (growth, averages, ttm). */
  lookbackDays = 0,
): FiledData {
  const metricKeys = metrics.map((m) => m.key);
  const asOf = selection.mode === "fiscal" || selection.mode === "range" ? selection.today : selection.end;
  const coverageRows = filedCoverage(companies, metricKeys, asOf, selection.knownBy);
  const coverage = new Map(coverageRows.map((row) => [pairKey(row.ticker, row.metricKey), row]));
  const anchors: Anchor[] = coverageRows.map((row) => ({
    annual: row.lastAnnualAsOf,
    quarterly: row.lastQuarterlyAsOf,
  }));
  const selected = factWindow(selection, anchors);
  const window =
    selected && selected.from !== null ? { ...selected, from: addDays(selected.from, -lookbackDays) } : selected;
  const values = new Map<string, StoredMetricValue[]>();
  if (window && metricKeys.length > 0) {
    const periods = new Map<string, StoredMetricValue[][]>();
    for (const versions of metricVersions(companies, {
      metricKeys,
      // As early as the calendar: a quarter at the window's start may be derived from the nine months before it.
      from: window.from === null ? null : addDays(window.from, -CALENDAR_LEAD_DAYS),
      to: window.to,
      knownBy: selection.knownBy,
    })) {
      const key = pairKey(versions[0]!.ticker, versions[0]!.metricKey);
      const held = periods.get(key);
      if (held) held.push(versions);
      else periods.set(key, [versions]);
    }
    // One concept per company and metric over the periods read (versions.ts).
    const preference = new Map(metrics.map((m) => [m.key, m.concepts]));
    for (const [key, versions] of periods) {
      values.set(key, oneConceptRows(versions, preference.get(versions[0]![0]!.metricKey) ?? []).rows);
    }
  }
  return {
    calendars: buildCalendars(window ? fiscalCalendarRows(companies, calendarWindow(window), selection.knownBy) : []),
    coverage,
    latestFilings: new Map(latestFilings(companies, selection.knownBy).map((row) => [row.ticker, row])),
    values,
  };
}

/** Each company's filings as its values know them (versions.ts), computed once per snapshot. */
const filingsBySnapshot = new WeakMap<readonly StoredMetricValue[], Map<string, FilingOfValues>>();

export function filingsOf(company: CompanySnapshot): Map<string, FilingOfValues> {
  let filings = filingsBySnapshot.get(company.facts);
  if (!filings) filingsBySnapshot.set(company.facts, (filings = filingsOfValues(company.facts)));
  return filings;
}

/**
 * A question about one past fiscal period ("in fiscal 2022", "Q3 FY2024"), with no as-of date of its own,
 * is answered as each company's own filing for that period reported it: its values as known on the day
 * that filing became known (its comparatives too, so a growth rate is the filing's). A company whose own
 * filing is not held is read on its latest values. Null for every other selection: trend, range, latest
 * and as-of questions read the latest values (known by the as-of date).
 */
export function readFiledDataAsReported(
  companies: readonly CompanySnapshot[],
  selection: Selection,
  metrics: readonly MetricDefinition[],
  lookbackDays = 0,
): { data: FiledData; filings: Map<string, FilingOfValues> } | null {
  if (selection.mode !== "fiscal" || selection.years !== undefined || selection.knownBy !== null) return null;
  const data: FiledData = { calendars: new Map(), coverage: new Map(), latestFilings: new Map(), values: new Map() };
  const filings = new Map<string, FilingOfValues>();
  for (const company of companies) {
    const own = ownFilingOf(filingsOf(company), selection.fiscalYear, selection.fiscalPeriod);
    if (own) filings.set(company.info.ticker, own);
    const one = readFiledData(
      [company],
      own ? { ...selection, knownBy: own.knownOn } : selection,
      metrics,
      lookbackDays,
    );
    for (const [k, v] of one.calendars) data.calendars.set(k, v);
    for (const [k, v] of one.coverage) data.coverage.set(k, v);
    for (const [k, v] of one.latestFilings) data.latestFilings.set(k, v);
    for (const [k, v] of one.values) data.values.set(k, v);
  }
  return { data, filings };
}

/** The fiscal calendar alone, for price questions about a fiscal period. */
export function readCalendarsOnly(
  companies: readonly CompanySnapshot[],
  selection: Selection,
): Map<string, FiscalSlot[]> {
  const window = factWindow(selection, []);
  if (window === null) return new Map();
  return buildCalendars(fiscalCalendarRows(companies, calendarWindow(window), selection.knownBy));
}

export interface PairResult {
  series: Series[];
  missing: MissingData[];
}

/** One company × one filed metric: its series (one per kind of period) and what is missing. */
export function filedPair(
  selection: Selection,
  company: CompanyInfo,
  metric: MetricDefinition,
  data: FiledData,
): PairResult {
  // Null for a company with no quarter or year in the database (at most cover-page facts).
  const latestFiling = data.latestFilings.get(company.ticker) ?? null;
  const coverage = data.coverage.get(pairKey(company.ticker, metric.key));
  if (!coverage || coverage.facts === 0) {
    return {
      series: [],
      missing: [
        latestFiling
          ? missingReasons.neverReported(company, metric, latestFiling)
          : missingReasons.noFilings(company, metric),
      ],
    };
  }

  const rows = data.values.get(pairKey(company.ticker, metric.key)) ?? [];
  const calendar = metric.statement === "cover" ? coverSlots(rows) : (data.calendars.get(company.ticker) ?? []);
  const lookup = valueLookup(company.ticker, metric, rows);
  const context: PairContext = { selection, company, metric, coverage, latestFiling, rows, lookup };

  if (selection.mode === "latest" && (metric.periodType === "instant" || metric.statement === "cover")) {
    return latestBalance(context, calendar);
  }
  const series: Series[] = [];
  const missing: MissingData[] = [];
  let latestAnnualEnd: string | null = null;
  for (const kind of kindsFor(selection, metric)) {
    let slots = pickSlots(selection, calendar, kind, (slot) => lookup(slot) !== undefined);
    // "Latest" with both kinds: the quarter only when it is newer than the fiscal year given.
    if (selection.mode === "latest" && kind === "quarterly" && latestAnnualEnd !== null) {
      const after = latestAnnualEnd;
      slots = slots.filter((slot) => slot.end > after);
      if (slots.length === 0) continue;
    }
    const points = slots.flatMap((slot) => {
      const point = lookup(slot);
      return point ? [point] : [];
    });
    if (kind === "annual" && points.length > 0) latestAnnualEnd = points[points.length - 1]?.periodEnd ?? null;
    if (points.length > 0) series.push(filedSeries(company, metric, kind, points, rows));
    missing.push(...kindMissing(context, kind, slots, points.length));
  }
  if (selection.mode === "latest" && series.length === 0) missing.push(...latestMissing(context));
  return { series, missing };
}

/** Cover-page facts come once a year, so they are only ever annual. */
function kindsFor(selection: Selection, metric: MetricDefinition): PeriodKind[] {
  return metric.statement === "cover" ? ["annual"] : selectionKinds(selection);
}

interface PairContext {
  selection: Selection;
  company: CompanyInfo;
  metric: MetricDefinition;
  coverage: FiledCoverage;
  latestFiling: LatestFiling | null;
  rows: readonly StoredMetricValue[];
  lookup: (slot: FiscalSlot) => DataPoint | undefined;
}

/** A filed metric's value at any fiscal period of a company, for formulas (derived.ts). */
export function filedLookup(
  data: FiledData,
  ticker: string,
  metric: MetricDefinition,
): (slot: FiscalSlot) => DataPoint | undefined {
  return valueLookup(ticker, metric, data.values.get(pairKey(ticker, metric.key)) ?? []);
}

/**
 * Finds a slot's value: a duration by its fiscal period and end; a balance by its date alone. A quarter
 * the filings give only inside a longer period (a fourth quarter inside the fiscal year) is derived
 * from it (quarters.ts), marked as such.
 */
function valueLookup(
  ticker: string,
  metric: MetricDefinition,
  rows: readonly StoredMetricValue[],
): (slot: FiscalSlot) => DataPoint | undefined {
  const index = new Map<string, DataPoint>();
  const byPeriod = new Map<string, DataPoint>();
  const keyOf = (fiscalYear: number, fiscalPeriod: string, end: string) =>
    metric.statement === "cover"
      ? `${fiscalYear}:${end}`
      : metric.periodType === "instant"
        ? end
        : `${fiscalYear}:${fiscalPeriod}:${end}`;
  for (const row of rows) {
    if ((metric.periodType === "instant") !== (row.periodStart === null)) continue;
    const key = keyOf(row.fiscalYear, row.fiscalPeriod, row.periodEnd);
    if (index.has(key)) continue;
    const point = toDataPoint(row);
    index.set(key, point);
    const periodKey = `${row.fiscalYear}:${row.fiscalPeriod}`;
    if (!byPeriod.has(periodKey)) byPeriod.set(periodKey, point);
  }
  const derivable = metric.statement !== "cover" && isQuarterDerivable(metric);
  const derived = new Map<string, DataPoint | undefined>();
  return (slot) => {
    const key = keyOf(slot.fiscalYear, slot.fiscalPeriod, slot.end);
    const filed = index.get(key);
    if (filed || !derivable) return filed;
    if (!derived.has(key))
      derived.set(
        key,
        deriveQuarter(slot, metric, ticker, (year, period) => byPeriod.get(`${year}:${period}`)),
      );
    return derived.get(key);
  };
}

/**
 * Cover-page facts (public float) are dated on the cover, not at a period end: each fact is its own
 * period, counted as annual because the 10-K states it once a year, and named by its fiscal year.
 */
function coverSlots(rows: readonly StoredMetricValue[]): FiscalSlot[] {
  return rows.map((row) => ({ fiscalYear: row.fiscalYear, fiscalPeriod: "FY", start: null, end: row.periodEnd }));
}

/**
 * The latest balance: the newest one at a period end; failing that (a company whose only facts are
 * cover-page counts, dated after the period), the newest reported date on or before the end.
 */
function latestBalance(context: PairContext, calendar: readonly FiscalSlot[]): PairResult {
  const { selection, company, metric, lookup, rows } = context;
  const candidates = kindsFor(selection, metric).flatMap((kind) =>
    pickSlots(selection, calendar, kind, (slot) => lookup(slot) !== undefined),
  );
  const latest = candidates.sort((a, b) => (a.end < b.end ? -1 : a.end > b.end ? 1 : 0)).at(-1);
  const end = selection.mode === "latest" ? selection.end : selection.today;
  const row = rows.filter((r) => r.periodStart === null && r.periodEnd <= end).at(-1);
  const point = latest ? lookup(latest) : row ? toDataPoint(row) : undefined;
  if (!point) return { series: [], missing: latestMissing(context) };
  const kind: PeriodKind = metric.statement === "cover" || point.fiscalPeriod === "FY" ? "annual" : "quarterly";
  return { series: [filedSeries(company, metric, kind, [point], rows)], missing: [] };
}

function latestMissing(context: PairContext): MissingData[] {
  const { company, metric, coverage, selection } = context;
  const kinds = kindsFor(selection, metric);
  const firsts = kinds
    .map((k) => (k === "annual" ? coverage.firstAnnual : coverage.firstQuarterly))
    .filter((d): d is string => d !== null);
  const kind = kinds.length === 1 ? kinds[0]! : "quarterly";
  if (firsts.length === 0) return [missingReasons.noneOfKind(company, metric, kind)];
  return [missingReasons.before(company, metric, kind, firsts.reduce(minDate))];
}

/** Why a kind of period came back short: nothing at all, gaps between values, or stale data. */
function kindMissing(
  context: PairContext,
  kind: PeriodKind,
  slots: readonly FiscalSlot[],
  found: number,
): MissingData[] {
  const { selection, company, metric, coverage, latestFiling } = context;
  if (selection.mode === "latest") return [];
  const empty = slots.filter((slot) => context.lookup(slot) === undefined);
  const first = kind === "annual" ? coverage.firstAnnual : coverage.firstQuarterly;
  const last = kind === "annual" ? coverage.lastAnnual : coverage.lastQuarterly;
  if (found === 0 && empty.length === 0) return [noPeriodReason(context, kind, first, last)];

  const fourth = empty.filter((s) => isFourthQuarterInYear(context, s));
  // Periods after the metric's last value are one story ("reported up to X"), told once below.
  const afterLast = empty.filter((s) => !fourth.includes(s) && last !== null && s.end > last);
  const gaps = empty.filter((s) => !fourth.includes(s) && !afterLast.includes(s));
  const missing = [
    ...(fourth.length > 0 ? [missingReasons.fourthQuarter(company, metric, fourth)] : []),
    ...gapReasons(context, gaps),
  ];
  if (last !== null && (afterLast.length > 0 || isStale(selection, kind, last))) {
    missing.push(missingReasons.after(company, metric, kind, last, latestFiling));
  }
  return missing;
}

/** A fourth quarter of a flow metric whose year is in the database: the 10-K gave only the year. */
function isFourthQuarterInYear(context: PairContext, slot: FiscalSlot): boolean {
  return (
    slot.fiscalPeriod === "Q4" &&
    context.metric.periodType === "duration" &&
    context.rows.some((r) => r.fiscalYear === slot.fiscalYear && r.fiscalPeriod === "FY")
  );
}

/** The data stops well before the question's end: a newer period should have been filed by then. */
function isStale(selection: Selection, kind: PeriodKind, last: string): boolean {
  if (selection.mode === "fiscal" || selection.mode === "latest") return false;
  const horizon = minDate(selection.end, selection.today);
  return daysBetween(last, horizon) > PERIOD_DAYS[kind] + FILING_LAG_DAYS[kind];
}

function noPeriodReason(
  context: PairContext,
  kind: PeriodKind,
  first: string | null,
  last: string | null,
): MissingData {
  const { selection, company, metric, latestFiling } = context;
  if (first === null || last === null) return missingReasons.noneOfKind(company, metric, kind);
  switch (selection.mode) {
    case "fiscal": {
      return missingReasons.fiscalPeriodAbsent(
        company,
        metric,
        fiscalPeriodLabel(selection.fiscalYear, selection.fiscalPeriod),
        latestFiling,
      );
    }
    case "range":
      if (selection.start !== null && selection.start > last)
        return missingReasons.after(company, metric, kind, last, latestFiling);
      if (selection.end < first) return missingReasons.before(company, metric, kind, first);
      return missingReasons.noPeriodInRange(company, metric, kind, selection.start, selection.end);
    default:
      if (selection.end < first) return missingReasons.before(company, metric, kind, first);
      return missingReasons.noPeriodInRange(company, metric, kind, null, selection.end);
  }
}

/** Other empty slots by cause: quarters given only year-to-date, or simply not reported. */
function gapReasons(context: PairContext, empty: readonly FiscalSlot[]): MissingData[] {
  const { company, metric, rows } = context;
  const has = (fiscalYear: number, period: string) =>
    rows.some((r) => r.fiscalYear === fiscalYear && r.fiscalPeriod === period);
  const yearToDate = empty.filter(
    (s) => (s.fiscalPeriod === "Q2" && has(s.fiscalYear, "H1")) || (s.fiscalPeriod === "Q3" && has(s.fiscalYear, "M9")),
  );
  const other = empty.filter((s) => !yearToDate.includes(s));
  return [
    ...(yearToDate.length > 0 ? [missingReasons.yearToDateOnly(company, metric, yearToDate)] : []),
    ...(other.length > 0 ? [missingReasons.notReported(company, metric, other)] : []),
  ];
}

function toDataPoint(row: StoredMetricValue): DataPoint {
  return {
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    fiscalYear: row.fiscalYear,
    fiscalPeriod: row.fiscalPeriod,
    value: row.value,
    source: filingSource(row),
  };
}

function filingSource(row: StoredMetricValue): ValueSource {
  if (row.sourceKind !== "sec_companyfacts" && row.sourceKind !== "sec_xbrl" && row.sourceKind !== "filing_table") {
    // Ingestion writes only these (XBRL facts, and table rows of filing texts: `ingest facts`);
    // anything else means the table was written by something else.
    throw new Error(
      `metric value of ${row.ticker} ${row.metricKey} ${row.periodEnd} has unknown source kind ${row.sourceKind}`,
    );
  }
  return {
    kind: "sec_filing",
    concept: row.sourceConcept ?? "",
    form: row.sourceForm,
    accession: row.sourceAccession,
    filedAt: row.sourceFiledAt,
    via: row.sourceKind,
  };
}

/** The unit as filed (all of a metric's facts share it); the catalog's when nothing was read. */
function filedSeries(
  company: CompanyInfo,
  metric: MetricDefinition,
  kind: PeriodKind,
  points: DataPoint[],
  rows: readonly StoredMetricValue[],
): Series {
  const sample = rows[0];
  return makeSeries(
    company,
    metric,
    kind,
    points,
    sample ? { unit: sample.unit, currency: sample.currency } : undefined,
  );
}
