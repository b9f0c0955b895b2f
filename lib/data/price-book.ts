// Daily prices for derived metrics (P/E, market cap, moving averages, volatility): both sources read
// once for the whole slice, then looked up by day. A formula is evaluated on the as-traded prices
// first (a P/E wants the price people paid, not one lowered by later dividends) and, when a split
// makes those incomparable with its other inputs, again on split-adjusted ones (evaluate.ts decides).
import type { MetricDefinition } from "@/lib/catalog/types";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { PriceSource } from "@/lib/ingest/types";
import { addDays } from "./dates";
import type { MarketValue } from "./evaluate";
import { readDailyPrices, readPriceCoverage, type CompanyInfo, type PriceColumn, type StoredPriceColumns } from "./queries";

export type PriceBasis = "as_traded" | "adjusted";

/** The column each market metric reads, per basis. yfinance has no as-traded close: its adjusted close stands in. */
const COLUMNS: Readonly<Record<string, Record<PriceBasis, { source: PriceSource; column: PriceColumn }>>> = {
  price_open: { as_traded: { source: "alphavantage", column: "open" }, adjusted: { source: "yfinance", column: "open" } },
  price_high: { as_traded: { source: "alphavantage", column: "high" }, adjusted: { source: "yfinance", column: "high" } },
  price_low: { as_traded: { source: "alphavantage", column: "low" }, adjusted: { source: "yfinance", column: "low" } },
  price_close: { as_traded: { source: "alphavantage", column: "close" }, adjusted: { source: "yfinance", column: "adjClose" } },
  price_adj_close: { as_traded: { source: "yfinance", column: "adjClose" }, adjusted: { source: "yfinance", column: "adjClose" } },
  volume: { as_traded: { source: "alphavantage", column: "volume" }, adjusted: { source: "yfinance", column: "volume" } },
};

/** How many calendar days back a stale price may be (a week of holidays at most). */
const MAX_STALE_DAYS = 7;

export interface PriceBook {
  marketOn(ticker: string, metric: MetricDefinition, date: string, basis: PriceBasis): MarketValue | undefined;
  tradingDays(ticker: string, date: string, count: number, basis: PriceBasis): string[];
}

/** One statement: every company's prices in [from, to] from both sources, the columns `metrics` need. */
export async function readPriceBook(
  prisma: PrismaClient,
  companies: readonly CompanyInfo[],
  metrics: readonly MetricDefinition[],
  from: string,
  to: string,
): Promise<PriceBook> {
  const columns = new Map<PriceSource, Set<PriceColumn>>();
  for (const metric of metrics) {
    for (const field of Object.values(COLUMNS[metric.key] ?? {})) {
      columns.set(field.source, new Set([...(columns.get(field.source) ?? []), field.column]));
    }
  }
  const windows = companies.flatMap((company) => [...columns].map(([source, cols]) => ({ companyId: company.id, source, from, to, columns: cols })));
  const [rows, coverage] = await Promise.all([readDailyPrices(prisma, windows), readPriceCoverage(prisma, companies.map((c) => c.id))]);
  const stored = new Map(rows.map((w) => [`${w.ticker}:${w.source}`, w]));
  const lastDay = new Map(coverage.map((c) => [`${c.ticker}:${c.source}`, c.last]));
  return {
    marketOn(ticker, metric, date, basis) {
      const field = COLUMNS[metric.key]?.[basis];
      const window = field ? stored.get(`${ticker}:${field.source}`) : undefined;
      const values = field && window ? window.columns[field.column] : null;
      if (!field || !window || !values) return undefined;
      const index = lastIndexOnOrBefore(window.dates, date);
      const day = index >= 0 ? window.dates[index] : undefined;
      const value = index >= 0 ? values[index] : null;
      if (day === undefined || value === null || value === undefined || day < addDays(date, -MAX_STALE_DAYS)) return undefined;
      const adjusted = field.source === "yfinance";
      return {
        date: day,
        point: { periodStart: null, periodEnd: day, fiscalYear: null, fiscalPeriod: null, value, source: { kind: "daily_prices", provider: field.source, adjusted } },
        // Adjusted prices are on the share basis of the provider's last day.
        basisDate: adjusted ? (lastDay.get(`${ticker}:${field.source}`) ?? day) : day,
      };
    },
    tradingDays(ticker, date, count, basis) {
      const source = basis === "as_traded" ? "alphavantage" : "yfinance";
      const window: StoredPriceColumns | undefined = stored.get(`${ticker}:${source}`);
      if (!window) return [];
      const index = lastIndexOnOrBefore(window.dates, date);
      return index < 0 ? [] : window.dates.slice(Math.max(0, index - count + 1), index + 1);
    },
  };
}

/** Binary search over ascending ISO dates. */
function lastIndexOnOrBefore(dates: readonly string[], date: string): number {
  let low = 0;
  let high = dates.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (dates[mid]! <= date) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
