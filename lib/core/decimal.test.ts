import DecimalJs from "decimal.js";
import { describe, expect, it } from "vitest";
import { Decimal } from "./decimal";

describe("the shared Decimal", () => {
  it("divides to 50 significant digits", () => {
    expect(new Decimal(1).div(3).toString()).toBe(`0.${"3".repeat(50)}`);
  });

  it("rounds half-up, away from zero, like every value shown", () => {
    expect(new Decimal("0.125").toDecimalPlaces(2).toString()).toBe("0.13");
    expect(new Decimal("-2.25").toDecimalPlaces(1).toString()).toBe("-2.3");
  });

  it("is configured once: loading the formula evaluator leaves decimal.js's own defaults alone", async () => {
    await import("@/lib/data/evaluate");
    expect(DecimalJs.precision).toBe(20);
    expect(DecimalJs.rounding).toBe(DecimalJs.ROUND_HALF_UP);
  });
});
