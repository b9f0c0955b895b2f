import { describe, expect, it } from "vitest";
import { untrustedLine } from "./fence";

describe("untrustedLine", () => {
  it("removes every fence's markers, however spaced or cased", () => {
    expect(untrustedLine("a <<< news_data b FILING_DATA >>> c <<<TRANSCRIPT_DATA d")).toBe("a b c d");
  });

  it("leaves no marker that removing another, or a control character, would form", () => {
    expect(untrustedLine("x <<<NEWS_<<<FILING_DATADATA y")).toBe("x y");
    expect(untrustedLine("x <<<\u0000NEWS_DATA y")).toBe("x y");
    expect(untrustedLine("x NEWS_DATA\u2028>>> y")).toBe("x y");
  });

  it("makes one line of text with line breaks and control characters", () => {
    expect(untrustedLine("  one\ntwo\u0007 three\r\n")).toBe("one two three");
  });
});
