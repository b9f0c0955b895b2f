// Derived metrics end to end on real databases holding the committed seed. Every expected figure is
// worked out by hand from the inputs the test also checks (Apple's and NVIDIA's SEC filings as seeded).
import { Decimal } from "@/lib/core/decimal";
import { describe, expect, it } from "vitest";
import { testBackends } from "@/test/db";
import { sliceDatabase, sliceRequest as request } from "@/test/data";
import type { DataPoint, DataSlice, DerivedSource } from "./types";

const points = (slice: DataSlice, ticker: string, key: string): DataPoint[] =>
  slice.series.filter((s) => s.ticker === ticker && s.metricKey === key).flatMap((s) => s.points);
const derived = (point: DataPoint): DerivedSource => {
  if (point.source.kind !== "derived") throw new Error(`expected a derived point, got ${point.source.kind}`);
  return point.source;
};
const inputs = (point: DataPoint) => derived(point).inputs.map((i) => [i.metricKey, i.label, i.point.value]);
/** The value to 8 significant digits, enough to tell any slip in the arithmetic. */
const approx = (point: DataPoint | undefined) =>
  point ? new Decimal(point.value).toSignificantDigits(8).toString() : undefined;

describe.each(testBackends())("derived metrics on $name with the seed", (backend) => {
  const { slice } = sliceDatabase(backend);

  it("computes margins, growth, returns on average balances and a quick ratio for Apple's FY2023", async () => {
    const keys = ["gross_margin_ratio", "revenue_growth_yoy", "return_on_average_equity", "quick_ratio"];
    const result = await slice(request(["AAPL"], keys, { fiscal: { year: 2023, period: "FY" } }));
    expect(result.missing).toEqual([]);
    const [margin] = points(result, "AAPL", "gross_margin_ratio");
    // 169,148 / 383,285
    expect(approx(margin)).toBe("0.4413113");
    expect(inputs(margin!)).toEqual([
      ["gross_profit", "FY2023", "169148000000"],
      ["revenue", "FY2023", "383285000000"],
    ]);
    const [growth] = points(result, "AAPL", "revenue_growth_yoy");
    // 383,285 / 394,328 − 1
    expect(approx(growth)).toBe("-0.028004605");
    expect(inputs(growth!)).toEqual([
      ["revenue", "FY2023", "383285000000"],
      ["revenue", "FY2022", "394328000000"],
    ]);
    const [roe] = points(result, "AAPL", "return_on_average_equity");
    // 96,995 / ((50,672 + 62,146) / 2)
    expect(approx(roe)).toBe("1.7194951");
    expect(inputs(roe!).map(([, label, value]) => [label, value])).toEqual([
      ["FY2023", "96995000000"],
      ["FY2022", "50672000000"],
      ["FY2023", "62146000000"],
    ]);
    const [quick] = points(result, "AAPL", "quick_ratio");
    // (29,965 + 31,590 + 29,508) / 145,308
    expect(approx(quick)).toBe("0.62668951");
    expect(derived(quick!).formula).toBe(
      "(cash + marketable_securities_current + accounts_receivable) / current_liabilities",
    );
  });

  it("sums the trailing four quarters, deriving a fourth quarter from the 10-K year", async () => {
    const result = await slice(
      request(["NVDA"], ["eps_ttm"], { count: 2, granularity: "quarterly", end: "2026-11-30" }),
    );
    const [q4, q1] = points(result, "NVDA", "eps_ttm");
    // Q1 FY2027: 1.08 + 1.30 + 1.76 + 2.39
    expect(q1).toMatchObject({ fiscalYear: 2027, fiscalPeriod: "Q1", value: "6.53" });
    expect(inputs(q1!).map(([, label]) => label)).toEqual(["Q2 FY2026", "Q3 FY2026", "Q4 FY2026", "Q1 FY2027"]);
    expect(q4).toMatchObject({ fiscalYear: 2026, fiscalPeriod: "Q4", value: "4.9" });
  });

  it("gives a P/E on a date from the price that day and the four quarters filed by then", async () => {
    const result = await slice(request(["AAPL"], ["pe_ratio_ttm"], { latest: true }));
    const [pe] = points(result, "AAPL", "pe_ratio_ttm");
    // 213.76 / (1.40 + 0.97 + 2.40 + 1.65): Q3 FY2025 (filed 2025-08-01) was not known on 2025-07-24.
    expect(pe).toMatchObject({ periodEnd: "2025-07-24" });
    expect(approx(pe)).toBe("33.29595");
    expect(inputs(pe!)).toEqual([
      ["price_close", "closing price 2025-07-24", "213.76"],
      ["eps_diluted", "Q3 FY2024", "1.4"],
      ["eps_diluted", "Q4 FY2024", "0.97"],
      ["eps_diluted", "Q1 FY2025", "2.4"],
      ["eps_diluted", "Q2 FY2025", "1.65"],
    ]);
    // The fourth quarter is itself derived: FY2024 EPS 6.08 less 5.11 for the nine months.
    const fourth = derived(pe!).inputs[2]!.point;
    expect(derived(fourth)).toMatchObject({
      formula: "FY − 9M",
      inputs: [{ point: { value: "6.08" } }, { point: { value: "5.11" } }],
    });
  });

  it("never mixes share bases across a split: as-traded price before it, adjusted price after the EPS was restated", async () => {
    const fy2015 = await slice(request(["AAPL"], ["pe_ratio_ttm"], { fiscal: { year: 2015, period: "FY" } }));
    const [before] = points(fy2015, "AAPL", "pe_ratio_ttm");
    // 114.71 as traded / 9.22 as filed, both before the 2020 4:1 split.
    expect(approx(before)).toBe("12.441432");
    expect(derived(before!).inputs[0]!.point.source).toEqual({
      kind: "daily_prices",
      provider: "alphavantage",
      adjusted: false,
    });
    const fy2019 = await slice(request(["AAPL"], ["pe_ratio_ttm"], { fiscal: { year: 2019, period: "FY" } }));
    const [after] = points(fy2019, "AAPL", "pe_ratio_ttm");
    // FY2019 EPS as last filed (2.97, restated for the split in the FY2021 10-K) needs the split-adjusted price.
    expect(inputs(after!)[1]).toEqual(["eps_diluted", "FY2019", "2.97"]);
    expect(derived(after!).inputs[0]!.point.source).toEqual({
      kind: "daily_prices",
      provider: "yfinance",
      adjusted: true,
    });
  });

  it("computes price-only metrics on trading days", async () => {
    const result = await slice(request(["AAPL"], ["sma_50"], { latest: true }));
    const [sma] = points(result, "AAPL", "sma_50");
    expect(sma).toMatchObject({ periodEnd: "2025-07-24", fiscalYear: null });
    expect(derived(sma!).inputs[0]!.label).toBe("mean of 50 trading days, May 13, 2025 to Jul 24, 2025");
  });

  it("says which input is missing instead of guessing", async () => {
    const result = await slice(request(["TSLA"], ["gross_margin_ratio"], { fiscal: { year: 2024, period: "FY" } }));
    expect(result.series).toEqual([]);
    expect(result.missing).toEqual([
      {
        ticker: "TSLA",
        metricKey: "gross_margin_ratio",
        reason: expect.stringMatching(/^gross margin.* for TSLA is not computable for /i),
      },
    ]);
  });
});
