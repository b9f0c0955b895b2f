import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/core/decimal";
import {
  currencyPrefix,
  fixedHalfUp,
  formatExactValue,
  formatHumanValue,
  formatValue,
  groupThousands,
  isRatioLike,
  parseDecimal,
  scaledAmount,
  valueStyle,
} from "./values";

// Hand-checked cases: these strings are what both the answer text and the table show.
const usd = valueStyle({ unitKind: "currency", currency: "USD", unit: "USD", frequency: "annual" });
const eps = valueStyle({ unitKind: "per_share", currency: "USD", unit: "USD/shares", frequency: "annual" });
const price = valueStyle({ unitKind: "per_share", currency: "USD", unit: "USD/shares", frequency: "daily" });
const shares = valueStyle({ unitKind: "shares", currency: null, unit: "shares", frequency: "annual" });
const ratio = valueStyle({ unitKind: "ratio", currency: null, unit: "pure", frequency: "annual" });
const percent = valueStyle({ unitKind: "percent", currency: null, unit: "percent", frequency: "annual" });
const count = valueStyle({ unitKind: "count", currency: null, unit: "pure", frequency: "annual" });
const eur = valueStyle({ unitKind: "currency", currency: "EUR", unit: "EUR", frequency: "annual" });

describe("rounding and grouping", () => {
  it("rounds half up (away from zero), not to even", () => {
    expect(fixedHalfUp(new Decimal("0.125"), 2)).toBe("0.13");
    expect(fixedHalfUp(new Decimal("2.25"), 1)).toBe("2.3");
    expect(fixedHalfUp(new Decimal("-2.25"), 1)).toBe("-2.3");
  });

  it("never shows a negative zero", () => {
    expect(fixedHalfUp(new Decimal("-0.04"), 1)).toBe("0.0");
  });

  it("groups thousands", () => {
    expect(groupThousands("383285000000")).toBe("383,285,000,000");
    expect(groupThousands("1234567.89")).toBe("1,234,567.89");
    expect(groupThousands("-1000")).toBe("-1,000");
    expect(groupThousands("999")).toBe("999");
  });

  it("reads exact decimal strings, and nothing else", () => {
    expect(parseDecimal(" 383285000000 ")?.toFixed()).toBe("383285000000");
    expect(parseDecimal("0.1")?.plus("0.2").toFixed()).toBe("0.3");
    expect(parseDecimal("n/a")).toBeNull();
    expect(parseDecimal("Infinity")).toBeNull();
    expect(parseDecimal("NaN")).toBeNull();
  });
});

describe("human scale", () => {
  it.each([
    ["383285000000", "383.3 billion"],
    ["391035000000", "391.0 billion"],
    ["3100000000000", "3.1 trillion"],
    ["999950000000", "1.0 trillion"],
    ["999949999999", "999.9 billion"],
    ["999960000", "1.0 billion"],
    ["245000000", "245.0 million"],
    ["1000000", "1.0 million"],
    ["999999.6", "1.0 million"],
    ["999999.4", "999,999"],
    ["950000", "950,000"],
    ["12345.67", "12,346"],
    ["100", "100"],
    ["12.5", "12.50"],
    ["0", "0"],
    ["1234567000000000", "1,234.6 trillion"],
  ])("%s → %s", (value, expected) => {
    expect(scaledAmount(new Decimal(value))).toBe(expected);
  });
});

describe("values by unit", () => {
  it.each([
    ["383285000000", usd, "$383.3 billion"],
    ["999950000000", usd, "$1.0 trillion"],
    ["-383285000000", usd, "-$383.3 billion"],
    ["-100", usd, "-$100"],
    ["0", usd, "$0"],
    ["1500000", eur, "EUR 1.5 million"],
    ["6.08", eps, "$6.08 per share"],
    ["-1.175", eps, "-$1.18 per share"],
    ["0.0025", eps, "$0.0025 per share"],
    ["0.05", eps, "$0.0500 per share"],
    ["0", eps, "$0.00 per share"],
    ["6.08", price, "$6.08"],
    ["189.984", price, "$189.98"],
    ["1234.5", price, "$1,234.50"],
    ["15204137000", shares, "15.2 billion shares"],
    ["-2500000", shares, "-2.5 million shares"],
    ["950000", shares, "950,000 shares"],
    ["0.241", ratio, "24.1%"],
    ["-0.0345", ratio, "-3.5%"],
    ["12.3456", ratio, "1,234.6%"],
    ["21.45", percent, "21.5%"],
    ["28.4", count, "28.40"],
    ["45", count, "45"],
  ])("%s → %s", (value, style, expected) => {
    expect(formatValue(new Decimal(value), style)).toBe(expected);
    expect(formatHumanValue(value, style)).toBe(expected);
  });

  it("shows a string that is not a number as it is", () => {
    expect(formatHumanValue("n/a", usd)).toBe("n/a");
    expect(formatExactValue("n/a", usd)).toBe("n/a");
  });
});

