// The one sentence segmenter and what a quote may be, on hand-made cases: no split inside a number,
// an abbreviation, an initial, an item number or a list marker; splits where sentences do end; page
// furniture never at a quote's edge; a shortened quote cut at a word and marked "…".
import { describe, expect, it } from "vitest";
import {
  endsInCutNumber,
  isPageFurniture,
  openingQuote,
  quotableSentences,
  sentenceSpans,
  sentencesOf,
  shortenedQuote,
  withoutFurniture,
} from "./sentences";

/** Each text is one sentence: the segmenter must not split it. */
const ONE_SENTENCE = [
  "Our total debt totaled $57.0 billion at the end of the year.",
  "Gross margin was 80.1% compared with 78.4% a year ago.",
  "Revenue of $1.2 billion included $0.3 billion from services.",
  "Diluted loss per share was ($0.35) compared with ($0.12).",
  "Backlog rose to 1,234.5 million units.",
  "Sales in the U.S. grew 4% while sales in the U.K. fell.",
  "Apple Inc. and Microsoft Corp. signed an agreement with Acme Co. last year.",
  "The Company purchased approx. 5 million shares under Program No. 3 of the plan.",
  "Mr. Smith, Ms. Jones and Dr. Lee joined the board.",
  "Certain items, e.g. restructuring, i.e. severance, are excluded.",
  "Product sales vs. service sales are shown in Note 4.",
  "The notes mature on Jan. 15, 2030 and are listed on the St. Louis exchange.",
  "J.P. Morgan Securities and John A. Smith acted as advisers.",
  "See Item 1A. Risk Factors for the risks we face.",
  "Refer to Item 7. Management's Discussion and Analysis for more.",
  "1. Summary of significant accounting policies and their effects.",
  "(a) Consists of restructuring charges recorded in 2023.",
];

/** Texts that are several sentences: the segmenter must split them so. */
const SEVERAL_SENTENCES: [string, string[]][] = [
  ["Revenue rose 5%. Costs fell.", ["Revenue rose 5%.", "Costs fell."]],
  ["EPS was $1.25. Margins grew.", ["EPS was $1.25.", "Margins grew."]],
  [
    "Did margins grow? Yes! They rose in 2023. 2024 looks better.",
    ["Did margins grow?", "Yes!", "They rose in 2023.", "2024 looks better."],
  ],
  ['He said "sales rose." Then he left.', ['He said "sales rose."', "Then he left."]],
  ["The fee was $5. The rest was waived.", ["The fee was $5.", "The rest was waived."]],
  ["• First item here. • Second item here", ["First item here.", "Second item here"]],
  [
    "Risk Factors\nOur business depends on demand. We sell phones.",
    ["Risk Factors", "Our business depends on demand.", "We sell phones."],
  ],
];

describe("the sentence segmenter", () => {
  it.each(ONE_SENTENCE)("does not split %j", (text) => {
    expect(sentencesOf(text)).toEqual([text]);
  });

  it.each(SEVERAL_SENTENCES)("splits %j", (text, sentences) => {
    expect(sentencesOf(text)).toEqual(sentences);
  });

  it("returns spans of the text itself, white space and bullets left out", () => {
    const text = "  Revenue rose 5%.\n\n• Costs fell.  ";
    const spans = sentenceSpans(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["Revenue rose 5%.", "Costs fell."]);
  });

  it("keeps a sentence across the page layout's line breaks, and ends one at a blank line", () => {
    expect(sentencesOf("Our debt totaled $57.0\nbillion at year end.\n\nA new paragraph")).toEqual([
      "Our debt totaled $57.0\nbillion at year end.",
      "A new paragraph",
    ]);
  });

  it("reads every line as a sentence when asked (one sentence a line)", () => {
    expect(sentencesOf("Yes\nNext line here.", { linesAreSentences: true })).toEqual(["Yes", "Next line here."]);
  });

  it("puts page furniture lines apart from the sentences around them", () => {
    expect(
      sentencesOf("Table of Contents\nRevenue grew 12% in fiscal 2024.\nApple Inc. | 2024 Form 10-K | 11\n\n11"),
    ).toEqual(["Table of Contents", "Revenue grew 12% in fiscal 2024.", "Apple Inc. | 2024 Form 10-K | 11", "11"]);
  });
});

