import { Decimal } from "@/lib/core/decimal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SlidingWindow } from "./sliding-window";

// The evaluator's precision (evaluate.ts): the direct computation rounds at the 40th digit, so 30 must agree.
Decimal.set({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });

/** The window's statistics computed directly, as the evaluator did before windows slid. */
function direct(values: readonly Decimal[]) {
  const mean = values.reduce((s, v) => s.plus(v), new Decimal(0)).dividedBy(values.length);
  const squares = values.reduce((s, v) => s.plus(v.minus(mean).pow(2)), new Decimal(0));
  return {
    max: Decimal.max(...values),
    min: Decimal.min(...values),
    mean,
    stdev: squares.dividedBy(values.length - 1).sqrt(),
  };
}

const decimals = fc.array(
  fc
    .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 8 }))
    .map(([n, places]) => new Decimal(n).dividedBy(new Decimal(10).pow(places))),
  { minLength: 3, maxLength: 60 },
);

describe("SlidingWindow", () => {
  it("agrees with the direct computation on every window as it slides", () => {
    fc.assert(
      fc.property(decimals, fc.integer({ min: 2, max: 10 }), (values, length) => {
        const window = new SlidingWindow();
        values.forEach((value, i) => {
          window.push(value);
          if (window.size > length) window.shift();
          if (window.size < 2) return;
          const expected = direct(values.slice(Math.max(0, i - length + 1), i + 1));
          expect(window.aggregate("max")!.eq(expected.max)).toBe(true);
          expect(window.aggregate("min")!.eq(expected.min)).toBe(true);
          expect(window.aggregate("mean")!.toSignificantDigits(30).eq(expected.mean.toSignificantDigits(30))).toBe(
            true,
          );
          expect(window.aggregate("stdev")!.toSignificantDigits(30).eq(expected.stdev.toSignificantDigits(30))).toBe(
            true,
          );
        });
      }),
    );
  });

  it("keeps sums exact when a value with more decimal places arrives", () => {
    const window = new SlidingWindow();
    for (const v of ["100", "0.1", "0.000000000000000000000000000001"]) window.push(new Decimal(v));
    window.shift();
    expect(window.aggregate("mean")!.toString()).toBe("0.0500000000000000000000000000005");
    expect(window.aggregate("max")!.toString()).toBe("0.1");
    expect(window.aggregate("min")!.toString()).toBe("1e-30");
  });

  it("has no standard deviation of a single value", () => {
    const window = new SlidingWindow();
    window.push(new Decimal("1.5"));
    expect(window.aggregate("stdev")).toBeUndefined();
    expect(window.aggregate("mean")!.toString()).toBe("1.5");
  });
});
