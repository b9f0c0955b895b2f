// A news item's snippet, as both engines return it: the body's start, cut at a word boundary and
// marked "…" when longer, never inside a word or an amount.
import { describe, expect, it } from "vitest";
import { snippetOf } from "./engine";

describe("snippetOf", () => {
  it("keeps a short body whole, and gives the title for a headline-only item", () => {
    expect(snippetOf("Title", "Apple  reported\nrevenue.")).toBe("Apple reported revenue.");
    expect(snippetOf("Title", "  ")).toBe("Title");
  });

  it("cuts a long body at a word boundary, marked …, even where the only space is early", () => {
    const body = `Revenue of $57.0 billion ${"x".repeat(400)}`;
    expect(snippetOf("Title", body)).toBe("Revenue of $57.0 billion …");
    const words = Array.from({ length: 80 }, (_, i) => `w${i}`).join(" ");
    const snippet = snippetOf("Title", words);
    expect(snippet.endsWith(" …")).toBe(true);
    expect(words.startsWith(snippet.slice(0, -2))).toBe(true);
    expect(words[snippet.length - 2]).toBe(" ");
  });
});
