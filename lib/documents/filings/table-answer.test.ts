// A table chunk's page-aligned text read as the engine's rows and paragraphs: the caption before the
// first row is a paragraph, cells align right under their headers (a row with fewer cells as printed,
// a line of text headers as its own row), a line of words inside the table a section heading.
import { describe, expect, it } from "vitest";
import { tableQuestionOfChunk } from "./table-answer";

describe("tableQuestionOfChunk", () => {
  it("reads caption, header, rows and section headings of a chunk", () => {
    const text = [
      "Backlog by contract type (in thousands)",
      "                     Fixed-price   Cost-plus",
      "                        2019        2019",
      "Funded:",
      "  Defense          $   1,200   $   (40)",
      "  Commercial              —         85",
      "Unfunded                           310",
    ].join("\n");
    expect(tableQuestionOfChunk(text, "What was funded defense backlog?")).toEqual({
      table: [
        ["", "Fixed-price", "Cost-plus"],
        ["", "2019", "2019"],
        ["Funded:", "", ""],
        ["Defense", "1,200", "(40)"],
        ["Commercial", "—", "85"],
        ["Unfunded", "", "310"],
      ],
      paragraphs: ["Backlog by contract type (in thousands)"],
      question: "What was funded defense backlog?",
    });
  });

  it("is null for text without value cells", () => {
    expect(tableQuestionOfChunk("Segment information\nSee Note 12 for details.", "What was it?")).toBeNull();
  });
});
