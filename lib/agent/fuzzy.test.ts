import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { editDistance, prepare, preparedSimilarity, similarity } from "./fuzzy";

/** Plain full-table optimal string alignment distance, to check the banded one against. */
function reference(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe("editDistance", () => {
  it.each([
    ["apple", "apple", 0],
    ["appel", "apple", 1],
    ["microsfot", "microsoft", 1],
    ["nvidea", "nvidia", 1],
    ["", "abc", 3],
    ["abc", "", 3],
    ["kitten", "sitting", 3],
    ["ca", "abc", 3],
  ])("%s ~ %s = %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });

  it("stops at max + 1", () => {
    expect(editDistance("abcdefgh", "zyxwvuts", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("agrees with the full table, with and without a bound", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
        const exact = reference(a, b);
        expect(editDistance(a, b)).toBe(exact);
        expect(editDistance(a, b, max)).toBe(exact <= max ? exact : max + 1);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("similarity", () => {
  it("is 1 minus the distance over the longer length", () => {
    expect(similarity("appel", "apple")).toBeCloseTo(0.8);
    expect(similarity("", "")).toBe(1);
    expect(similarity("abc", "xyz")).toBe(0);
  });

  it("preparedSimilarity is the similarity when it reaches the minimum, else 0", () => {
    expect(preparedSimilarity(prepare("microsfot"), prepare("microsoft"), 0.8)).toBeCloseTo(1 - 1 / 9);
    expect(preparedSimilarity(prepare("apple"), prepare("zebra"), 0.5)).toBe(0);
    expect(preparedSimilarity(prepare("home dept"), prepare("home depot"), 0.8)).toBeCloseTo(0.9);
  });

  it("preparedSimilarity agrees with similarity above the minimum", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", " ", "1", "é"), maxLength: 10 });
    fc.assert(
      fc.property(word, word, fc.constantFrom(0.5, 0.6, 0.75, 0.8), (a, b, min) => {
        const s = similarity(a, b);
        expect(preparedSimilarity(prepare(a), prepare(b), min)).toBeCloseTo(s >= min - 1e-9 ? s : 0);
      }),
      { numRuns: 2000 },
    );
  });
});
