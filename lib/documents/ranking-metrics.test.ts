import { describe, expect, it } from "vitest";
import { articleKey, ndcgAtK, parseJudgments, recallAtK, unjudgedAtK } from "@/lib/documents/ranking-metrics";

describe("ranking metrics", () => {
  const grades = new Map([
    ["a", 2],
    ["b", 1],
    ["c", 0],
  ]);
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
  it("counts the results within k that were never judged; a judged 0 is judged", () => {
    expect(unjudgedAtK(["a", "x", "c", "y", "z"], grades, 4)).toBe(2);
    expect(unjudgedAtK([], grades, 10)).toBe(0);
  });
});

describe("relevance judgments", () => {
  it("keys an article by the first 16 hex digits of the SHA-256 of its URL", () => {
    // Expected value from `printf 'https://example.com/a' | sha256sum`.
    expect(articleKey("https://example.com/a")).toBe("2dce0a4c50441bfc");
    expect(articleKey("https://example.com/b")).not.toBe(articleKey("https://example.com/a"));
  });

  const k = (c: string) => c.repeat(16);
  it("reads grades and the keys judged 0 into one map per query", () => {
    const judgments = parseJudgments({
      q01: { grades: { [k("a")]: 2, [k("b")]: 1 }, zero: [k("c")] },
      q02: { grades: {}, zero: [] },
    });
    expect([...judgments.keys()]).toEqual(["q01", "q02"]);
    expect(judgments.get("q01")).toEqual(
      new Map([
        [k("a"), 2],
        [k("b"), 1],
        [k("c"), 0],
      ]),
    );
    expect(judgments.get("q02")?.size).toBe(0);
  });
  it("rejects a bad grade, a bad key, an unknown field and an article judged twice", () => {
    expect(() => parseJudgments({ q01: { grades: { [k("a")]: 3 }, zero: [] } })).toThrow(/Relevance judgments/);
    expect(() => parseJudgments({ q01: { grades: { [k("a")]: 0 }, zero: [] } })).toThrow();
    expect(() => parseJudgments({ q01: { grades: { "Apple stock": 2 }, zero: [] } })).toThrow(/Invalid key/);
    expect(() => parseJudgments({ q01: { grades: {}, zero: [], judged: 3 } })).toThrow();
    expect(() => parseJudgments({ q01: { grades: { [k("a")]: 1 }, zero: [k("a")] } })).toThrow(/judged twice/);
    expect(() => parseJudgments({ q01: { grades: {}, zero: [k("b"), k("b")] } })).toThrow(/judged twice/);
  });
});
