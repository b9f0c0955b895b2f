// Daily prices for derived metrics (P/E, market cap, moving averages, volatility): both sources of
// each company's snapshot, looked up by day. A formula is evaluated on the as-traded prices
// first (a P/E wants the price people paid, not one lowered by later dividends) and, when a split
// makes those incomparable with its other inputs, again on split-adjusted ones (evaluate.ts decides).
import type { MetricDefinition } from "@/lib/catalog/types";
import type { PriceSource } from "@/lib/core/types";
import { addDays } from "@/lib/core/dates";
import type { MarketValue } from "./evaluate";
import {
  firstIndexOnOrAfter,
  priceCoverage,
  type CompanySnapshot,
  type PriceColumn,
  type StoredPriceColumns,
} from "./fact-store";

export type PriceBasis = "as_traded" | "adjusted";

/** The column each market metric reads, per basis. yfinance has no as-traded close: its adjusted close stands in. */
const COLUMNS: Readonly<Record<string, Record<PriceBasis, { source: PriceSource; column: PriceColumn }>>> = {
  price_open: {
    as_traded: { source: "alphavantage", column: "open" },
    adjusted: { source: "yfinance", column: "open" },
  },
  price_high: {
    as_traded: { source: "alphavantage", column: "high" },
    adjusted: { source: "yfinance", column: "high" },
  },
  price_low: { as_traded: { source: "alphavantage", column: "low" }, adjusted: { source: "yfinance", column: "low" } },
  price_close: {
    as_traded: { source: "alphavantage", column: "close" },
    adjusted: { source: "yfinance", column: "adjClose" },
  },
  price_adj_close: {
    as_traded: { source: "yfinance", column: "adjClose" },
    adjusted: { source: "yfinance", column: "adjClose" },
  },
  volume: {
    as_traded: { source: "alphavantage", column: "volume" },
    adjusted: { source: "yfinance", column: "volume" },
  },
};

/** How many calendar days back a stale price may be (a week of holidays at most). */
const MAX_STALE_DAYS = 7;

export interface PriceBook {
  marketOn(ticker: string, metric: MetricDefinition, date: string, basis: PriceBasis): MarketValue | undefined;
  tradingDays(ticker: string, date: string, count: number, basis: PriceBasis): string[];
  lastTradingDay(ticker: string, date: string, basis: PriceBasis): string | undefined;
}

/** Every company's whole price history from both sources, as held in its snapshot. */
export function priceBook(companies: readonly CompanySnapshot[]): PriceBook {
  const stored = new Map(
    companies.flatMap((c) => [...c.prices.values()].map((w) => [`${w.ticker}:${w.source}`, w] as const)),
  );
  const lastDay = new Map(priceCoverage(companies).map((c) => [`${c.ticker}:${c.source}`, c.last]));
  // Trading days are those of the source a basis reads its closes from.
  const daysOf = (ticker: string, basis: PriceBasis): StoredPriceColumns | undefined =>
    stored.get(`${ticker}:${basis === "as_traded" ? "alphavantage" : "yfinance"}`);
  return {
    marketOn(ticker, metric, date, basis) {
      const field = COLUMNS[metric.key]?.[basis];
      const window = field ? stored.get(`${ticker}:${field.source}`) : undefined;
      if (!field || !window) return undefined;
      const values = window.columns[field.column];
      const index = firstIndexOnOrAfter(window.dates, addDays(date, 1)) - 1;
      const day = index >= 0 ? window.dates[index] : undefined;
      const value = index >= 0 ? values[index] : null;
      if (day === undefined || value === null || value === undefined || day < addDays(date, -MAX_STALE_DAYS))
        return undefined;
      const adjusted = field.source === "yfinance";
      return {
        date: day,
        point: {
          periodStart: null,
          periodEnd: day,
          fiscalYear: null,
          fiscalPeriod: null,
          value,
          source: { kind: "daily_prices", provider: field.source, adjusted },
        },
        // Adjusted prices are on the share basis of the provider's last day.
        basisDate: adjusted ? (lastDay.get(`${ticker}:${field.source}`) ?? day) : day,
      };
    },
    tradingDays(ticker, date, count, basis) {
      const window = daysOf(ticker, basis);
      if (!window) return [];
      const index = firstIndexOnOrAfter(window.dates, addDays(date, 1)) - 1;
      // A source that stopped before the day has no window ending on it.
      if (index < 0 || window.dates[index]! < addDays(date, -MAX_STALE_DAYS)) return [];
      return window.dates.slice(Math.max(0, index - count + 1), index + 1);
    },
    lastTradingDay(ticker, date, basis) {
      const window = daysOf(ticker, basis);
      return window?.dates[firstIndexOnOrAfter(window.dates, addDays(date, 1)) - 1];
    },
  };
}
