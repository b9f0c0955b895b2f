import { describe, expect, it } from "vitest";
import { ndcgAtK, recallAtK } from "./ranking-metrics";

describe("ranking metrics", () => {
  const grades = new Map([["a", 2], ["b", 1], ["c", 0]]);
  it("NDCG is 1 for the ideal order and lower otherwise, by the log2 discount", () => {
    expect(ndcgAtK(["a", "b", "c"], grades, 10)).toBe(1);
    const swapped = (1 / 1 + 3 / Math.log2(3)) / (3 / 1 + 1 / Math.log2(3));
    expect(ndcgAtK(["b", "a"], grades, 10)).toBeCloseTo(swapped, 12);
    expect(ndcgAtK(["c", "x"], grades, 10)).toBe(0);
    expect(ndcgAtK(["b", "a"], grades, 1)).toBeCloseTo(1 / 3, 12);
  });
  it("recall counts relevant items found within k", () => {
    expect(recallAtK(["a", "c", "b"], grades, 2)).toBe(0.5);
    expect(recallAtK(["a", "c", "b"], grades, 20)).toBe(1);
  });
});
