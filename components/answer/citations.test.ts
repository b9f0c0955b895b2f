import { describe, expect, it } from "vitest";
import { citationOfHref, citedLabels, linkCitations } from "./citations";

describe("document citations in an answer's text", () => {
  it("links each [N…] and [F…] to its card", () => {
    expect(linkCitations("Revenue fell [N2], as reported [N1][N12]; the filing says so [F1].")).toBe(
      "Revenue fell [N2](#news-N2), as reported [N1](#news-N1)[N12](#news-N12); the filing says so [F1](#filing-F1).",
    );
  });

  it("leaves escaped brackets, existing links and other brackets alone", () => {
    const text = "Title \\[N1\\] and [N3](#news-N3), [N1234], [X1], \\[F2\\].";
    expect(linkCitations(text)).toBe(text);
  });

  it("lists the cited labels of a kind once each, in first-cited order", () => {
    expect(citedLabels("[N2] then [F1], [N1], again [N2]; not \\[N3\\]", "N")).toEqual(["N2", "N1"]);
    expect(citedLabels("[F2] [N1] [F1] [F2]", "F")).toEqual(["F2", "F1"]);
    expect(citedLabels("no citations", "N")).toEqual([]);
  });

  it("reads the label back from a citation's link, and nothing from another link", () => {
    expect(citationOfHref("#filing-F3")).toBe("F3");
    expect(citationOfHref("#news-N1")).toBe("N1");
    expect(citationOfHref("https://example.com")).toBeNull();
  });
});
