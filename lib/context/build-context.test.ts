// The enriched prompt from hand-built slices: full expected text (no snapshots), exact scaling, the
// daily summary and the empty slice.
import { describe, expect, it } from "vitest";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { DataPoint, DataSlice, Series } from "@/lib/data/types";
import { addDays } from "@/lib/core/dates";
import { buildContext } from "./build-context";
import { evenlySpaced } from "./daily";
import { chooseScale, formatScaled } from "./scale";

function request(question: string, intent: StructuredDataRequest["intent"] = "trend"): StructuredDataRequest {
  return {
    question,
    today: "2026-11-30",
    companies: [],
    metrics: [],
    dates: {
      expression: null,
      start: null,
      end: null,
      latest: false,
      granularity: "annual",
      fiscal: null,
      count: null,
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
    agent: "test",
  };
}

const filing = {
  kind: "sec_filing",
  concept: "us-gaap:Test",
  form: "10-K",
  accession: null,
  filedAt: null,
  via: "sec_companyfacts",
} as const;

function fiscalYears(values: Record<number, string>, ends: Record<number, [string, string]>): DataPoint[] {
  return Object.entries(values).map(([year, value]) => {
    const [start, end] = ends[Number(year)]!;
    return { periodStart: start, periodEnd: end, fiscalYear: Number(year), fiscalPeriod: "FY", value, source: filing };
  });
}

const APPLE_YEARS: Record<number, [string, string]> = {
  2022: ["2021-09-26", "2022-09-24"],
  2023: ["2022-09-25", "2023-09-30"],
  2024: ["2023-10-01", "2024-09-28"],
};

function series(
  metricKey: string,
  metricName: string,
  unitKind: Series["unitKind"],
  unit: string,
  points: DataPoint[],
  over: Partial<Series> = {},
): Series {
  return {
    ticker: "AAPL",
    companyName: "Apple Inc.",
    metricKey,
    metricName,
    unitKind,
    unit,
    currency: unitKind === "shares" ? null : "USD",
    frequency: "annual",
    points,
    ...over,
  };
}

const revenue = series(
  "revenue",
  "Revenue",
  "currency",
  "USD",
  fiscalYears({ 2022: "394328000000", 2023: "383285000000", 2024: "391035000000" }, APPLE_YEARS),
);
const eps = series(
  "eps_diluted",
  "Diluted EPS",
  "per_share",
  "USD/shares",
  fiscalYears({ 2022: "6.11", 2023: "6.13", 2024: "6.08" }, APPLE_YEARS),
);

const smallSlice: DataSlice = {
  request: request("How did Apple's revenue and EPS develop from FY2022 to FY2024?"),
  interval: {
    start: "2021-09-26",
    end: "2024-09-28",
    description: "from 2021-10-01 to 2024-09-30 (annual periods ending in it): AAPL FY2022 to FY2024",
  },
  series: [revenue, eps],
  missing: [
    {
      ticker: "MSFT",
      metricKey: "revenue",
      reason:
        "no annual revenue for MSFT after 2015-06-30: the latest filing in the database is the 10-Q for the quarter ended 2015-09-30 (Q1 FY2016)",
    },
  ],
};

describe("buildContext", () => {
  it("writes one Financial Data block per metric, the missing list and the question", () => {
    const { system, prompt } = buildContext(smallSlice);
    expect(prompt).toBe(
      [
        "Period covered: from 2021-10-01 to 2024-09-30 (annual periods ending in it): AAPL FY2022 to FY2024",
        "",
        "Financial Data:",
        "Metric: Revenue",
        "Unit: USD millions",
        "Frequency: annual (fiscal years), from 2021-09-26 to 2024-09-28",
        "Apple Inc. (AAPL): FY2022 394,328; FY2023 383,285; FY2024 391,035",
        "",
        "Financial Data:",
        "Metric: Diluted EPS",
        "Unit: USD per share",
        "Frequency: annual (fiscal years), from 2021-09-26 to 2024-09-28",
        "Apple Inc. (AAPL): FY2022 6.11; FY2023 6.13; FY2024 6.08",
        "",
        "Not available:",
        "- no annual revenue for MSFT after 2015-06-30: the latest filing in the database is the 10-Q for the quarter ended 2015-09-30 (Q1 FY2016)",
        "",
        "Financial Query: How did Apple's revenue and EPS develop from FY2022 to FY2024?",
      ].join("\n"),
    );
    expect(system).toContain("Answer only from the Financial Data");
    expect(system).toContain("Never invent");
    expect(system).toContain("not investment advice");
    expect(system).not.toContain("investment judgement");
    expect(buildContext(smallSlice)).toEqual({ system, prompt });
  });

  it("adds the investment rule for invest questions", () => {
    const { system } = buildContext({ ...smallSlice, request: request("Should I buy Apple?", "invest") });
    expect(system).toContain(
      "This question asks for an investment judgement: do not recommend buying, selling or holding",
    );
  });

  it("writes balances and several companies in one block with one scale", () => {
    const balance = (ticker: string, companyName: string, value: string): Series =>
      series(
        "cash",
        "Cash and Cash Equivalents",
        "currency",
        "USD",
        [{ periodStart: null, periodEnd: "2024-12-31", fiscalYear: 2024, fiscalPeriod: "FY", value, source: filing }],
        { ticker, companyName },
      );
    const { prompt } = buildContext({
      ...smallSlice,
      series: [balance("KO", "The Coca-Cola Company", "10828000000"), balance("TINY", "Tiny Corp", "950000.5")],
      missing: [],
    });
    expect(prompt).toContain(
      [
        "Financial Data:",
        "Metric: Cash and Cash Equivalents",
        "Unit: USD millions",
        "Frequency: annual (balance at fiscal year end), on 2024-12-31",
        "The Coca-Cola Company (KO): FY2024 (2024-12-31) 10,828",
        "Tiny Corp (TINY): FY2024 (2024-12-31) 0.9500005",
      ].join("\n"),
    );
  });

  it("summarizes a long daily series and says so in the block header", () => {
    const days: DataPoint[] = Array.from({ length: 100 }, (_, i) => ({
      periodStart: null,
      periodEnd: addDays("2024-01-01", i),
      fiscalYear: null,
      fiscalPeriod: null,
      // A dip to the low at day 40 and a peak at day 70, exact to the cent.
      value: i === 40 ? "90.01" : i === 70 ? "250.99" : `${100 + i}.5`,
      source: { kind: "daily_prices", provider: "yfinance", adjusted: true },
    }));
    const close = series("price_close", "Closing Price", "per_share", "USD/shares", days, { frequency: "daily" });
    const { prompt } = buildContext({ ...smallSlice, series: [close], missing: [] });
    const lines = prompt.split("\n");
    expect(lines.slice(2, 7)).toEqual([
      "Financial Data:",
      "Metric: Closing Price",
      "Unit: USD per share",
      "Frequency: daily (trading days), from 2024-01-01 to 2024-04-09",
      "Series longer than 30 trading days are summarized: first, last, low and high, and 30 evenly spaced days.",
    ]);
    const line = lines[7]!;
    expect(line).toMatch(
      /^Apple Inc\. \(AAPL\): 100 trading days from 2024-01-01 to 2024-04-09; first 2024-01-01 100\.5; last 2024-04-09 199\.5; low 2024-02-10 90\.01; high 2024-03-11 250\.99; sampled 2024-01-01 100\.5, /,
    );
    expect(line.split("sampled ")[1]!.split(", ")).toHaveLength(30);
    expect(line.endsWith("2024-04-09 199.5")).toBe(true);
    expect(lines[8]).toBe(
      "Note: AAPL values are split- and dividend-adjusted (yfinance), not prices or volumes as traded on the day.",
    );
  });

  it("lists a short daily series in full", () => {
    const days: DataPoint[] = ["2020-01-02", "2020-01-03"].map((date, i) => ({
      periodStart: null,
      periodEnd: date,
      fiscalYear: null,
      fiscalPeriod: null,
      value: i === 0 ? "300.35" : "297.43",
      source: { kind: "daily_prices", provider: "alphavantage", adjusted: false },
    }));
    const { prompt } = buildContext({
      ...smallSlice,
      series: [series("price_close", "Closing Price", "per_share", "USD/shares", days, { frequency: "daily" })],
      missing: [],
    });
    expect(prompt).toContain(
      "Frequency: daily (trading days), from 2020-01-02 to 2020-01-03\nApple Inc. (AAPL): 2020-01-02 300.35; 2020-01-03 297.43\n\nFinancial Query:",
    );
  });

  it("writes a computed value's formula and exact inputs under its block", () => {
    const [fy2023, fy2022] = [revenue.points[1]!, revenue.points[0]!];
    const growth: DataPoint = {
      ...fy2023,
      value: "-0.028004605303199367024",
      source: {
        kind: "derived",
        formula: 'revenue / prev(revenue, "yoy") - 1',
        inputs: [
          { ticker: "AAPL", metricKey: "revenue", metricName: "Revenue", label: "FY2023", point: fy2023 },
          { ticker: "AAPL", metricKey: "revenue", metricName: "Revenue", label: "FY2022", point: fy2022 },
        ],
        note: null,
      },
    };
    const slice: DataSlice = {
      ...smallSlice,
      series: [series("revenue_growth_yoy", "Revenue Growth (YoY)", "ratio", "pure", [growth])],
      missing: [],
    };
    const { prompt } = buildContext(slice);
    expect(prompt).toContain(
      'Computed by FinGround as revenue / prev(revenue, "yoy") - 1; inputs in base units:\n- AAPL FY2023: Revenue FY2023 = 383285000000; Revenue FY2022 = 394328000000',
    );
  });

  it("says when there is no data at all", () => {
    const empty: DataSlice = {
      request: request("What is ACME's revenue?", "lookup"),
      interval: { start: null, end: null, description: "latest" },
      series: [],
      missing: [],
    };
    expect(buildContext(empty).prompt).toBe(
      "Financial Data: none. The database returned no figures for this question.\n\nFinancial Query: What is ACME's revenue?",
    );
    const onlyMissing = {
      ...empty,
      missing: [
        { ticker: "ACME", metricKey: null, reason: "no data for ACME: the database has no company with this ticker" },
      ],
    };
    expect(buildContext(onlyMissing).prompt).toBe(
      "Financial Data: none. The database returned no figures for this question.\n\nNot available:\n- no data for ACME: the database has no company with this ticker\n\nFinancial Query: What is ACME's revenue?",
    );
  });
});

describe("exact scaling", () => {
  const scaleOf = (unitKind: Series["unitKind"], values: string[]) =>
    chooseScale([
      series(
        "m",
        "M",
        unitKind,
        "x",
        values.map((value) => ({ ...revenue.points[0]!, value })),
      ),
    ]);

  it("divides by a million exactly, without rounding", () => {
    const millions = scaleOf("currency", ["391035000000"]);
    expect(millions.unitText).toBe("USD millions");
    expect(formatScaled("391035000000", millions)).toBe("391,035");
    expect(formatScaled("-2500000", millions)).toBe("-2.5");
    expect(formatScaled("123456789012345678901234567.0000000001", millions)).toBe(
      "123,456,789,012,345,678,901.2345670000000001",
    );
    expect(formatScaled("0", millions)).toBe("0");
  });

  it("keeps per-share values and small amounts as they are", () => {
    const perShare = scaleOf("per_share", ["6.08"]);
    expect(perShare.unitText).toBe("USD per share");
    expect(formatScaled("6.08", perShare)).toBe("6.08");
    expect(formatScaled("1234.5", perShare)).toBe("1,234.5");
    expect(scaleOf("currency", ["950000"]).unitText).toBe("USD");
  });

  it("gives share counts in millions", () => {
    const shares = scaleOf("shares", ["15116786000"]);
    expect(shares.unitText).toBe("shares, millions");
    expect(formatScaled("15116786000", shares)).toBe("15,116.786");
  });

  it("spreads samples evenly, first and last included", () => {
    expect(evenlySpaced([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([0, 3, 6, 9]);
    expect(evenlySpaced([1, 2], 30)).toEqual([1, 2]);
  });

  it("tells the model what the question's budget left out, and how to narrow it", () => {
    const cut = {
      what: "Daily values are limited to 630 trading days per series for this question.",
      narrow: "Ask about fewer companies.",
    };
    const { prompt } = buildContext({ ...smallSlice, truncated: [cut] });
    expect(prompt).toContain(
      "Left out (the question's limits; say so and how to narrow the question):\n- Daily values are limited to 630 trading days per series for this question. Ask about fewer companies.",
    );
  });
});
