import { describe, expect, it } from "vitest";
import { parseThreshold } from "./threshold";

describe("parseThreshold", () => {
  it.each([
    ["$100 billion", "currency", "100000000000", "USD"],
    ["100B", "currency", "100000000000", null],
    ["$1.5 trillion", "currency", "1500000000000", "USD"],
    ["$2,000m", "currency", "2000000000", "USD"],
    ["250 million dollars", "currency", "250000000", "USD"],
    ["-$2 billion", "currency", "-2000000000", "USD"],
    ["€10bn", "currency", "10000000000", "EUR"],
    ["1,500,000", "currency", "1500000", null],
    ["$5", "per_share", "5", "USD"],
    ["2.5 per share", "per_share", "2.5", null],
    ["2 billion shares", "shares", "2000000000", null],
    ["1.5", "count", "1.5", null],
    ["20x", "count", "20", null],
    ["15%", "percent", "15", null],
    ["15%", "ratio", "0.15", null],
    ["20 percent", "ratio", "0.2", null],
    ["0.25", "ratio", "0.25", null],
  ] as const)("%s for a %s metric is %s", (text, unitKind, value, currency) => {
    expect(parseThreshold(text, unitKind)).toEqual({ ok: true, value, currency, note: null });
  });

  it("reads a bare number above 1 for a ratio as a percent, and says so", () => {
    expect(parseThreshold("15", "ratio")).toEqual({ ok: true, value: "0.15", currency: null, note: "15 read as 15%" });
  });

  it.each([
    ["15%", "currency", /is a percentage, but the metric is an amount of money/],
    ["$100 billion", "ratio", /is an amount of money, but the metric is a percentage/],
    ["2x", "currency", /is a multiple/],
    ["100 gazillion", "currency", /"gazillion" is not a scale/],
    ["1,00,000", "currency", /grouped in an unusual way/],
    ["a lot", "currency", /is not a number/],
    ["XYZ 5", "currency", /"XYZ" is not a currency/],
    ["3 billion shares", "currency", /is a number of shares/],
  ] as const)("rejects %s for a %s metric with a reason", (text, unitKind, reason) => {
    const result = parseThreshold(text, unitKind);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