describe("page furniture", () => {
  it.each([
    "Table of Contents",
    "TABLE OF CONTENTS",
    "11",
    "- 11 -",
    "F-12",
    "Page 5",
    "| 2024 Form 10-K | 11",
    "Apple Inc. | 2024 Form 10-K | 11",
    "Pfizer Inc.   2023 Form 10-K   37",
    "Verizon 2022 Annual Report on Form 10-K",
    "Report of Independent Registered Public Accounting Firm ........ 58",
  ])("recognises %j", (line) => {
    expect(isPageFurniture(line)).toBe(true);
  });

  it.each([
    "Refer to Note 12 of JPMorgan Chase's 2020 Form 10-K for further information on",
    "Continued",
    "Revenue grew 11% in 2024.",
  ])("leaves prose alone: %j", (line) => {
    expect(isPageFurniture(line)).toBe(false);
  });

  it("is stripped from a quote's edges on the same line, and a sentence of furniture alone is none", () => {
    expect(withoutFurniture("Table of Contents Revenue grew 12% in fiscal 2024.")).toBe(
      "Revenue grew 12% in fiscal 2024.",
    );
    expect(withoutFurniture("Revenue grew 12% in fiscal 2024. | 2024 Form 10-K | 11")).toBe(
      "Revenue grew 12% in fiscal 2024.",
    );
    expect(withoutFurniture("Apple Inc. | 2024 Form 10-K | 11")).toBeNull();
    expect(withoutFurniture("22\nItem 7A. Quantitative and Qualitative Disclosures About Market Risk.")).toBe(
      "Item 7A. Quantitative and Qualitative Disclosures About Market Risk.",
    );
  });
});

describe("whole sentences to quote", () => {
  it("leaves out the pieces a passage boundary cut: a lower-case start, a start inside a number, no closing stop", () => {
    const passage = "of the previous chunk. .0 billion was left. Our debt totaled $57.0 billion. The last one is cut";
    expect(quotableSentences(passage).map((s) => s.text)).toEqual(["Our debt totaled $57.0 billion."]);
  });

  it("never quotes a number cut at its decimal point at a passage's end", () => {
    for (const cut of ["Our debt totaled $57.", "Loss per share was ($0.", "Revenue was $", "It fell to €1."])
      expect(quotableSentences(`Sales rose. ${cut}`).map((s) => s.text)).toEqual(["Sales rose."]);
    expect(quotableSentences("Sales rose in 2023.").map((s) => s.text)).toEqual(["Sales rose in 2023."]);
  });

  it("does not take a passage's last abbreviation for a sentence end", () => {
    expect(quotableSentences("Sales rose. We signed an agreement with Apple Inc.").map((s) => s.text)).toEqual([
      "Sales rose.",
    ]);
  });

  it("tells an amount cut at its decimal point from a sentence ending in a year", () => {
    expect(endsInCutNumber("Our debt totaled $57.")).toBe(true);
    expect(endsInCutNumber("Net loss per share was ($0.")).toBe(true);
    expect(endsInCutNumber("Revenue was $")).toBe(true);
    expect(endsInCutNumber("Revenue rose in 2023.")).toBe(false);
    expect(endsInCutNumber("EPS was $1.25.")).toBe(false);
  });

  it("gives each quote's place in the passage", () => {
    const passage = "Table of Contents\nRevenue grew 12%. Costs fell 3%.";
    for (const { start, end, text } of quotableSentences(passage)) expect(passage.slice(start, end)).toBe(text);
  });
});

describe("shortened quotes", () => {
  const sentence = "Our long-term debt totaled $57.0 billion at the end of fiscal 2024, up from last year.";

  it("keeps a sentence that fits whole", () => {
    expect(shortenedQuote(sentence, 200)).toBe(sentence);
  });

  it("cuts at a word boundary, never inside a word or a number, and marks the cut", () => {
    for (let max = 10; max < sentence.length; max++) {
      const quote = shortenedQuote(sentence, max);
      expect(quote.endsWith(" …")).toBe(true);
      const kept = quote.slice(0, -2);
      expect(sentence.startsWith(kept)).toBe(true);
      expect(sentence[kept.length]).toMatch(/[\s,]/);
      expect(kept).not.toMatch(/\$$/);
    }
  });

  it("quotes a passage's opening: its first whole sentences, or a cut piece marked at both ends", () => {
    expect(openingQuote("Sales rose. Costs fell. Margins grew.", 500)).toBe("Sales rose. Costs fell.");
    expect(openingQuote("of our stores in the region and beyond", 500)).toBe(
      "… of our stores in the region and beyond …",
    );
  });
});

describe("furniture stripping keeps the sentence's own words", () => {
  it("leaves a year or a count that opens a sentence", () => {
    expect(withoutFurniture("2023 Revenue was $5.0 billion.")).toBe("2023 Revenue was $5.0 billion.");
    expect(quotableSentences("Sales rose. 2023 Revenue was $5.0 billion.").map((s) => s.text)).toEqual([
      "Sales rose.",
      "2023 Revenue was $5.0 billion.",
    ]);
  });
});
