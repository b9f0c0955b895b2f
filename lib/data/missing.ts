// Reasons for data that was asked for but is not in the slice. Each says what is missing and why,
// in terms a person can act on (which filing the database ends with, which range prices cover),
// because the answer repeats them to the user instead of guessing.
import type { MetricDefinition } from "@/lib/catalog/types";
import type { MissingData } from "./types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import { type FiscalSlot, type PeriodKind, slotLabel } from "./calendar";
import type { CompanyInfo, LatestFiling } from "./fact-store";
import { isQuarterDerivable } from "./quarters";

/** "Net Income" → "net income", "Basic EPS" → "basic EPS": lower case inside a sentence, acronyms kept. */
export function metricPhrase(metric: Pick<MetricDefinition, "name">): string {
  return metric.name
    .split(" ")
    .map((word) =>
      word.replace(
        /^(\W*)([A-Z])([a-z][a-z'-]*\W*)$/,
        (_m, pre: string, first: string, rest: string) => `${pre}${first.toLowerCase()}${rest}`,
      ),
    )
    .join(" ");
}

function listLabels(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
}

/** "the 10-Q for the quarter ended 2022-09-30 (Q3 FY2022)" */
function describeFiling(filing: LatestFiling): string {
  const what = filing.fiscalPeriod === "FY" ? "fiscal year" : "quarter";
  return `the ${filing.form ?? "filing"} for the ${what} ended ${filing.periodEnd} (${fiscalPeriodLabel(filing.fiscalYear, filing.fiscalPeriod)})`;
}

/** Where the company's filings end, when the database holds any quarter or year for it. */
function latestClause(latest: LatestFiling | null): string {
  return latest
    ? `: the latest filing in the database is ${describeFiling(latest)}`
    : ": the database holds no quarterly or annual report of it";
}

export const missingReasons = {
  unknownCompany: (ticker: string): MissingData => ({
    ticker,
    metricKey: null,
    reason: `no data for ${ticker}: the database has no company with this ticker`,
  }),

  unknownMetric: (key: string): MissingData => ({
    ticker: null,
    metricKey: key,
    reason: `no data for "${key}": it is not a metric in the FinGround catalog`,
  }),

  noCompany: (): MissingData => ({
    ticker: null,
    metricKey: null,
    reason: "the question names no company this version can look up, so no company data was read",
  }),

  unavailable: (metric: MetricDefinition): MissingData => ({
    ticker: null,
    metricKey: metric.key,
    reason: `${metric.name} is not available: ${metric.unavailableReason ?? "FinGround has no source for it"}`,
  }),
  noMetric: (): MissingData => ({
    ticker: null,
    metricKey: null,
    reason: "the question names no metric this version can look up, so no figures were read",
  }),

  noFilings: (company: CompanyInfo, metric: MetricDefinition): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${metricPhrase(metric)} for ${company.ticker}: the database holds no quarterly or annual SEC filing data for ${company.name}`,
  }),

  neverReported: (company: CompanyInfo, metric: MetricDefinition, latest: LatestFiling): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${metricPhrase(metric)} for ${company.ticker}: none of ${company.name}'s filings in the database (up to ${describeFiling(latest)}) reports it`,
  }),

  noneOfKind: (company: CompanyInfo, metric: MetricDefinition, kind: PeriodKind): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${kind} ${metricPhrase(metric)} for ${company.ticker} in the database: ${company.name}'s filings here do not report it ${kind === "annual" ? "for full fiscal years" : "for single quarters"}`,
  }),

  after: (
    company: CompanyInfo,
    metric: MetricDefinition,
    kind: PeriodKind,
    lastEnd: string,
    latest: LatestFiling | null,
  ): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${kind} ${metricPhrase(metric)} for ${company.ticker} after ${lastEnd}${latestClause(latest)}`,
  }),

  before: (company: CompanyInfo, metric: MetricDefinition, kind: PeriodKind, firstEnd: string): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${kind} ${metricPhrase(metric)} for ${company.ticker} before ${firstEnd}: the earliest ${kind} value in the database is for the period ended ${firstEnd}`,
  }),

  noPeriodInRange: (
    company: CompanyInfo,
    metric: MetricDefinition,
    kind: PeriodKind,
    start: string | null,
    end: string,
  ): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${kind} ${metricPhrase(metric)} for ${company.ticker}: none of its ${kind === "annual" ? "fiscal years" : "quarters"} in the database ends ${start === null ? `on or before ${end}` : `between ${start} and ${end}`}`,
  }),

  fiscalPeriodAbsent: (
    company: CompanyInfo,
    metric: MetricDefinition,
    label: string,
    latest: LatestFiling | null,
  ): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason:
      `no ${label} ${metricPhrase(metric)} for ${company.ticker}: the database holds no ${label} filing data for ${company.name}` +
      (latest ? `; its latest filing there is ${describeFiling(latest)}` : ""),
  }),

  /** A fourth quarter only ever reported inside the fiscal year. */
  fourthQuarter: (company: CompanyInfo, metric: MetricDefinition, slots: readonly FiscalSlot[]): MissingData => {
    const derivable = isQuarterDerivable(metric);
    return {
      ticker: company.ticker,
      metricKey: metric.key,
      reason:
        `no ${metricPhrase(metric)} for ${company.ticker} for ${listLabels(slots.map(slotLabel))}: ${company.name} reports the fourth quarter ` +
        `only within the full fiscal year (10-K), not as a separate quarter` +
        (derivable
          ? "; deriving it needs the first nine months (or the first three quarters) of that year, which the database does not hold"
          : "; share counts and ratios cannot be derived from the year by subtraction"),
    };
  },

  /** Quarters a 10-Q gives only as six- or nine-month year-to-date totals (typical for cash flows). */
  yearToDateOnly: (company: CompanyInfo, metric: MetricDefinition, slots: readonly FiscalSlot[]): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason:
      `no ${metricPhrase(metric)} for ${company.ticker} for ${listLabels(slots.map(slotLabel))}: ${company.name} reports it for those quarters ` +
      "only as a year-to-date total (six or nine months), and the shorter total needed to derive the quarter is not in the database",
  }),

  /** A derived metric whose formula could not be evaluated: which input is missing, never a guess. */
  notComputable: (company: CompanyInfo, metric: MetricDefinition, period: string, why: string): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `${metricPhrase(metric)} for ${company.ticker} is not computable for ${period}: ${why}`,
  }),

  notReported: (company: CompanyInfo, metric: MetricDefinition, slots: readonly FiscalSlot[]): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${metricPhrase(metric)} for ${company.ticker} for ${listLabels(slots.map(slotLabel))}: ${company.name}'s filings in the database do not report it for ${slots.length === 1 ? "that period" : "those periods"}`,
  }),

  noPrices: (company: CompanyInfo, metric: MetricDefinition): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${metricPhrase(metric)} for ${company.ticker}: the database holds no daily prices for ${company.name}`,
  }),

  pricesOutside: (
    company: CompanyInfo,
    metric: MetricDefinition,
    from: string,
    to: string,
    first: string,
    last: string,
  ): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${metricPhrase(metric)} for ${company.ticker} ${from === to ? `on ${from}` : `from ${from} to ${to}`}: daily prices in the database run from ${first} to ${last}`,
  }),

  noTradingDays: (company: CompanyInfo, metric: MetricDefinition, from: string, to: string): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${metricPhrase(metric)} for ${company.ticker} ${from === to ? `on ${from}` : `from ${from} to ${to}`}: no trading took place (weekend or market holiday)`,
  }),

  noFiscalPeriodForPrices: (company: CompanyInfo, metric: MetricDefinition, label: string): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason: `no ${metricPhrase(metric)} for ${company.ticker} for ${label}: the dates of that fiscal period are not known from ${company.name}'s filings in the database`,
  }),

  /** As-traded prices asked for, adjusted ones given: said out loud, never swapped silently. */
  adjustedForSplit: (company: CompanyInfo, metric: MetricDefinition, splitDate: string): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason:
      `${metricPhrase(metric)} for ${company.ticker} is split- and dividend-adjusted (yfinance) over this range: ` +
      `the stock split on ${splitDate}, and prices as traded would jump at the split`,
  }),
  adjustedInstead: (
    company: CompanyInfo,
    metric: MetricDefinition,
    asTraded: { first: string; last: string } | null,
  ): MissingData => ({
    ticker: company.ticker,
    metricKey: metric.key,
    reason:
      `${metricPhrase(metric)} as traded for ${company.ticker} ` +
      (asTraded ? `is in the database only from ${asTraded.first} to ${asTraded.last}` : "is not in the database") +
      "; the series gives split- and dividend-adjusted values (yfinance) for the whole range instead",
  }),
};
