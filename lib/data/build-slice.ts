// The Data Module: a Structured Data Request in, one DataSlice out. It is the only step after the
// agent that reads the database; everything downstream (prompt, charts, tables) reads the slice.
//
// Period semantics (see periods.ts): a named fiscal period is matched on each company's own fiscal
// calendar; a calendar interval takes the periods whose END falls in it; "last N" takes the N most
// recent periods ending on or before its end; no date takes the latest period held. Fourth quarters
// that were never filed on their own are not derived (a DataPoint cannot say it was computed): they
// are listed in `missing`. Market metrics are exact daily points, one price source per series.
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";
import { companyGroups, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { DataSlice, MissingData, Series } from "./types";
import type { FiscalSlot } from "./calendar";
import { filedPair, pairKey, readCalendarsOnly, readFiledData } from "./filed";
import { describeInterval } from "./interval";
import { missingReasons } from "./missing";
import { resolveSelection, type Selection } from "./periods";
import { readMarketSeries, type MarketResult } from "./prices";
import { readCompanies, type CompanyInfo } from "./queries";
import { rankSlice } from "./ranking";
import { resolveGroups } from "./universe";

export async function buildSlice(prisma: PrismaClient, request: StructuredDataRequest): Promise<DataSlice> {
  const selection = resolveSelection(request);
  // Companies named one by one, then the members of the request's groups (universe.ts), read alike.
  const named = unique(singleCompanies(request).map((c) => c.ticker.trim().toUpperCase()));
  const groups = companyGroups(request);
  const universe = await resolveGroups(prisma, groups, request.today);
  const tickers = unique([...named, ...universe.tickers]);
  // A screen's metric is read even when the question did not name it as a metric.
  const metricKeys = unique([...request.metrics.map((m) => m.key), ...(request.screen ? [request.screen.metricKey] : [])]);
  const { metrics, notes } = readableMetrics(metricKeys.map(metricByKey).filter((m): m is MetricDefinition => m !== undefined));
  const filedMetrics = metrics.filter((m) => m.statement !== "market");
  const marketMetrics = metrics.filter((m) => m.statement === "market");

  const found = new Map((await readCompanies(prisma, tickers)).map((c) => [c.ticker, c]));
  const companies = tickers.map((t) => found.get(t)).filter((c): c is CompanyInfo => c !== undefined);

  const filed = filedMetrics.length > 0 && companies.length > 0 ? await readFiledData(prisma, selection, companies, filedMetrics) : null;
  const market = marketMetrics.length > 0 && companies.length > 0
    ? await readMarketSeries(prisma, selection, companies, marketMetrics, await calendarsForPrices(prisma, selection, companies, filed), pairKey)
    : null;

  const series: Series[] = [];
  const missing: MissingData[] = [
    ...(tickers.length === 0 && groups.length === 0 ? [missingReasons.noCompany()] : []),
    ...universe.missing,
    ...(metricKeys.length === 0 ? [missingReasons.noMetric()] : []),
    ...tickers.filter((t) => !found.has(t)).map(missingReasons.unknownCompany),
    ...metricKeys.filter((k) => metricByKey(k) === undefined).map(missingReasons.unknownMetric),
    ...notes,
  ];
  // Request order: companies as listed, then metrics as listed.
  for (const company of companies) {
    for (const metric of metrics) {
      const pair = pairResult(selection, company, metric, filed, market);
      series.push(...pair.series);
      missing.push(...pair.missing);
    }
  }
  const ranked = rankSlice({ request, companies, groups: universe.groups, series, missing });
  return {
    request,
    interval: describeInterval(selection, series, { filed: filedMetrics.length > 0, market: marketMetrics.length > 0 }),
    series,
    missing: ranked.missing,
    groups: universe.groups,
    ranking: ranked.ranking,
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

/**
 * The stored metrics a request needs. Derived metrics are not computed yet (their formulas are the
 * next step of the Data Module): the slice carries their stored inputs, and says so; metrics no
 * source gives are reported as unavailable.
 */
function readableMetrics(requested: readonly MetricDefinition[]): { metrics: MetricDefinition[]; notes: MissingData[] } {
  const metrics = new Map<string, MetricDefinition>();
  const notes: MissingData[] = [];
  for (const metric of requested) {
    if (metric.unavailableReason !== undefined) notes.push(missingReasons.unavailable(metric));
    else if (metric.formula) {
      const inputs = storedInputs(metric);
      notes.push(missingReasons.notComputedYet(metric, inputs));
      for (const input of inputs) metrics.set(input.key, input);
    } else metrics.set(metric.key, metric);
  }
  return { metrics: [...metrics.values()], notes };
}

/** The stored (filed or market) metrics a derived metric's formula reads, through derived inputs. */
function storedInputs(metric: MetricDefinition, seen = new Set<string>()): MetricDefinition[] {
  const inputs: MetricDefinition[] = [];
  for (const key of metric.formula?.inputs ?? []) {
    const input = metricByKey(key);
    if (!input || seen.has(key)) continue;
    seen.add(key);
    inputs.push(...(input.formula ? storedInputs(input, seen) : [input]));
  }
  return inputs;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
