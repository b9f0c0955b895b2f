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
import { addDays } from "@/lib/core/dates";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import type { MetricDefinition } from "@/lib/catalog/types";
import { companyGroups, presentationOf, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { DataSlice, MissingData, Series, SliceCut } from "./types";
import { cuts, dailyLimit, fitSliceSize, keepLatestPoints, QuestionDeadline } from "./budget";
import type { FiscalSlot } from "./calendar";
import { questionDefinitions } from "./definitions";
import { companyFacts, derivedPair, planDerived, type DerivedPlan } from "./derived";
import { alignmentReadSelection, alignPeriods } from "./align";
import { type FactLabelSearch, filingLinesFor } from "./filing-lines";
import { disagreementsOf } from "./table-disagreements";
import { factStoreOf, firstIndexOnOrAfter, splitDates, type CompanyInfo, type CompanySnapshot } from "./fact-store";
import { conceptUsesOf } from "./concepts";
import { filedPair, pairKey, readCalendarsOnly, readFiledData, readFiledDataAsReported, type FiledData } from "./filed";
import { revisionsOf } from "./revisions";
import { wantsDailySummary, withDailySummaries } from "./daily-summary";
import { withPeriodMeans } from "./period-mean";
import { describeInterval } from "./interval";
import { missingReasons } from "./missing";
import { resolveSelection, type Selection } from "./periods";
import { priceBook, type PriceBook } from "./price-book";
import { readPriceMove } from "./price-move";
import { readMarketSeries, type MarketResult } from "./prices";
import { distributionOf } from "./distribution";
import { rankSlice } from "./ranking";
import { EventLoopTurns } from "./turns";
import { resolveGroups } from "./universe";

export interface SliceOptions {
  /** The question's deadline and budget (its own, from the configured budget, when not given). */
  deadline?: QuestionDeadline;
  /** Finds statement lines by another phrasing than their label (the chat's, by vector and keyword);
   * without it a line's label must hold the question's words. */
  labelSearch?: FactLabelSearch;
}

export async function buildSlice(
  prisma: PrismaClient,
  request: StructuredDataRequest,
  { deadline = new QuestionDeadline(), labelSearch }: SliceOptions = {},
): Promise<DataSlice> {
  const { budget } = deadline;
  const selection = resolveSelection(request);
  // Companies named one by one, then the members of the request's groups (universe.ts), read alike.
  const named = unique(singleCompanies(request).map((c) => c.ticker.trim().toUpperCase()));
  const groups = companyGroups(request);
  const universe = await resolveGroups(prisma, groups, request.today);
  const asked = unique([...named, ...universe.tickers]);
  // A ranking or a group's comparison of filed figures reads every member (a few periods each, at most 12): capping
  // it would rank the wrong universe. Daily series over many companies are what the company cap is for.
  const readsDaily = unique([...request.metrics.map((m) => m.key), request.screen?.metricKey ?? ""]).some(
    (k) => metricByKey(k)?.statement === "market",
  );
  const ranksFiled = (request.rank !== null || request.screen !== null || groups.length > 0) && !readsDaily;
  const tickers = ranksFiled ? asked : asked.slice(0, budget.maxCompanies);
  const truncated: SliceCut[] =
    asked.length > tickers.length ? [cuts.companies(tickers, asked.slice(tickers.length), budget.maxCompanies)] : [];
  // A screen's metric is read even when the question did not name it as a metric.
  const metricKeys = unique([
    ...request.metrics.map((m) => m.key),
    ...(request.screen ? [request.screen.metricKey] : []),
  ]);
  const known = metricKeys.map(metricByKey).filter((m): m is MetricDefinition => m !== undefined);
  // A definition the question gives is evaluated beside the catalog's metric (lib/data/definitions.ts);
  // one of a metric of its own comes first, as what was asked (its inputs follow).
  const defined = questionDefinitions(request);
  const metrics = [...defined.own, ...known.filter((m) => m.unavailableReason === undefined), ...defined.beside];
  const stored = metrics.filter((m) => !m.formula);
  const filedMetrics = stored.filter((m) => m.statement !== "market");
  const marketMetrics = stored.filter((m) => m.statement === "market");
  const derived = planDerived(metrics.filter((m) => m.formula));

  // The only database work: a version probe, and each company's history the first time it is asked for.
  const snapshots = await factStoreOf(prisma).companies(tickers);
  const found = new Map(snapshots.map((s) => [s.info.ticker, s.info]));
  const companies = snapshots.map((s) => s.info);

  // Filed metrics asked for and those the formulas read, in one read; formulas may need more history.
  const filedReads = uniqueMetrics([...filedMetrics, ...derived.filedInputs]);
  const needsCalendar = derived.derived.length > 0;
  // Two or more companies named for one period: each is read on its own period ending nearest the same date.
  const aligns = named.length >= 2 && groups.length === 0 && request.rank === null && request.screen === null;
  const filed =
    (filedReads.length > 0 || needsCalendar) && companies.length > 0
      ? readFiledData(
          snapshots,
          aligns ? alignmentReadSelection(selection) : selection,
          filedReads,
          derived.lookbackDays,
        )
      : null;
  const aligned = filed && aligns ? alignPeriods(selection, companies, filed.calendars) : null;
  // One past fiscal period asked: each company's values as its own filing for it reported them (filed.ts).
  // Formulas that read prices or per-share figures keep the latest values: their split adjustment reads those.
  const asReported =
    filed && !aligns && filedReads.length > 0
      ? readFiledDataAsReported(snapshots, selection, filedReads, derived.lookbackDays)
      : null;
  const formulasAsReported = asReported !== null && !readsPricesOrShares(derived);

  const selectionOf = (ticker: string) => aligned?.selections.get(ticker) ?? selection;
  const market =
    marketMetrics.length > 0 && companies.length > 0
      ? readMarketSeries(snapshots, selection, marketMetrics, calendarsForPrices(snapshots, selection, filed), pairKey)
      : null;
  const formulaFacts = derived.derived.length > 0 ? formulaMarketFacts(snapshots, derived) : null;

  // No catalog metric named: the question's other words may name a line of the company's statement tables.
  const filingLines =
    metricKeys.length === 0 && metrics.length === 0
      ? await filingLinesFor(
          prisma,
          request,
          singleCompanies(request).filter((c) => found.has(c.ticker.trim().toUpperCase())),
          labelSearch,
        )
      : [];

  const series: Series[] = [];
  const missing: MissingData[] = [
    ...(tickers.length === 0 && groups.length === 0 ? [missingReasons.noCompany()] : []),
    ...universe.missing,
    ...(metricKeys.length === 0 && filingLines.length === 0 ? [missingReasons.noMetric()] : []),
    ...tickers.filter((t) => !found.has(t)).map(missingReasons.unknownCompany),
    ...metricKeys.filter((k) => metricByKey(k) === undefined).map(missingReasons.unknownMetric),
    ...known.filter((m) => m.unavailableReason !== undefined).map(missingReasons.unavailable),
  ];
  // The daily budgets are shared by the series that may be daily: stored ones, and computed ones (read one more
  // day than kept, to tell a cut).
  const daily = metrics.filter((m) => m.statement === "market");
  const storedDays = dailyLimit(
    budget,
    budget.maxDailyPoints,
    companies.length * daily.filter((m) => !m.formula).length,
  );
  const computedDays = dailyLimit(
    budget,
    budget.maxComputedDailyPoints,
    companies.length * daily.filter((m) => m.formula).length,
  );
  const skipped: { ticker: string; metricKey: string }[] = [];
  // Long computations give other requests of this process their turn (PGlite and the server share the thread),
  // between company–metric pairs and inside a pair's daily series.
  const turns = new EventLoopTurns(YIELD_EVERY_MS);
  // Request order: companies as listed, then metrics as listed.
  for (const company of companies) {
    for (const metric of metrics) {
      if (deadline.passed()) {
        skipped.push({ ticker: company.ticker, metricKey: metric.key });
        continue;
      }
      const own = selectionOf(company.ticker);
      const pair = metric.formula
        ? await derivedPair(
            own,
            company,
            metric,
            (basis) =>
              companyFacts(
                company,
                formulasAsReported ? (asReported?.data ?? filed) : filed,
                formulaFacts?.prices ?? null,
                formulaFacts?.splits.get(company.ticker) ?? [],
                basis,
              ),
            computedDays + 1,
            turns,
          )
        : pairResult(own, company, metric, asReported?.data ?? filed, market);
      series.push(...pair.series);
      missing.push(...pair.missing);
      await turns.take();
    }
  }
  await turns.take(); // the size check below serializes the slice once: a turn first, not after the computation
  if (skipped.length > 0) truncated.push(cuts.time(skipped, budget));
  const periods = keepLatestPoints(series, (s) => (s.frequency === "daily" ? null : budget.maxPeriods));
  if (periods.cut.length > 0) truncated.push(cuts.periods(periods.cut, budget.maxPeriods));
  const days = keepLatestPoints(periods.series, (s) =>
    s.frequency !== "daily" ? null : metricByKey(s.metricKey)?.formula ? computedDays : storedDays,
  );
  if (days.cut.length > 0) truncated.push(cuts.days(days.cut));
  const kept = days.series;
  const disagreements = disagreementsOf(snapshots, kept);
  const concepts = conceptUsesOf(kept);
  const revisions = revisionsOf(snapshots, kept, selection.knownBy);
  const reportedIn = [...(asReported?.filings ?? new Map())].map(([ticker, filing]) => ({
    ticker,
    filing: `${fiscalPeriodLabel(filing.fiscalYear, filing.fiscalPeriod)} ${filing.form ?? "filing"}`,
    filedAt: filing.filedAt,
  }));
  const ranked = rankSlice({ request, companies, groups: universe.groups, series: kept, missing, unread: skipped });
  const fitted = fitSliceSize(
    {
      request,
      interval: asKnownOn(
        describeInterval(
          selection,
          kept,
          { filed: filedMetrics.length > 0 || derived.derived.length > 0, market: marketMetrics.length > 0 },
          aligned?.alignment ?? null,
        ),
        selection.knownBy,
      ),
      series: kept,
      missing: ranked.missing,
      groups: universe.groups,
      ranking: ranked.ranking,
      ...(truncated.length > 0 ? { truncated } : {}),
      ...(ranked.ranking && asksAcrossAll(request) ? { distribution: distributionOf(ranked.ranking) } : {}),
      ...(filingLines.length > 0 ? { filingLines } : {}),
      ...(disagreements.length > 0 ? { tableDisagreements: disagreements } : {}),
      ...(aligned?.alignment ? { alignment: aligned.alignment } : {}),
      ...(concepts.length > 0 ? { concepts } : {}),
      ...(revisions.length > 0 ? { revisions } : {}),
      ...(reportedIn.length > 0 ? { reportedIn } : {}),
      ...(filed && (selection.mode === "latest" || selection.mode === "count")
        ? {
            latestPrices: latestPricesOf(snapshots, selection.end),
            newestDocuments: snapshots.flatMap((s) => (s.newestDocument ? [s.newestDocument] : [])),
          }
        : {}),
    },
    budget,
  );
  const withMove = request.intent === "move" ? { ...fitted, move: await readPriceMove(prisma, request) } : fitted;
  const summarized = wantsDailySummary(request.question)
    ? { ...withMove, series: withDailySummaries(withMove.series, request.invested) }
    : withMove;
  return presentationOf(request).average === true
    ? { ...summarized, series: withPeriodMeans(summarized.series) }
    : summarized;
}

/** Each company's last trading day held on or before `end`, over its price sources. */
function latestPricesOf(snapshots: readonly CompanySnapshot[], end: string): { ticker: string; date: string }[] {
  return snapshots.flatMap((snapshot) => {
    let held: string | null = null;
    for (const { dates } of snapshot.prices.values()) {
      // The day before the first one after `end`.
      const last = dates[firstIndexOnOrAfter(dates, addDays(end, 1)) - 1];
      if (last !== undefined && (held === null || last > held)) held = last;
    }
    return held === null ? [] : [{ ticker: snapshot.info.ticker, date: held }];
  });
}

/** How long the slice computes before letting other requests run (issue 12: no request waits ~50 ms for it). */
const YIELD_EVERY_MS = 20;

function pairResult(
  selection: Selection,
  company: CompanyInfo,
  metric: MetricDefinition,
  filed: FiledData | null,
  market: MarketResult | null,
): { series: Series[]; missing: MissingData[] } {
  if (metric.statement !== "market")
    return filed ? filedPair(selection, company, metric, filed) : { series: [], missing: [] };
  const key = pairKey(company.ticker, metric.key);
  const one = market?.series.get(key);
  return { series: one ? [one] : [], missing: market?.missing.get(key) ?? [] };
}

/** Prices for a fiscal period need the company's fiscal calendar; other selections do not. */
function calendarsForPrices(
  snapshots: readonly CompanySnapshot[],
  selection: Selection,
  filed: FiledData | null,
): ReadonlyMap<string, readonly FiscalSlot[]> {
  if (selection.mode !== "fiscal") return new Map();
  return filed?.calendars ?? readCalendarsOnly(snapshots, selection);
}

/** Whether some formula reads prices or per-share figures or share counts (their split adjustment reads the latest values). */
function readsPricesOrShares(plan: DerivedPlan): boolean {
  return (
    plan.marketInputs.length > 0 || plan.filedInputs.some((m) => m.unitKind === "per_share" || m.unitKind === "shares")
  );
}

/** Prices and split dates for formulas that read the market or share counts. */
function formulaMarketFacts(
  snapshots: readonly CompanySnapshot[],
  plan: DerivedPlan,
): { prices: PriceBook | null; splits: Map<string, string[]> } {
  const shareBased = [...plan.filedInputs, ...plan.marketInputs].some(
    (m) => m.unitKind === "per_share" || m.unitKind === "shares",
  );
  return {
    prices: plan.marketInputs.length > 0 ? priceBook(snapshots) : null,
    splits: shareBased ? splitDates(snapshots) : new Map<string, string[]>(),
  };
}

/** A point-in-time slice says so wherever its period is shown. */
function asKnownOn(interval: DataSlice["interval"], knownBy: string | null): DataSlice["interval"] {
  return knownBy === null
    ? interval
    : { ...interval, description: `${interval.description}; values as known on ${knownBy} (filed by then)` };
}

function uniqueMetrics(metrics: readonly MetricDefinition[]): MetricDefinition[] {
  return [...new Map(metrics.map((m) => [m.key, m])).values()];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Every company, no ranking or threshold asked: the metric's spread is the answer. */
function asksAcrossAll(request: StructuredDataRequest): boolean {
  return (
    request.rank === null &&
    request.screen === null &&
    request.companies.length === 1 &&
    request.companies[0]!.kind === "all"
  );
}
