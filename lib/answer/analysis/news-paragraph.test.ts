// The built-in analyst's news paragraph: the best items cited by label, their titles unable to become markup.
import { describe, expect, it } from "vitest";
import { newsHit as hit } from "@/test/news-hits";
import { analystNewsParagraph } from "./news-paragraph";

describe("news in the analyst's answer", () => {
  it("cites the best three by label, with titles escaped so they cannot become links or markup", () => {
    const text = analystNewsParagraph([
      hit(1),
      hit(2, { title: "[Click](javascript:alert(1)) <img src=x onerror=alert(1)>" }),
      hit(3),
      hit(4),
    ]);
    expect(text).toContain("- [N1] Story 1 (news\\.example, Jan 8, 2024)");
    expect(text).toContain("- [N2] \\[Click\\]\\(javascript:alert\\(1\\)\\) \\<img src=x onerror=alert\\(1\\)\\>");
    expect(text).not.toContain("[N4]");
  });
});
