// Hand-built DataSlices for tests: short builders so each test shows only the numbers it checks.
import type { Intent, StructuredDataRequest } from "@/lib/agent/schema";
import type { DataPoint, DataSlice, MissingData, Series } from "@/lib/data/types";
import type { FiscalPeriod } from "@/lib/core/types";

const FILING = {
  kind: "sec_filing",
  concept: "us-gaap:Revenues",
  form: "10-K",
  accession: null,
  filedAt: null,
  via: "sec_companyfacts",
} as const;
const PRICES = { kind: "daily_prices", provider: "yfinance", adjusted: false } as const;

/** A filed value: fiscal year, period and the exact base-unit value. */
export function fiscal(year: number, period: FiscalPeriod, value: string, periodEnd?: string): DataPoint {
  const end = periodEnd ?? defaultEnd(year, period);
  return { periodStart: null, periodEnd: end, fiscalYear: year, fiscalPeriod: period, value, source: FILING };
}

/** A daily price or volume. */
export function daily(date: string, value: string): DataPoint {
  return { periodStart: null, periodEnd: date, fiscalYear: null, fiscalPeriod: null, value, source: PRICES };
}

function defaultEnd(year: number, period: FiscalPeriod): string {
  const month = { FY: "09", Q1: "12", Q2: "03", Q3: "06", Q4: "09", H1: "03", M9: "06" }[period];
  const calendarYear = period === "Q1" ? year - 1 : year;
  return `${calendarYear}-${month}-30`;
}

const COMPANIES: Record<string, string> = {
  AAPL: "Apple Inc.",
  MSFT: "Microsoft Corporation",
  TSLA: "Tesla, Inc.",
  INTC: "Intel Corporation",
  MMM: "3M Company",
};

type MetricShape = Pick<Series, "metricKey" | "metricName" | "unitKind" | "unit" | "frequency">;

export const METRIC_SHAPES = {
  revenue: { metricKey: "revenue", metricName: "Revenue", unitKind: "currency", unit: "USD", frequency: "annual" },
  net_income: {
    metricKey: "net_income",
    metricName: "Net Income",
    unitKind: "currency",
    unit: "USD",
    frequency: "annual",
  },
  eps_diluted: {
    metricKey: "eps_diluted",
    metricName: "Diluted EPS",
    unitKind: "per_share",
    unit: "USD/shares",
    frequency: "annual",
  },
  shares_outstanding: {
    metricKey: "shares_outstanding",
    metricName: "Shares Outstanding",
    unitKind: "shares",
    unit: "shares",
    frequency: "annual",
  },
  effective_tax_rate: {
    metricKey: "effective_tax_rate",
    metricName: "Effective Tax Rate",
    unitKind: "ratio",
    unit: "pure",
    frequency: "annual",
  },
  long_term_debt: {
    metricKey: "long_term_debt",
    metricName: "Long-term Debt (Total)",
    unitKind: "currency",
    unit: "USD",
    frequency: "annual",
  },
  price_close: {
    metricKey: "price_close",
    metricName: "Closing Price",
    unitKind: "per_share",
    unit: "USD/shares",
    frequency: "daily",
  },
  volume: { metricKey: "volume", metricName: "Trading Volume", unitKind: "shares", unit: "shares", frequency: "daily" },
} as const satisfies Record<string, MetricShape>;

export function series(
  ticker: string,
  metric: keyof typeof METRIC_SHAPES,
  points: DataPoint[],
  overrides: Partial<Series> = {},
): Series {
  const shape = METRIC_SHAPES[metric];
  return {
    ticker,
    companyName: COMPANIES[ticker] ?? `${ticker} Corp.`,
    ...shape,
    currency: shape.unit.startsWith("USD") ? "USD" : null,
    points,
    ...overrides,
  };
}

/** A slice as the Data Module returns it for a request naming the series' companies and metrics
 * (with no series: Apple's revenue, asked for and not found). `request` overrides any field, e.g.
 * `{ companies: [], unrecognized: [...] }` for a question that named no company. */
export function slice(
  intent: Intent,
  seriesList: Series[],
  missing: MissingData[] = [],
  dates: Partial<StructuredDataRequest["dates"]> = {},
  request: Partial<Omit<StructuredDataRequest, "intent" | "dates">> = {},
): DataSlice {
  const named = seriesList.length > 0 ? seriesList : [series("AAPL", "revenue", [])];
  const full: StructuredDataRequest = {
    question: "test question",
    today: "2025-06-01",
    companies: uniqueBy(named, (s) => s.ticker).map((s) => ({
      kind: "company",
      ticker: s.ticker,
      name: s.companyName,
      span: null,
      confidence: 1,
    })),
    metrics: uniqueBy(named, (s) => s.metricKey).map((s) => ({
      key: s.metricKey,
      name: s.metricName,
      span: null,
      confidence: 1,
      related: [],
    })),
    dates: {
      expression: null,
      start: null,
      end: null,
      latest: false,
      granularity: "any",
      fiscal: null,
      count: null,
      ...dates,
    },
    intent,
    rank: null,
    screen: null,
    document: null,
    invested: null,
    sources: [],
    asOf: null,
    unrecognized: [],
    suggestions: [],
    agent: "rules",
    ...request,
  };
  return {
    request: full,
    interval: { start: null, end: null, description: "test interval" },
    series: seriesList,
    missing,
  };
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/** Apple's revenue FY2022–FY2024 as filed, in dollars. */
export function appleRevenue(): Series {
  return series("AAPL", "revenue", [
    fiscal(2022, "FY", "394328000000", "2022-09-24"),
    fiscal(2023, "FY", "383285000000", "2023-09-30"),
    fiscal(2024, "FY", "391035000000", "2024-09-28"),
  ]);
}
