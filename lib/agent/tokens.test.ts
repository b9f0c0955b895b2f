import { describe, expect, it } from "vitest";

import { isAllCaps, isCapitalized, normalizeWord, phraseWords, startsSentence, tokenize } from "./tokens";

describe("tokenize", () => {
  it("keeps positions and normalizes possessives, curly apostrophes, case and diacritics", () => {
    expect(tokenize("Apple’s  NESTLÉ's")).toEqual([
      { text: "Apple’s", norm: "apple", start: 0, end: 7 },
      { text: "NESTLÉ's", norm: "nestle", start: 9, end: 17 },
    ]);
  });

  it("splits on hyphens, dots and slashes and reads & as and", () => {
    expect(phraseWords("Coca-Cola")).toEqual(["coca", "cola"]);
    expect(phraseWords("R&D")).toEqual(["r", "and", "d"]);
    expect(phraseWords("r & d")).toEqual(["r", "and", "d"]);
    expect(phraseWords("J.P. Morgan")).toEqual(["j", "p", "morgan"]);
    expect(phraseWords("a/r")).toEqual(["a", "r"]);
  });

  it("ignores emoji, control characters and lone marks", () => {
    expect(tokenize("🚀\u0000\u0301 ")).toEqual([]);
  });

  it("keeps UTF-16 offsets for astral characters", () => {
    const text = "😀 Apple";
    const [t] = tokenize(text);
    expect(text.slice(t!.start, t!.end)).toBe("Apple");
  });
});

describe("word shape", () => {
  it("tells capitals apart", () => {
    expect(isCapitalized("Apple")).toBe(true);
    expect(isCapitalized("apple")).toBe(false);
    expect(isCapitalized("3M")).toBe(false);
    expect(isAllCaps("AAPL")).toBe(true);
    expect(isAllCaps("3M")).toBe(true);
    expect(isAllCaps("Aapl")).toBe(false);
    expect(normalizeWord("&")).toBe("and");
  });

  it("knows where a sentence starts", () => {
    const q = 'Apple. And then Disney? "Nike"';
    expect(startsSentence(q, 0)).toBe(true);
    expect(startsSentence(q, q.indexOf("And"))).toBe(true);
    expect(startsSentence(q, q.indexOf("Disney"))).toBe(false);
    expect(startsSentence(q, q.indexOf("Nike"))).toBe(true);
  });
});
