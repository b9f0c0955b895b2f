import { describe, expect, it } from "vitest";
import { numbersIn, type SummaryPassage, summarizeCall } from "./call-summary";

const passage = (text: string, extra: Partial<SummaryPassage<string>> = {}): SummaryPassage<string> => ({
  text,
  role: "executive",
  section: "prepared_remarks",
  ref: "T1",
  ...extra,
});

const call = [
  "Before we begin, please note the forward-looking statements on our website at www.",
  "I'm here with our chief executive officer and our chief financial officer.",
  "Organic revenue grew 14% in the quarter, driven by 6% growth in unit case volume.",
  "We are raising full-year guidance and now expect comparable EPS growth of 15% to 17%.",
  "Our people did a wonderful job serving customers through a difficult time.",
  "Comparable earnings per share were $0.65, up 24% versus the prior year.",
  "Organic revenue grew 14% in the quarter, driven by 6% growth in unit case volumes.",
].join("\n");

describe("summarizeCall", () => {
  it("keeps the sentences with results, guidance and changes, verbatim, in call order, without repeats", () => {
    const bullets = summarizeCall([passage(call)]);
    expect(bullets.map((b) => b.sentence)).toEqual([
      "Organic revenue grew 14% in the quarter, driven by 6% growth in unit case volume.",
      "We are raising full-year guidance and now expect comparable EPS growth of 15% to 17%.",
      "Comparable earnings per share were $0.65, up 24% versus the prior year.",
    ]);
    expect(bullets[1]!.carries).toEqual(["results", "guidance", "change"]);
  });

  it("quotes management only, cites each bullet's passage, and stops at the asked number", () => {
    const bullets = summarizeCall(
      [
        passage("Analysts think revenue grew 20% in the quarter, up from 10%.", { role: "analyst", ref: "T9" }),
        passage("Revenue grew 12% to $4.1 billion in the quarter.", { section: "qa", ref: "T3" }),
        passage(call, { ref: "T1" }),
      ],
      2,
    );
    expect(bullets).toHaveLength(2);
    expect(bullets.every((b) => b.ref === "T1" || b.ref === "T3")).toBe(true);
  });
});

describe("numbersIn", () => {
  it("reads numbers with their currency and unit", () => {
    expect(numbersIn("EPS of $0.65, up 14% to 10.5 billion, 478 basis points")).toEqual([
      "$0.65",
      "14%",
      "10.5 billion",
      "478 basis points",
    ]);
  });
});
