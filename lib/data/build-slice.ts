// The Data Module: a Structured Data Request in, one DataSlice out. It is the only step after the
// agent that reads the database; everything downstream (prompt, charts, tables) reads the slice.
//
// Period semantics (see periods.ts): a named fiscal period is matched on each company's own fiscal
// calendar; a calendar interval takes the periods whose END falls in it; "last N" takes the N most
// recent periods ending on or before its end; no date takes the latest period held. Quarters filed
// only inside a longer period (a fourth quarter inside the 10-K year, year-to-date cash flows) are
// derived by subtraction and marked derived (quarters.ts). Market metrics are exact daily points, one
// price source per series.
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";
import { companyGroups, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { DataSlice, MissingData, Series } from "./types";
import type { FiscalSlot } from "./calendar";
import { addDays } from "./dates";
import { companyFacts, derivedPair, planDerived, selectionEnd, selectionStart, type DerivedPlan } from "./derived";
import { filedPair, pairKey, readCalendarsOnly, readFiledData } from "./filed";
import { describeInterval } from "./interval";
import { missingReasons } from "./missing";
import { resolveSelection, type Selection } from "./periods";
import { readPriceBook, type PriceBook } from "./price-book";
import { readMarketSeries, type MarketResult } from "./prices";
import { readCompanies, readSplitDates, type CompanyInfo } from "./queries";

export async function buildSlice(prisma: PrismaClient, request: StructuredDataRequest): Promise<DataSlice> {
  const selection = resolveSelection(request);
  // Companies named one by one; groups (peers, sectors, industries, all companies) are not resolved
  // yet: each is listed in `missing`.
  const tickers = unique(singleCompanies(request).map((c) => c.ticker.trim().toUpperCase()));
  const groups = companyGroups(request);
  const metricKeys = unique(request.metrics.map((m) => m.key));
  const known = metricKeys.map(metricByKey).filter((m): m is MetricDefinition => m !== undefined);
  const metrics = known.filter((m) => m.unavailableReason === undefined);
  const stored = metrics.filter((m) => !m.formula);
  const filedMetrics = stored.filter((m) => m.statement !== "market");
  const marketMetrics = stored.filter((m) => m.statement === "market");
  const derived = planDerived(metrics.filter((m) => m.formula));

  const found = new Map((await readCompanies(prisma, tickers)).map((c) => [c.ticker, c]));
  const companies = tickers.map((t) => found.get(t)).filter((c): c is CompanyInfo => c !== undefined);

  // Filed metrics asked for and those the formulas read, in one read; formulas may need more history.
  const filedReads = uniqueMetrics([...filedMetrics, ...derived.filedInputs]);
  const needsCalendar = derived.derived.length > 0;
  const filed =
    (filedReads.length > 0 || needsCalendar) && companies.length > 0
      ? await readFiledData(prisma, selection, companies, filedReads, derived.lookbackDays)
      : null;
  const market = marketMetrics.length > 0 && companies.length > 0
    ? await readMarketSeries(prisma, selection, companies, marketMetrics, await calendarsForPrices(prisma, selection, companies, filed), pairKey)
    : null;
  const formulaFacts = derived.derived.length > 0 && companies.length > 0 ? await readFormulaFacts(prisma, selection, companies, derived) : null;

  const series: Series[] = [];
  const missing: MissingData[] = [
    ...(tickers.length === 0 && groups.length === 0 ? [missingReasons.noCompany()] : []),
    ...(groups.length > 0 ? [missingReasons.groupsNotResolved(groups)] : []),
    ...(metricKeys.length === 0 ? [missingReasons.noMetric()] : []),
    ...tickers.filter((t) => !found.has(t)).map(missingReasons.unknownCompany),
    ...metricKeys.filter((k) => metricByKey(k) === undefined).map(missingReasons.unknownMetric),
    ...known.filter((m) => m.unavailableReason !== undefined).map(missingReasons.unavailable),
  ];
  // Request order: companies as listed, then metrics as listed.
  for (const company of companies) {
    for (const metric of metrics) {
      const pair = metric.formula
        ? derivedPair(selection, company, metric, (basis) => companyFacts(company, filed, formulaFacts?.prices ?? null, formulaFacts?.splits.get(company.ticker) ?? [], basis))
        : pairResult(selection, company, metric, filed, market);
      series.push(...pair.series);
      missing.push(...pair.missing);
    }
  }
  return {
    request,
    interval: asKnownOn(
      describeInterval(selection, series, { filed: filedMetrics.length > 0 || derived.derived.length > 0, market: marketMetrics.length > 0 }),
      selection.knownBy,
    ),
    series,
    missing,
  };
}

function pairResult(
  selection: Selection,
  company: CompanyInfo,
  metric: MetricDefinition,
  filed: Awaited<ReturnType<typeof readFiledData>> | null,
  market: MarketResult | null,
): { series: Series[]; missing: MissingData[] } {
  if (metric.statement !== "market") return filed ? filedPair(selection, company, metric, filed) : { series: [], missing: [] };
  const key = pairKey(company.ticker, metric.key);
  const one = market?.series.get(key);
  return { series: one ? [one] : [], missing: market?.missing.get(key) ?? [] };
}

/** Prices for a fiscal period need the company's fiscal calendar; other selections do not. */
async function calendarsForPrices(
  prisma: PrismaClient,
  selection: Selection,
  companies: readonly CompanyInfo[],
  filed: Awaited<ReturnType<typeof readFiledData>> | null,
): Promise<ReadonlyMap<string, readonly FiscalSlot[]>> {
  if (selection.mode !== "fiscal") return new Map();
  return filed?.calendars ?? readCalendarsOnly(prisma, selection, companies);
}

/** Prices and split dates for formulas that read the market: from the lookback before the selection to its end. */
async function readFormulaFacts(
  prisma: PrismaClient,
  selection: Selection,
  companies: readonly CompanyInfo[],
  plan: DerivedPlan,
): Promise<{ prices: PriceBook | null; splits: Map<string, string[]> }> {
  const shareBased = [...plan.filedInputs, ...plan.marketInputs].some((m) => m.unitKind === "per_share" || m.unitKind === "shares");
  const ids = companies.map((c) => c.id);
  const [prices, splits] = await Promise.all([
    plan.marketInputs.length > 0
      ? readPriceBook(prisma, companies, plan.marketInputs, addDays(selectionStart(selection), -plan.lookbackDays - 10), selectionEnd(selection))
      : null,
    shareBased ? readSplitDates(prisma, ids) : new Map<string, string[]>(),
  ]);
  return { prices, splits };
}

/** A point-in-time slice says so wherever its period is shown. */
function asKnownOn(interval: DataSlice["interval"], knownBy: string | null): DataSlice["interval"] {
  return knownBy === null ? interval : { ...interval, description: `${interval.description}; values as known on ${knownBy} (filed by then)` };
}

function uniqueMetrics(metrics: readonly MetricDefinition[]): MetricDefinition[] {
  return [...new Map(metrics.map((m) => [m.key, m])).values()];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
