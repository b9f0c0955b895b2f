import { describe, expect, it } from "vitest";
import { rougeL, rougeN, rougeTokens } from "./rouge";

// The example of rouge-score's own tests, counted by hand: 9 reference tokens, 8 candidate tokens.
const reference = "The quick brown fox jumps over the lazy dog";
const candidate = "The quick brown dog jumps on the log.";

describe("rouge", () => {
  it("tokenizes like rouge-score: lower case, non-alphanumerics separate", () => {
    expect(rougeTokens("Q3 EPS $0.65, up 14%!")).toEqual(["q3", "eps", "0", "65", "up", "14"]);
  });

  it("ROUGE-1 clips counts: 6 shared unigrams ('the' twice)", () => {
    const s = rougeN(candidate, reference, 1);
    expect(s.precision).toBeCloseTo(6 / 8, 10);
    expect(s.recall).toBeCloseTo(6 / 9, 10);
    expect(s.f1).toBeCloseTo((2 * (6 / 8) * (6 / 9)) / (6 / 8 + 6 / 9), 10);
  });

  it("ROUGE-2: 2 shared bigrams of 7 and 8", () => {
    const s = rougeN(candidate, reference, 2);
    expect(s.precision).toBeCloseTo(2 / 7, 10);
    expect(s.recall).toBeCloseTo(2 / 8, 10);
  });

  it("ROUGE-L: the longest common subsequence 'the quick brown jumps the'", () => {
    const s = rougeL(candidate, reference);
    expect(s.precision).toBeCloseTo(5 / 8, 10);
    expect(s.recall).toBeCloseTo(5 / 9, 10);
  });

  it("scores identical texts 1 and disjoint or empty ones 0", () => {
    expect(rougeL(reference, reference).f1).toBe(1);
    expect(rougeN(reference, reference, 2).f1).toBe(1);
    expect(rougeN("alpha beta", reference, 1).f1).toBe(0);
    expect(rougeN("", reference, 1).f1).toBe(0);
  });
});
