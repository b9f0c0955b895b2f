import { describe, expect, it } from "vitest";
import { matchesOf } from "./regex";

const asMatchAll = (text: string, pattern: RegExp) => [...text.matchAll(pattern)];

describe("matchesOf", () => {
  it.each([
    ["groups and indexes", "FY2023 and fiscal 2021, FY 2019", /\b(?:fiscal|FY) ?(?<year>\d{4})\b/gi],
    ["no match", "nothing here", /\d+/g],
    ["empty matches", "baaac", /a*/g],
    ["empty matches between code points", "a😀b", /(?:)/gu],
    // biome-ignore lint/complexity/useRegexLiterals: tsc targets below ES2024, where a v-flag literal does not compile
    ["empty matches in v mode", "😀😀", new RegExp("(?:)", "gv")],
    ["sticky as well as global", "aaba", /a/gy],
    ["a match at the very end", "x1", /\d$/g],
  ])("finds what matchAll finds: %s", (_, text, pattern) => {
    const found = matchesOf(text, pattern);
    const expected = asMatchAll(text, pattern);
    expect(found.map((m) => [m.index, [...m], m.groups])).toEqual(expected.map((m) => [m.index, [...m], m.groups]));
  });

  it("leaves the regex's lastIndex as it was, and starts from the text's start whatever it was", () => {
    const pattern = /\d/g;
    pattern.lastIndex = 3;
    expect(matchesOf("1234", pattern).map((m) => m[0])).toEqual(["1", "2", "3", "4"]);
    expect(pattern.lastIndex).toBe(3);
  });

  it("can be called again on the same regex while reading its own results", () => {
    const pattern = /\w+/g;
    const pairs = matchesOf("ab cd", pattern).flatMap((outer) => matchesOf(outer[0], pattern).map((inner) => inner[0]));
    expect(pairs).toEqual(["ab", "cd"]);
  });

  it("refuses a regex without the g flag, as matchAll does", () => {
    expect(() => matchesOf("a", /a/)).toThrow(TypeError);
  });
});
