import { describe, expect, it } from "vitest";
import {
  Dec,
  fixedHalfUp,
  formatDate,
  formatDifference,
  formatPercent,
  formatSeconds,
  formatValue,
  groupThousands,
  metricInSentence,
  periodLabel,
  possessive,
  scaledAmount,
  shortCompanyName,
  valueStyle,
} from "./format";

const usd = valueStyle({ unitKind: "currency", currency: "USD", unit: "USD", frequency: "annual" });
const eps = valueStyle({ unitKind: "per_share", currency: "USD", unit: "USD/shares", frequency: "annual" });
const price = valueStyle({ unitKind: "per_share", currency: "USD", unit: "USD/shares", frequency: "daily" });
const shares = valueStyle({ unitKind: "shares", currency: null, unit: "shares", frequency: "annual" });
const ratio = valueStyle({ unitKind: "ratio", currency: null, unit: "pure", frequency: "annual" });
const eur = valueStyle({ unitKind: "currency", currency: "EUR", unit: "EUR", frequency: "annual" });

describe("rounding and grouping", () => {
  it("rounds half up (away from zero), not to even", () => {
    expect(fixedHalfUp(new Dec("0.125"), 2)).toBe("0.13");
    expect(fixedHalfUp(new Dec("2.25"), 1)).toBe("2.3");
    expect(fixedHalfUp(new Dec("-2.25"), 1)).toBe("-2.3");
  });

  it("never shows a negative zero", () => {
    expect(fixedHalfUp(new Dec("-0.04"), 1)).toBe("0.0");
  });

  it("groups thousands", () => {
    expect(groupThousands("1234567.89")).toBe("1,234,567.89");
    expect(groupThousands("-1000")).toBe("-1,000");
    expect(groupThousands("999")).toBe("999");
  });
});

describe("human scale", () => {
  it.each([
    ["383285000000", "383.3 billion"],
    ["391035000000", "391.0 billion"],
    ["3100000000000", "3.1 trillion"],
    ["999950000000", "1.0 trillion"],
    ["999960000", "1.0 billion"],
    ["245000000", "245.0 million"],
    ["999999.6", "1.0 million"],
    ["950000", "950,000"],
    ["100", "100"],
    ["12.5", "12.50"],
  ])("%s → %s", (value, expected) => {
    expect(scaledAmount(new Dec(value))).toBe(expected);
  });

  it("formats each unit kind", () => {
    expect(formatValue(new Dec("383285000000"), usd)).toBe("$383.3 billion");
    expect(formatValue(new Dec("-100"), usd)).toBe("-$100");
    expect(formatValue(new Dec("6.08"), eps)).toBe("$6.08 per share");
    expect(formatValue(new Dec("0.0025"), eps)).toBe("$0.0025 per share");
    expect(formatValue(new Dec("189.984"), price)).toBe("$189.98");
    expect(formatValue(new Dec("15204137000"), shares)).toBe("15.2 billion shares");
    expect(formatValue(new Dec("0.241"), ratio)).toBe("24.1%");
    expect(formatValue(new Dec("1500000"), eur)).toBe("EUR 1.5 million");
  });

  it("gives differences of ratios in percentage points", () => {
    expect(formatDifference(new Dec("0.094"), ratio)).toBe("9.4 percentage points");
    expect(formatDifference(new Dec("145913000000"), usd)).toBe("$145.9 billion");
  });

  it("formats a percent magnitude", () => {
    expect(formatPercent(new Dec("2.02199"))).toBe("2.0%");
    expect(formatPercent(new Dec("1234.56"))).toBe("1,234.6%");
  });
});

describe("labels and names", () => {
  it("labels periods", () => {
    expect(periodLabel({ fiscalYear: 2023, fiscalPeriod: "FY", periodEnd: "2023-09-30" })).toBe("FY2023");
    expect(periodLabel({ fiscalYear: 2025, fiscalPeriod: "Q1", periodEnd: "2024-12-28" })).toBe("Q1 FY2025");
    expect(periodLabel({ fiscalYear: 2025, fiscalPeriod: "M9", periodEnd: "2025-06-28" })).toBe("9M FY2025");
    expect(periodLabel({ fiscalYear: null, fiscalPeriod: null, periodEnd: "2024-01-05" })).toBe("Jan 5, 2024");
  });

  it("formats dates without time-zone shifts", () => {
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatDate("2024-01-01")).toBe("Jan 1, 2024");
    expect(formatDate("not a date")).toBe("not a date");
  });

  it("shortens company names as people say them", () => {
    expect(shortCompanyName("Apple Inc.")).toBe("Apple");
    expect(shortCompanyName("Microsoft Corporation")).toBe("Microsoft");
    expect(shortCompanyName("Tesla, Inc.")).toBe("Tesla");
    expect(shortCompanyName("The Coca-Cola Company")).toBe("Coca-Cola");
    expect(shortCompanyName("Best Buy Co., Inc.")).toBe("Best Buy");
    expect(shortCompanyName("JPMorgan Chase & Co.")).toBe("JPMorgan Chase");
    expect(shortCompanyName("3M Company")).toBe("3M");
  });

  it("makes possessives", () => {
    expect(possessive("Apple")).toBe("Apple's");
    expect(possessive("Meta Platforms")).toBe("Meta Platforms'");
    expect(possessive("McDonald's")).toBe("McDonald's");
  });

  it("lowercases metric names but keeps acronyms", () => {
    expect(metricInSentence("Diluted EPS")).toBe("diluted EPS");
    expect(metricInSentence("Stockholders' Equity")).toBe("stockholders' equity");
    expect(metricInSentence("Non-operating Income (Expense)")).toBe("non-operating income (expense)");
  });

  it("says timeouts in seconds", () => {
    expect(formatSeconds(20_000)).toBe("20 s");
    expect(formatSeconds(300)).toBe("0.3 s");
  });
});
