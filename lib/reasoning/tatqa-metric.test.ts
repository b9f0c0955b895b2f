// The TAT-QA metric on the cases its rules exist for (number normalization, scale, percent, negative
// parentheses, multi-span bags, token F1), checked against what the official Python metric prints.
import { describe, expect, it } from "vitest";
import { scoreTatqa } from "./tatqa-metric";

const span = (answer: string[], scale = "") => ({ answer, answer_type: "span", scale });
const multi = (answer: string[], scale = "") => ({ answer, answer_type: "multi-span", scale });
const arithmetic = (answer: number, scale = "") => ({ answer, answer_type: "arithmetic", scale });

describe("scoreTatqa", () => {
  it("matches numbers whatever their currency signs, separators and form, at the same scale", () => {
    expect(scoreTatqa(span(["$1,496.5"], "million"), [1496.5], "million")).toEqual({ exactMatch: 1, f1: 1 });
    expect(scoreTatqa(span(["$1,496.5"], "million"), ["1496.50"], "million")).toEqual({ exactMatch: 1, f1: 1 });
    expect(scoreTatqa(arithmetic(-12.6, "million"), -12.6, "million")).toEqual({ exactMatch: 1, f1: 1 });
  });

  it("fails a right number at the wrong scale, and scores text answers with the scale as a word", () => {
    expect(scoreTatqa(span(["$1,496.5"], "million"), [1496.5], "thousand")).toEqual({ exactMatch: 0, f1: 0 });
    // "fixed price million" against "fixed price": 2 of 3 tokens, F1 0.8.
    expect(scoreTatqa(span(["fixed price"]), ["fixed price"], "million")).toEqual({ exactMatch: 0, f1: 0.8 });
  });

  it("reads parentheses as negatives, percent signs as hundredths and a bare ratio as a percentage", () => {
    expect(scoreTatqa(arithmetic(-134, "thousand"), "(134)", "thousand").exactMatch).toBe(1);
    expect(scoreTatqa(arithmetic(-22.22, "percent"), "-22.22%", "").exactMatch).toBe(1);
    expect(scoreTatqa(arithmetic(-22.22, "percent"), -22.22, "percent").exactMatch).toBe(1);
    expect(scoreTatqa(arithmetic(-22.22, "percent"), -0.2222, "").exactMatch).toBe(1);
    expect(scoreTatqa(arithmetic(-22.22, "percent"), -22.22, "").exactMatch).toBe(0);
  });

  it("rounds to two places before comparing, as the official metric does", () => {
    expect(scoreTatqa(arithmetic(5579.33, "million"), 5579.333333, "million").exactMatch).toBe(1);
    expect(scoreTatqa(arithmetic(5579.33, "million"), 5579.34, "million").exactMatch).toBe(0);
  });

  it("treats spans as a bag: order does not matter, a missing span costs F1", () => {
    const gold = multi(["fixed-price type", "cost-plus type", "time-and-material type"]);
    expect(scoreTatqa(gold, ["time-and-material type", "fixed-price type", "cost-plus type"], "")).toEqual({
      exactMatch: 1,
      f1: 1,
    });
    const partial = scoreTatqa(gold, ["fixed-price type", "cost-plus type"], "");
    expect(partial.exactMatch).toBe(0);
    expect(partial.f1).toBeGreaterThan(0.5);
    expect(partial.f1).toBeLessThan(1);
  });

  it("ignores case, punctuation and articles, and gives token F1 rounded to two places", () => {
    expect(scoreTatqa(span(["The modified retrospective method"]), ["modified retrospective method."], "")).toEqual({
      exactMatch: 1,
      f1: 1,
    });
    // 3 of 4 predicted tokens are right, all 3 gold tokens found: 2·0.75·1/1.75 = 0.857 → 0.86.
    expect(
      scoreTatqa(span(["the modified retrospective method"]), ["modified retrospective method adopted"], ""),
    ).toEqual({
      exactMatch: 0,
      f1: 0.86,
    });
  });

  it("gives arithmetic answers no partial credit, and scores an empty prediction (or the number 0) as nothing", () => {
    expect(scoreTatqa(arithmetic(3944, "million"), 3945, "million")).toEqual({ exactMatch: 0, f1: 0 });
    expect(scoreTatqa(span(["2019"]), "", "")).toEqual({ exactMatch: 0, f1: 0 });
    expect(scoreTatqa(arithmetic(0), 0, "")).toEqual({ exactMatch: 0, f1: 0 });
    expect(scoreTatqa({ answer: 3, answer_type: "count", scale: "" }, 3, "")).toEqual({ exactMatch: 1, f1: 1 });
  });
});
