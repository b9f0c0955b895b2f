// The formula evaluator on hand-made facts: arithmetic, lookbacks and the refusals that keep a wrong
// number out of an answer (zero divisors, split-separated share bases, mixed currencies).
import { describe, expect, it } from "vitest";
import { metricByKey } from "@/lib/catalog/metrics";
import type { MetricDefinition } from "@/lib/catalog/types";
import { slotLabel, type FiscalSlot } from "./calendar";
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

describe("price-based ratios at a day: trailing twelve months as reported by the price date", () => {
  const quarter = (fiscalYear: number, q: 1 | 2 | 3 | 4, start: string, end: string): FiscalSlot => ({
    fiscalYear,
    fiscalPeriod: `Q${q}`,
    start,
    end,
  });
  const Q1_24 = quarter(2024, 1, "2024-01-01", "2024-03-31");
  const Q2_24 = quarter(2024, 2, "2024-04-01", "2024-06-30");
  const Q3_24 = quarter(2024, 3, "2024-07-01", "2024-09-30");
  const Q4_24 = quarter(2024, 4, "2024-10-01", "2024-12-31");
  const Q1_25 = quarter(2025, 1, "2025-01-01", "2025-03-31");
  const day = (date: string): EvalPoint => ({ kind: "day", date });

  /** A filed point of a slot, filed `filedAt`. */
  function point(slot: FiscalSlot, value: string, filedAt: string, instant = false): DataPoint {
    const base = filed(value, filedAt);
    return {
      ...base,
      periodStart: instant ? null : slot.start,
      periodEnd: slot.end,
      fiscalYear: slot.fiscalYear,
      fiscalPeriod: slot.fiscalPeriod,
    };
  }

  /** Facts keyed by metric and fiscal period ("eps_diluted@Q1 FY2024"): a quarter and the year ending with it differ. */
  function byPeriod(values: Record<string, DataPoint>, calendar: FiscalSlot[]): CompanyFacts {
    return facts({}, { calendar, filedAt: (m, slot) => values[`${m.key}@${slotLabel(slot)}`] });
  }
  const EPS: Record<string, DataPoint> = {
    "eps_diluted@Q1 FY2024": point(Q1_24, "1", "2024-04-30"),
    "eps_diluted@Q2 FY2024": point(Q2_24, "2", "2024-07-31"),
    "eps_diluted@Q3 FY2024": point(Q3_24, "3", "2024-10-31"),
    "eps_diluted@FY2024": point(FY2024, "10", "2025-02-01"),
    "eps_diluted@Q1 FY2025": point(Q1_25, "1.5", "2025-04-30"),
  };
  /** Diluted EPS of 1, 2, 3 for Q1–Q3 FY2024, 10 for FY2024 and 1.5 for Q1 FY2025: Q4 FY2024 is not held. */
  const quarterly = byPeriod(EPS, [Q1_24, Q2_24, Q3_24, FY2024, Q4_24, Q1_25]);
  /** The same with Q4 FY2024 held: 4. */
  const withQ4 = byPeriod({ ...EPS, "eps_diluted@Q4 FY2024": point(Q4_24, "4", "2025-02-01") }, [
    Q1_24,
    Q2_24,
    Q3_24,
    FY2024,
    Q4_24,
    Q1_25,
  ]);

  it("sums the last four quarters filed on or before the price date", () => {
    const result = computeDerived(metric("pe_ratio_ttm"), day("2025-05-30"), withQ4);
    // 2 + 3 + 4 + 1.5 = 10.5; 50 / 10.5
    expect(result.value.toSignificantDigits(6).toString()).toBe("4.7619");
    expect(result.inputs.map((i) => i.label)).toEqual([
      "closing price 2025-05-30",
      "Q2 FY2024",
      "Q3 FY2024",
      "Q4 FY2024",
      "Q1 FY2025",
    ]);
  });

  it("leaves out a quarter that ended before the price date but was filed after it", () => {
    // On 2025-04-15 Q1 FY2025 has ended but its 10-Q (2025-04-30) is not out: the four quarters to Q4 FY2024.
    const result = computeDerived(metric("pe_ratio_ttm"), day("2025-04-15"), withQ4);
    expect(result.value.toString()).toBe("5");
    expect(result.inputs.at(-1)?.label).toBe("Q4 FY2024");
  });

  it("takes the latest fiscal year when the four quarters are not all held", () => {
    // Q4 FY2024 is neither filed nor derivable here, so no four quarters end in FY2025's first quarter or later.
    const result = computeDerived(metric("pe_ratio_ttm"), day("2025-05-30"), quarterly);
    expect(result.value.toString()).toBe("5");
    expect(result.inputs.map((i) => i.label)).toEqual(["closing price 2025-05-30", "FY2024"]);
  });

  it("takes the latest fiscal year even when more than a few quarters since are incomplete", () => {
    // Three quarters of FY2025 reported, Q4 FY2024 missing: none of them completes four quarters.
    const Q2_25 = quarter(2025, 2, "2025-04-01", "2025-06-30");
    const Q3_25 = quarter(2025, 3, "2025-07-01", "2025-09-30");
    const later = byPeriod(
      {
        "eps_diluted@FY2024": point(FY2024, "10", "2025-02-01"),
        "eps_diluted@Q1 FY2025": point(Q1_25, "1", "2025-04-30"),
        "eps_diluted@Q2 FY2025": point(Q2_25, "1", "2025-07-31"),
        "eps_diluted@Q3 FY2025": point(Q3_25, "1", "2025-10-31"),
      },
      [FY2024, Q1_25, Q2_25, Q3_25],
    );
    expect(computeDerived(metric("pe_ratio_ttm"), day("2025-11-14"), later).value.toString()).toBe("5");
  });

  it("refuses a P/E whose newest EPS is more than 15 months older than the price, naming the period", () => {
    // FY2024 ended 2024-12-31: current through 2026-03-31, stale from the day after.
    expect(computeDerived(metric("pe_ratio_ttm"), day("2026-03-31"), quarterly).value.toString()).toBe("5");
    expect(reasonOf(() => computeDerived(metric("pe_ratio_ttm"), day("2026-04-01"), quarterly))).toBe(
      "stale: the newest Diluted EPS held is for FY2024 (ended 2024-12-31), more than 15 months before the price of 2026-04-01, so a ratio on it would not be current",
    );
  });

  it("refuses a dividend yield and an earnings yield on years-old filings the same way", () => {
    const old = facts({
      "eps_diluted@2024-12-31": filed("8"),
      "dividends_per_share@2024-12-31": filed("2"),
    });
    for (const key of ["earnings_yield", "dividend_yield_ttm"]) {
      expect(computeDerived(metric(key), day("2025-06-30"), old).value.toNumber()).toBeGreaterThan(0);
      expect(reasonOf(() => computeDerived(metric(key), day("2028-06-30"), old))).toMatch(/^stale: the newest /);
    }
  });

  it("reads a balance as filed by the price date: a price-to-book never uses a 10-Q not yet out", () => {
    const equity = facts(
      {
        "stockholders_equity@2024-12-31": point(FY2024, "1000", "2025-02-01", true),
        "stockholders_equity@2025-03-31": point(Q1_25, "2000", "2025-04-30", true),
        "shares_outstanding@2024-12-31": point(FY2024, "100", "2025-02-01", true),
        "shares_outstanding@2025-03-31": point(Q1_25, "100", "2025-04-30", true),
      },
      { calendar: [FY2024, Q4_24, Q1_25] },
    );
    // 50 × 100 = 5,000 of market cap: ÷ 1,000 before the 10-Q, ÷ 2,000 after it.
    expect(computeDerived(metric("price_to_book"), day("2025-04-15"), equity).value.toString()).toBe("5");
    expect(computeDerived(metric("price_to_book"), day("2025-05-15"), equity).value.toString()).toBe("2.5");
  });
});
