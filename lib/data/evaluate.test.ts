// The formula evaluator on hand-made facts: arithmetic, lookbacks and the refusals that keep a wrong
// number out of an answer (zero divisors, split-separated share bases, mixed currencies).
import { describe, expect, it } from "vitest";
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";
import type { FiscalSlot } from "./calendar";
import { computeDerived, NotComputable, type CompanyFacts, type EvalPoint } from "./evaluate";
import type { DataPoint } from "./types";

const FY2023: FiscalSlot = { fiscalYear: 2023, fiscalPeriod: "FY", start: "2023-01-01", end: "2023-12-31" };
const FY2024: FiscalSlot = { fiscalYear: 2024, fiscalPeriod: "FY", start: "2024-01-01", end: "2024-12-31" };
const at = (slot: FiscalSlot): EvalPoint => ({ kind: "slot", slot });

function filed(value: string, filedAt = "2025-02-01"): DataPoint {
  return {
    periodStart: null,
    periodEnd: "2024-12-31",
    fiscalYear: 2024,
    fiscalPeriod: "FY",
    value,
    source: {
      kind: "sec_filing",
      concept: "us-gaap:X",
      form: "10-K",
      accession: null,
      filedAt,
      via: "sec_companyfacts",
    },
  };
}

/** Facts from a table of `${metricKey}@${slot end}` → point, with one closing price. */
function facts(values: Record<string, DataPoint>, over: Partial<CompanyFacts> = {}): CompanyFacts {
  return {
    ticker: "TEST",
    calendar: [FY2023, FY2024],
    metric: metricByKey,
    filedAt: (metric, slot) => values[`${metric.key}@${slot.end}`],
    marketOn: (metric, date) =>
      metric.key === "price_close"
        ? {
            date,
            point: {
              periodStart: null,
              periodEnd: date,
              fiscalYear: null,
              fiscalPeriod: null,
              value: "50",
              source: { kind: "daily_prices", provider: "alphavantage", adjusted: false },
            },
            basisDate: date,
          }
        : undefined,
    tradingDays: () => [],
    lastTradingDay: () => undefined,
    splitDates: [],
    reportingCurrency: "USD",
    quoteCurrency: "USD",
    ...over,
  };
}

const metric = (key: string): MetricDefinition => {
  const found = metricByKey(key);
  if (!found) throw new Error(`no metric ${key}`);
  return found;
};
const reasonOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof NotComputable) return error.reason;
    throw error;
  }
  throw new Error("expected NotComputable");
};

describe("computeDerived", () => {
  it("divides exactly and lists both inputs", () => {
    const result = computeDerived(
      metric("gross_margin_ratio"),
      at(FY2024),
      facts({ "gross_profit@2024-12-31": filed("1"), "revenue@2024-12-31": filed("3") }),
    );
    expect(result.value.toSignificantDigits(10).toString()).toBe("0.3333333333");
    expect(result.inputs.map((i) => [i.metricKey, i.label])).toEqual([
      ["gross_profit", "FY2024"],
      ["revenue", "FY2024"],
    ]);
  });

  it("reads the previous fiscal year for growth and names a missing one", () => {
    const both = facts({ "revenue@2024-12-31": filed("110"), "revenue@2023-12-31": filed("100") });
    expect(computeDerived(metric("revenue_growth_yoy"), at(FY2024), both).value.toString()).toBe("0.1");
    const onlyLatest = facts({ "revenue@2024-12-31": filed("110") });
    expect(reasonOf(() => computeDerived(metric("revenue_growth_yoy"), at(FY2024), onlyLatest))).toBe(
      "missing Revenue for FY2023",
    );
  });

  it("refuses a zero divisor rather than printing Infinity", () => {
    const zero = facts({ "gross_profit@2024-12-31": filed("5"), "revenue@2024-12-31": filed("0") });
    expect(reasonOf(() => computeDerived(metric("gross_margin_ratio"), at(FY2024), zero))).toBe(
      "Revenue is zero at FY2024, so the ratio is undefined",
    );
  });

  it("refuses a P/E whose EPS was filed before a split and price read after it", () => {
    const values = { "eps_diluted@2024-12-31": filed("8", "2024-02-01") };
    expect(computeDerived(metric("pe_ratio_ttm"), at(FY2024), facts(values)).value.toString()).toBe("6.25");
    const split = facts(values, { splitDates: ["2024-06-10"] });
    expect(reasonOf(() => computeDerived(metric("pe_ratio_ttm"), at(FY2024), split))).toMatch(
      /^a stock split on 2024-06-10 falls between Diluted EPS FY2024 \(filed 2024-02-01\) and closing price 2024-12-31/,
    );
  });

  it("refuses to mix a US-dollar price with filings in another currency", () => {
    const foreign = facts({ "eps_diluted@2024-12-31": filed("8") }, { reportingCurrency: "TWD" });
    expect(reasonOf(() => computeDerived(metric("pe_ratio_ttm"), at(FY2024), foreign))).toContain(
      "quoted in USD and its filings are in TWD",
    );
  });

  it("needs quarters for a quarter-on-quarter change", () => {
    const values = facts({ "revenue@2024-12-31": filed("1") });
    expect(reasonOf(() => computeDerived(metric("revenue_growth_qoq"), at(FY2024), values))).toBe(
      "a quarter-on-quarter change needs quarters, not FY2024",
    );
  });
});
