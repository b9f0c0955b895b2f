import { describe, expect, it } from "vitest";
import { citedNewsLabels, linkNewsCitations } from "./news-citations";

describe("news citations in an answer's text", () => {
  it("links each [N…] to its card", () => {
    expect(linkNewsCitations("Revenue fell [N2], as reported [N1][N12].")).toBe(
      "Revenue fell [N2](#news-N2), as reported [N1](#news-N1)[N12](#news-N12).",
    );
  });

  it("leaves escaped brackets, existing links and other brackets alone", () => {
    const text = "Title \\[N1\\] and [N3](#news-N3), [N1234], [X1].";
    expect(linkNewsCitations(text)).toBe(text);
  });

  it("lists the cited labels once each, in first-cited order", () => {
    expect(citedNewsLabels("[N2] then [N1], again [N2]; not \\[N3\\]")).toEqual(["N2", "N1"]);
    expect(citedNewsLabels("no citations")).toEqual([]);
  });
});