describe("exact values", () => {
  it.each([
    ["383285000000", usd, "$383,285,000,000"],
    ["-383285000000", usd, "-$383,285,000,000"],
    ["1234567.50", usd, "$1,234,567.5"],
    ["6.08", eps, "$6.08"],
    ["15204137000", shares, "15,204,137,000"],
    ["0.241", ratio, "0.241"],
    ["21.5", percent, "21.5%"],
    ["1500000", eur, "EUR 1,500,000"],
    ["1e3", count, "1,000"],
  ])("%s → %s", (value, style, expected) => {
    expect(formatExactValue(value, style)).toBe(expected);
  });
});

describe("styles", () => {
  it("writes the currency as people read it", () => {
    expect(currencyPrefix("USD")).toBe("$");
    expect(currencyPrefix("EUR")).toBe("EUR ");
    expect(currencyPrefix(null, "USD/shares")).toBe("$");
    expect(currencyPrefix(null, "shares")).toBe("");
    expect(currencyPrefix(null)).toBe("");
  });

  it("adds 'per share' to filed per-share values, not to prices", () => {
    expect(eps.perShareSuffix).toBe(true);
    expect(price.perShareSuffix).toBe(false);
  });

  it("knows which units read as percentages", () => {
    expect(isRatioLike(ratio)).toBe(true);
    expect(isRatioLike(percent)).toBe(true);
    expect(isRatioLike(count)).toBe(false);
  });
});

describe("values as the question asks (round to N decimals, in USD millions)", () => {
  const asked = (decimals: number | null, scale: "units" | "thousands" | "millions" | "billions" | null) =>
    valueStyle({ unitKind: "currency", currency: "USD", unit: "USD", frequency: "annual" }, { decimals, scale });
  const value = (raw: string, style: ReturnType<typeof asked>) => formatValue(new Decimal(raw), style);

  it("keeps the usual scale word and rounds to the decimals asked", () => {
    expect(value("391035000000", asked(2, null))).toBe("$391.04 billion");
    expect(value("391035000000", asked(0, null))).toBe("$391 billion");
    expect(value("12345.678", asked(2, null))).toBe("$12,345.68");
  });

  it("writes amounts in the scale asked, whole from 100 of it, else one decimal, unless decimals are asked", () => {
    expect(value("391035000000", asked(null, "millions"))).toBe("$391,035 million");
    expect(value("391035000000", asked(2, "millions"))).toBe("$391,035.00 million");
    expect(value("45500000", asked(null, "billions"))).toBe("$0.0 billion");
    expect(value("45500000", asked(3, "billions"))).toBe("$0.046 billion");
    expect(value("-2500000", asked(null, "thousands"))).toBe("-$2,500 thousand");
    expect(value("391035000000", asked(null, "units"))).toBe("$391,035,000,000");
  });

  it("rounds per-share values, ratios and percentages to the decimals asked; leaves them unscaled", () => {
    const instructions = { decimals: 3, scale: "millions" as const };
    expect(
      formatValue(
        new Decimal("6.0846"),
        valueStyle({ unitKind: "per_share", currency: "USD", unit: "USD/shares", frequency: "annual" }, instructions),
      ),
    ).toBe("$6.085 per share");
    const ratio = valueStyle({ unitKind: "ratio", currency: null, unit: "pure", frequency: "annual" }, instructions);
    expect(formatValue(new Decimal("0.462063"), ratio)).toBe("46.206%");
    const count = valueStyle(
      { unitKind: "shares", currency: null, unit: "shares", frequency: "annual" },
      { decimals: null, scale: "billions" },
    );
    expect(formatValue(new Decimal("15204137000"), count)).toBe("15.2 billion shares");
  });
});
