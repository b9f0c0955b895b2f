import { describe, expect, it } from "vitest";
import { summarizeDaily, wantsDailySummary } from "./daily-summary";
import type { DataPoint } from "./types";

const day = (periodEnd: string, value: string): DataPoint => ({
  periodStart: null,
  periodEnd,
  fiscalYear: null,
  fiscalPeriod: null,
  value,
  source: { kind: "daily_prices", provider: "alphavantage", adjusted: false },
});

describe("summarizeDaily", () => {
  it("gives first, last, low, high, the exact average and return, and the annualized volatility", () => {
    const summary = summarizeDaily([day("2024-01-02", "100"), day("2024-01-03", "110.5"), day("2024-01-04", "99.25")]);
    expect(summary).toMatchObject({
      days: 3,
      first: { periodEnd: "2024-01-02" },
      last: { value: "99.25" },
      low: { value: "99.25" },
      high: { value: "110.5" },
    });
    // (100 + 110.5 + 99.25) / 3 and 99.25 / 100 − 1
    expect(summary!.mean).toBe("103.25");
    expect(summary!.change).toBe("-0.0075");
    // Daily returns 0.105 and −0.1018100: sample stdev 0.1462367 × √252 = 2.321436
    expect(summary!.volatility).toBe("2.32144");
  });

  it("finds the largest one-day rise and fall, close to close, and what an invested amount grows to", () => {
    const points = [
      day("2024-01-02", "100"),
      day("2024-01-03", "110.5"),
      day("2024-01-04", "99.25"),
      day("2024-01-05", "101"),
    ];
    const summary = summarizeDaily(points, "10000")!;
    expect(summary.largestRise).toMatchObject({
      previous: { periodEnd: "2024-01-02" },
      day: { periodEnd: "2024-01-03" },
      change: "0.105",
    });
    // 99.25 / 110.5 − 1, exactly to 20 significant digits
    expect(summary.largestFall).toMatchObject({ day: { periodEnd: "2024-01-04" }, change: "-0.10180995475113122172" });
    // 10000 × 101 / 100
    expect(summary.investment).toEqual({ amount: "10000", value: "10100" });
    expect(summarizeDaily(points)!.investment).toBeNull();
  });

  it("has no rise in a series that only falls", () => {
    const summary = summarizeDaily([day("2024-01-02", "100"), day("2024-01-03", "90")])!;
    expect(summary.largestRise).toBeNull();
    expect(summary.largestFall?.change).toBe("-0.1");
  });

  it("has nothing to say about a single day", () => {
    expect(summarizeDaily([day("2024-01-02", "100")])).toBeNull();
  });

  it("is computed when the question asks for statistics of the range", () => {
    expect(wantsDailySummary("What was Apple's average closing price in 2024?")).toBe(true);
    expect(wantsDailySummary("How volatile was Tesla last year?")).toBe(true);
    expect(wantsDailySummary("Apple's closing price on 2024-01-02")).toBe(false);
    expect(wantsDailySummary("Tesla's largest one-day fall in 2020")).toBe(true);
    expect(wantsDailySummary("Apple's maximum drawdown in 2022")).toBe(true);
    expect(wantsDailySummary("If I had invested $10,000 in Apple, what would it be worth?")).toBe(true);
  });
});
