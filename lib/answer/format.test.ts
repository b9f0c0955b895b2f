import { describe, expect, it } from "vitest";
import { dataRowsOf } from "@/components/answer/data-rows";
import * as periods from "@/lib/format/periods";
import * as values from "@/lib/format/values";
import { Decimal } from "@/lib/core/decimal";
import {
  fixedHalfUp,
  formatDate,
  formatDifference,
  formatPercent,
  formatSeconds,
  formatValue,
  groupThousands,
  isRatioLike,
  labelIsDate,
  metricInSentence,
  periodLabel,
  possessive,
  scaledAmount,
  shortCompanyName,
  valueStyle,
} from "./format";
import { writeAnalysis } from "./analysis";
import { appleRevenue, daily, fiscal, series, slice } from "@/test/slices";

const usd = valueStyle({ unitKind: "currency", currency: "USD", unit: "USD", frequency: "annual" });
const eps = valueStyle({ unitKind: "per_share", currency: "USD", unit: "USD/shares", frequency: "annual" });
const price = valueStyle({ unitKind: "per_share", currency: "USD", unit: "USD/shares", frequency: "daily" });
const shares = valueStyle({ unitKind: "shares", currency: null, unit: "shares", frequency: "annual" });
const ratio = valueStyle({ unitKind: "ratio", currency: null, unit: "pure", frequency: "annual" });
const eur = valueStyle({ unitKind: "currency", currency: "EUR", unit: "EUR", frequency: "annual" });

describe("one implementation with the table and charts", () => {
  // The answer's text and the components beside it read values and periods through lib/format
  // (tested there); this module only re-exports them.
  it("re-exports the shared value and period formatting, not a copy", () => {
    expect(fixedHalfUp).toBe(values.fixedHalfUp);
    expect(groupThousands).toBe(values.groupThousands);
    expect(scaledAmount).toBe(values.scaledAmount);
    expect(valueStyle).toBe(values.valueStyle);
    expect(formatValue).toBe(values.formatValue);
    expect(isRatioLike).toBe(values.isRatioLike);
    expect(periodLabel).toBe(periods.periodLabel);
    expect(labelIsDate).toBe(periods.labelIsDate);
    expect(formatDate).toBe(periods.formatDate);
  });

  it("writes values and periods as the table does", () => {
    expect(formatValue(new Decimal("383285000000"), usd)).toBe("$383.3 billion");
    expect(formatValue(new Decimal("6.08"), eps)).toBe("$6.08 per share");
    expect(formatValue(new Decimal("189.984"), price)).toBe("$189.98");
    expect(formatValue(new Decimal("15204137000"), shares)).toBe("15.2 billion shares");
    expect(formatValue(new Decimal("0.241"), ratio)).toBe("24.1%");
    expect(formatValue(new Decimal("1500000"), eur)).toBe("EUR 1.5 million");
    expect(periodLabel({ fiscalYear: 2025, fiscalPeriod: "M9", periodEnd: "2025-06-28" })).toBe("9M FY2025");
    expect(periodLabel({ fiscalYear: null, fiscalPeriod: null, periodEnd: "2024-01-05" })).toBe("Jan 5, 2024");
  });
});

describe("the answer and the data table beside it", () => {
  it("show each series' latest value and period in the same words", () => {
    const s = slice("lookup", [
      appleRevenue(),
      series("AAPL", "eps_diluted", [
        fiscal(2023, "FY", "6.13", "2023-09-30"),
        fiscal(2024, "FY", "6.08", "2024-09-28"),
      ]),
      series("AAPL", "shares_outstanding", [fiscal(2024, "FY", "15204137000", "2024-09-28")]),
      series("AAPL", "price_close", [daily("2024-01-04", "181.91"), daily("2024-01-05", "181.18")]),
    ]);
    const text = writeAnalysis(s);
    const rows = dataRowsOf(s);
    const latest = s.series.map((item) => rows.filter((row) => row.series === item).at(-1));
    expect(latest.map((row) => [row?.period, row?.value])).toEqual([
      ["FY2024", "$391.0 billion"],
      ["FY2024", "$6.08 per share"],
      ["FY2024", "15.2 billion shares"],
      ["Jan 5, 2024", "$181.18"],
    ]);
    for (const row of latest) {
      expect(text).toContain(row?.value);
      expect(text).toContain(row?.period);
    }
  });
});

describe("differences and changes", () => {
  it("gives differences of ratios in percentage points", () => {
    expect(formatDifference(new Decimal("0.094"), ratio)).toBe("9.4 percentage points");
    expect(formatDifference(new Decimal("145913000000"), usd)).toBe("$145.9 billion");
  });

  it("formats a percent magnitude", () => {
    expect(formatPercent(new Decimal("2.02199"))).toBe("2.0%");
    expect(formatPercent(new Decimal("1234.56"))).toBe("1,234.6%");
  });
});

describe("labels and names", () => {
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
