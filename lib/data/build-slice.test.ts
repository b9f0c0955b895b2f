// The Data Module on real databases holding the committed seed. Expected figures were looked up in
// the seed (and match Apple's and NVIDIA's filings); requests are built by hand, not by the agent.
import { Decimal } from "@/lib/core/decimal";
import { describe, expect, it } from "vitest";
import { testBackends } from "@/test/db";
import { sliceDatabase, sliceRequest as request } from "@/test/data";
import type { DataSlice, Series } from "./types";

const values = (series: Series | undefined) =>
  series?.points.map((p) => [p.fiscalPeriod ? `${p.fiscalPeriod} FY${p.fiscalYear}` : p.periodEnd, p.value]);
const find = (slice: DataSlice, ticker: string, metricKey: string, frequency?: Series["frequency"]) =>
  slice.series.find(
    (s) => s.ticker === ticker && s.metricKey === metricKey && (frequency === undefined || s.frequency === frequency),
  );

describe.each(testBackends())("buildSlice on $name with the seed", (backend) => {
  const { prisma, slice } = sliceDatabase(backend);

  it("computes a derived metric with its formula and inputs; an unavailable one is named", async () => {
    const result = await slice(
      request(["AAPL"], ["pe_ratio_ttm", "beta"], { fiscal: { year: 2024, period: "FY" }, expression: "fiscal 2024" }),
    );
    expect(result.series.map((s) => s.metricKey)).toEqual(["pe_ratio_ttm"]);
    const point = result.series[0]!.points[0]!;
    expect(point).toMatchObject({ fiscalYear: 2024, fiscalPeriod: "FY", periodEnd: "2024-09-28" });
    expect(point.source).toMatchObject({
      kind: "derived",
      formula: "price / ttm(eps_diluted)",
      inputs: [
        { metricKey: "price_close", point: { periodEnd: "2024-09-27" } },
        { metricKey: "eps_diluted", label: "FY2024", point: { value: "6.08" } },
      ],
    });
    expect(result.missing.map((m) => m.reason)).toEqual([
      expect.stringMatching(/^Beta \(vs S&P 500\) is not available: /),
    ]);
  });

  it("reads values as known on a date: Apple's FY2009 revenue before and after its 10-K/A restatement", async () => {
    const fy2009 = { fiscal: { year: 2009, period: "FY" as const }, expression: "fiscal 2009" };
    const before = await slice({ ...request(["AAPL"], ["revenue"], fy2009), asOf: "2010-01-15" });
    expect(values(find(before, "AAPL", "revenue"))).toEqual([["FY FY2009", "36537000000"]]);
    expect(find(before, "AAPL", "revenue")!.points[0]!.source).toMatchObject({ form: "10-K", filedAt: "2009-10-27" });
    expect(before.interval.description).toMatch(/; values as known on 2010-01-15 \(filed by then\)$/);
    // A question about fiscal 2009 reads it as its own 10-K reported it, the 10-K/A's restatement beside it.
    const now = await slice(request(["AAPL"], ["revenue"], fy2009));
    expect(values(find(now, "AAPL", "revenue"))).toEqual([["FY FY2009", "36537000000"]]);
    expect(now.revisions).toMatchObject([
      { period: "FY2009", basis: "as-reported", used: { value: "36537000000", filing: "FY2009 10-K" } },
    ]);
    expect(now.revisions?.[0]?.other).toMatchObject({ value: "42905000000", filing: "FY2009 10-K/A" });
    // A trend over fiscal years reads the latest values.
    const trend = await slice(request(["AAPL"], ["revenue"], { fiscal: { year: 2009, period: "FY" }, count: 2 }));
    expect(values(find(trend, "AAPL", "revenue"))).toEqual([
      ["FY FY2008", "37491000000"],
      ["FY FY2009", "42905000000"],
    ]);
    expect(trend.revisions?.map((r) => r.basis)).toEqual(["latest", "latest"]);
    // Latest as known on a date: the newest period filed by then, not the newest period today.
    const latest = await slice({
      ...request(["AAPL"], ["revenue"], { latest: true, granularity: "annual" }),
      asOf: "2010-01-15",
    });
    expect(values(find(latest, "AAPL", "revenue"))).toEqual([["FY FY2009", "36537000000"]]);
  });

  it("reads a named fiscal year on the company's own calendar", async () => {
    const result = await slice(
      request(["AAPL"], ["revenue", "total_assets"], {
        fiscal: { year: 2023, period: "FY" },
        expression: "fiscal 2023",
      }),
    );
    expect(result.series.map((s) => [s.metricKey, s.frequency])).toEqual([
      ["revenue", "annual"],
      ["total_assets", "annual"],
    ]);
    const [revenue, assets] = result.series;
    expect(revenue).toMatchObject({
      ticker: "AAPL",
      companyName: "Apple Inc.",
      unit: "USD",
      currency: "USD",
      unitKind: "currency",
    });
    expect(revenue!.points).toEqual([
      {
        periodStart: "2022-09-25",
        periodEnd: "2023-09-30",
        fiscalYear: 2023,
        fiscalPeriod: "FY",
        value: "383285000000",
        source: expect.objectContaining({
          kind: "sec_filing",
          form: "10-K",
          concept: "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
        }),
      },
    ]);
    // A balance is the instant at the period's end.
    expect(assets!.points).toEqual([
      expect.objectContaining({ periodStart: null, periodEnd: "2023-09-30", fiscalPeriod: "FY" }),
    ]);
    expect(result.interval).toEqual({
      start: "2022-09-25",
      end: "2023-09-30",
      description: expect.stringContaining("FY2023 (ended 2023-09-30)"),
    });
    expect(result.missing).toEqual([]);
  });

  it("gives the last 8 quarters the database holds, and says where the data stops", async () => {
    const result = await slice(
      request(["AAPL", "NVDA"], ["net_income"], {
        count: 8,
        granularity: "quarterly",
        start: "2024-12-01",
        end: "2026-11-30",
      }),
    );
    expect(values(find(result, "AAPL", "net_income"))).toEqual([
      ["Q2 FY2024", "23636000000"],
      ["Q3 FY2024", "21448000000"],
      ["Q4 FY2024", "14736000000"],
      ["Q1 FY2025", "36330000000"],
      ["Q2 FY2025", "24780000000"],
      ["Q3 FY2025", "23434000000"],
      ["Q4 FY2025", "27466000000"],
      ["Q1 FY2026", "42097000000"],
    ]);
    const apple = find(result, "AAPL", "net_income")!;
    expect(apple.points.at(-1)).toMatchObject({
      periodStart: "2025-09-28",
      periodEnd: "2025-12-27",
      source: { form: "10-Q", filedAt: "2026-01-30" },
    });
    const nvidia = find(result, "NVDA", "net_income")!;
    expect(nvidia.points).toHaveLength(8);
    expect(nvidia.points.at(-1)).toMatchObject({
      fiscalYear: 2027,
      fiscalPeriod: "Q1",
      periodEnd: "2026-04-26",
      value: "58321000000",
    });
    expect(nvidia.points.find((p) => p.fiscalYear === 2026 && p.fiscalPeriod === "Q3")?.value).toBe("31910000000");
    // The two fourth quarters of the 8 are inside 10-K years: derived as FY − 9M (Apple's FY2024 net
    // income 93,736M less 79,000M for the nine months), with both filings as provenance.
    const fourth = apple.points.find((p) => p.fiscalYear === 2024 && p.fiscalPeriod === "Q4")!;
    expect(fourth).toMatchObject({ periodStart: "2024-06-30", periodEnd: "2024-09-28" });
    expect(fourth.source).toMatchObject({
      kind: "derived",
      formula: "FY − 9M",
      inputs: [
        { label: "FY2024", point: { value: "93736000000", source: { form: "10-K" } } },
        { label: "9M FY2024", point: { value: "79000000000", source: { form: "10-Q" } } },
      ],
    });
    const reasons = result.missing.map((m) => `${m.ticker} ${m.reason}`);
    expect(reasons.some((r) => r.includes("fourth quarter"))).toBe(false);
    expect(reasons).toContainEqual(
      "AAPL no quarterly net income for AAPL after 2025-12-27: the latest filing in the database is the 10-Q for the quarter ended 2025-12-27 (Q1 FY2026)",
    );
    expect(result.interval.description).toBe(
      "the last 8 quarters ending on or before 2026-11-30: AAPL Q2 FY2024 to Q1 FY2026; NVDA Q2 FY2025 to Q1 FY2027",
    );
  });

  it("names the period a latest value is for", async () => {
    const result = await slice(request(["AAPL"], ["revenue"], { latest: true }));
    expect(values(find(result, "AAPL", "revenue", "annual"))).toEqual([["FY FY2025", "416161000000"]]);
    expect(values(find(result, "AAPL", "revenue", "quarterly"))).toEqual([["Q1 FY2026", "143756000000"]]);
    expect(result.interval.description).toBe(
      "latest available as of 2026-11-30: AAPL FY2025 (ended 2025-09-27) and Q1 FY2026 (ended 2025-12-27)",
    );
    const annualOnly = await slice(request(["AAPL"], ["revenue"], { latest: true, granularity: "annual" }));
    expect(annualOnly.series).toHaveLength(1);
    expect(annualOnly.interval.description).toContain("AAPL FY2025 (ended 2025-09-27)");
  });

  it("gives as-traded closes from Alpha Vantage", async () => {
    const result = await slice(
      request(["AAPL"], ["price_close"], { start: "2020-01-02", end: "2020-01-02", granularity: "daily" }),
    );
    expect(result.series[0]).toMatchObject({ unit: "USD/shares", frequency: "daily", unitKind: "per_share" });
    expect(result.series[0]!.points).toEqual([
      {
        periodStart: null,
        periodEnd: "2020-01-02",
        fiscalYear: null,
        fiscalPeriod: null,
        value: "300.35",
        source: { kind: "daily_prices", provider: "alphavantage", adjusted: false },
      },
    ]);
    expect(result.missing).toEqual([]);
  });

  it("returns every trading day of a month, exactly", async () => {
    const result = await slice(
      request(["AAPL"], ["price_close", "volume"], {
        expression: "Sep 2018",
        start: "2018-09-01",
        end: "2018-09-30",
        granularity: "daily",
      }),
    );
    const tradingDays = await prisma().dailyPrice.count({
      where: {
        company: { ticker: "AAPL" },
        source: "alphavantage",
        date: { gte: new Date("2018-09-01"), lte: new Date("2018-09-30") },
      },
    });
    expect(tradingDays).toBe(19); // 20 weekdays less Labor Day
    const close = find(result, "AAPL", "price_close")!;
    expect(close.points).toHaveLength(tradingDays);
    expect(close.points.map((p) => p.periodEnd)).toEqual([...close.points.map((p) => p.periodEnd)].sort());
    expect(close.points[0]).toMatchObject({ periodEnd: "2018-09-04", value: "228.36" });
    expect(find(result, "AAPL", "volume")).toMatchObject({ unit: "shares", currency: null });
    expect(find(result, "AAPL", "volume")!.points[0]!.value).toBe("27390132");
  });

  it("reads adjusted prices over a range that holds a stock split, and says why", async () => {
    const result = await slice(
      request(["TSLA"], ["price_close"], {
        expression: "2020",
        start: "2020-01-01",
        end: "2020-12-31",
        granularity: "annual",
      }),
    );
    const close = find(result, "TSLA", "price_close")!;
    expect(
      new Set(
        close.points.map((p) => (p.source.kind === "daily_prices" ? `${p.source.provider}:${p.source.adjusted}` : "")),
      ),
    ).toEqual(new Set(["yfinance:true"]));
    expect(result.missing.map((m) => m.reason)).toEqual([expect.stringContaining("the stock split on 2020-08-31")]);
    // A range without a split keeps the prices as traded.
    const before = await slice(
      request(["TSLA"], ["price_close"], { start: "2020-01-01", end: "2020-06-30", granularity: "daily" }),
    );
    expect(find(before, "TSLA", "price_close")!.points[0]).toMatchObject({
      value: "430.26",
      source: { provider: "alphavantage", adjusted: false },
    });
  });

  it("never mixes price sources in a series: a range past 2021-04-21 is adjusted throughout, and says so", async () => {
    const result = await slice(
      request(["AAPL"], ["price_close"], { start: "2021-04-01", end: "2021-05-31", granularity: "daily" }),
    );
    const providers = new Set(
      result.series[0]!.points.map((p) =>
        p.source.kind === "daily_prices" ? `${p.source.provider}:${p.source.adjusted}` : "",
      ),
    );
    expect([...providers]).toEqual(["yfinance:true"]);
    expect(result.series[0]!.points[0]).toMatchObject({ periodEnd: "2021-04-01" });
    expect(result.missing).toEqual([
      {
        ticker: "AAPL",
        metricKey: "price_close",
        reason:
          "closing price as traded for AAPL is in the database only from 2015-01-02 to 2021-04-21; the series gives split- and dividend-adjusted values (yfinance) for the whole range instead",
      },
    ]);
    const latest = await slice(request(["AAPL"], ["price_close"], { latest: true }));
    expect(latest.series[0]!.points).toEqual([expect.objectContaining({ periodEnd: "2025-07-24", value: "213.76" })]);
    expect(latest.interval.description).toBe("latest available as of 2026-11-30: AAPL trading day 2025-07-24");
  });

  it("explains a company whose filings stop before the interval", async () => {
    const result = await slice(
      request(["TSLA"], ["revenue"], { start: "2024-01-01", end: "2024-12-31", granularity: "quarterly" }),
    );
    expect(result.series).toEqual([]);
    expect(result.missing).toEqual([
      {
        ticker: "TSLA",
        metricKey: "revenue",
        reason:
          "no quarterly revenue for TSLA after 2022-09-30: the latest filing in the database is the 10-Q for the quarter ended 2022-09-30 (Q3 FY2022)",
      },
    ]);
  });

  it("explains gaps: fourth quarters, year-to-date cash flows, a metric no longer reported", async () => {
    const result = await slice(
      request(["AAPL"], ["operating_cash_flow", "goodwill"], {
        start: "2024-10-01",
        end: "2025-09-30",
        granularity: "quarterly",
      }),
    );
    // Apple's cash-flow statement is year-to-date only: Q2 = 6M − Q1, Q3 = 9M − 6M, Q4 = FY − 9M
    // (FY2025: 29,935M; 6M 53,887M; 9M 81,754M; FY 111,482M).
    const cashFlow = find(result, "AAPL", "operating_cash_flow")!;
    expect(values(cashFlow)).toEqual([
      ["Q1 FY2025", "29935000000"],
      ["Q2 FY2025", "23952000000"],
      ["Q3 FY2025", "27867000000"],
      ["Q4 FY2025", "29728000000"],
    ]);
    expect(cashFlow.points.map((p) => (p.source.kind === "derived" ? p.source.formula : p.source.kind))).toEqual([
      "sec_filing",
      "6M − Q1",
      "9M − 6M",
      "FY − 9M",
    ]);
    expect(result.missing.map((m) => m.reason)).toEqual([
      expect.stringMatching(
        /^no quarterly goodwill for AAPL after \d{4}-\d{2}-\d{2}: the latest filing in the database is the 10-Q for the quarter ended 2025-12-27 \(Q1 FY2026\)$/,
      ),
    ]);
  });

  it("adds a daily series' statistics when the question asks for them", async () => {
    const dates = { start: "2020-01-01", end: "2020-01-31", granularity: "daily" as const };
    const asked = await slice(
      request(["AAPL"], ["price_close"], dates, undefined, {
        question: "What was Apple's average price and volatility in January 2020?",
      }),
    );
    const series = find(asked, "AAPL", "price_close")!;
    const values = series.points.map((p) => new Decimal(p.value));
    expect(series.summary).toMatchObject({
      days: series.points.length,
      first: { periodEnd: "2020-01-02", value: "300.35" },
    });
    expect(series.summary!.mean).toBe(
      values
        .reduce((a, b) => a.plus(b), new Decimal(0))
        .dividedBy(values.length)
        .toSignificantDigits(20)
        .toString(),
    );
    const plain = await slice(request(["AAPL"], ["price_close"], dates));
    expect(find(plain, "AAPL", "price_close")!.summary).toBeUndefined();
  });

  it("reads prices over a company's fiscal year", async () => {
    const result = await slice(request(["AAPL"], ["price_close"], { fiscal: { year: 2020, period: "FY" } }));
    const points = result.series[0]!.points;
    expect(points[0]!.periodEnd).toBe("2019-09-30"); // FY2020 began Sunday 2019-09-29
    expect(points.at(-1)!.periodEnd).toBe("2020-09-25");
    // Apple split 4:1 on 2020-08-31, inside FY2020: the whole year is read adjusted.
    expect(
      points.every((p) => p.source.kind === "daily_prices" && p.source.provider === "yfinance" && p.source.adjusted),
    ).toBe(true);
    expect(result.missing.map((m) => m.reason)).toEqual([expect.stringContaining("the stock split on 2020-08-31")]);
  });

  it("lists companies without fundamentals, unknown tickers and unknown metrics", async () => {
    const result = await slice(request(["CVX", "ZZZZ"], ["revenue", "not_a_metric"], { latest: true }));
    expect(result.series).toEqual([]);
    expect(result.missing).toEqual([
      { ticker: "ZZZZ", metricKey: null, reason: "no data for ZZZZ: the database has no company with this ticker" },
      {
        ticker: null,
        metricKey: "not_a_metric",
        reason: 'no data for "not_a_metric": it is not a metric in the FinGround catalog',
      },
      {
        ticker: "CVX",
        metricKey: "revenue",
        reason: "no revenue for CVX: the database holds no quarterly or annual SEC filing data for Chevron Corporation",
      },
    ]);
  });

  it("gives the latest balance at a period end, or the newest dated one when the company has no periods", async () => {
    const result = await slice(request(["AAPL", "WFC"], ["total_assets", "shares_outstanding"], { latest: true }));
    expect(find(result, "AAPL", "total_assets")!.points).toEqual([
      expect.objectContaining({ periodStart: null, periodEnd: "2025-12-27", fiscalPeriod: "Q1" }),
    ]);
    // WFC's only share count is a 10-K cover-page figure, dated after its period.
    expect(find(result, "WFC", "shares_outstanding")!.points).toEqual([
      expect.objectContaining({ periodEnd: "2025-02-14", value: "3288186582" }),
    ]);
    expect(result.missing).toContainEqual({
      ticker: "WFC",
      metricKey: "total_assets",
      reason:
        "no total assets for WFC: the database holds no quarterly or annual SEC filing data for Wells Fargo & Company",
    });
  });

  it("orders series as the request lists companies, then metrics", async () => {
    const result = await slice(
      request(["NVDA", "AAPL"], ["eps_diluted", "revenue", "price_close"], {
        start: "2019-01-01",
        end: "2020-12-31",
        granularity: "annual",
      }),
    );
    expect(result.series.map((s) => `${s.ticker}:${s.metricKey}`)).toEqual([
      "NVDA:eps_diluted",
      "NVDA:revenue",
      "NVDA:price_close",
      "AAPL:eps_diluted",
      "AAPL:revenue",
      "AAPL:price_close",
    ]);
    expect(values(find(result, "AAPL", "revenue"))).toEqual([
      ["FY FY2019", "260174000000"],
      ["FY FY2020", "274515000000"],
    ]);
    for (const s of result.series)
      expect(s.points.map((p) => p.periodEnd)).toEqual([...s.points.map((p) => p.periodEnd)].sort());
  });

  it("builds an 8 company × 12 metric × 3 year slice (its speed is in npm run bench)", async () => {
    const tickers = ["AAPL", "NVDA", "MSFT", "GOOGL", "AMZN", "META", "KO", "JNJ"];
    const metricKeys = [
      "revenue",
      "net_income",
      "operating_income",
      "gross_profit",
      "eps_diluted",
      "total_assets",
      "stockholders_equity",
      "cash",
      "operating_cash_flow",
      "capex",
      "price_close",
      "volume",
    ];
    const result = await slice(
      request(tickers, metricKeys, { start: "2022-01-01", end: "2024-12-31", granularity: "annual" }),
    );
    expect(result.series.length).toBeGreaterThan(60);
    expect(find(result, "KO", "revenue")!.points.map((p) => p.value)).toContain("47061000000");
  });
});
