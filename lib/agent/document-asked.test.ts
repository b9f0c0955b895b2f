import { describe, expect, it } from "vitest";
import { describeDocumentAsked } from "./document-asked";
import { parseQuestion } from "./parse-question";
import { structuredDataRequestSchema } from "./schema";

const TODAY = "2026-11-30";
const documentOf = (question: string) => parseQuestion(question, { today: TODAY }).document;

describe("the document a question names", () => {
  it.each([
    [
      "What does Nike say about competition in its FY2022 10-K?",
      { form: "10-K", fiscalYear: 2022, fiscalQuarter: null },
    ],
    ["What risks did Apple list in the 2015 annual report?", { form: "10-K", fiscalYear: 2015, fiscalQuarter: null }],
    [
      "Summarize the legal proceedings in JPMorgan's 2022 10-K",
      { form: "10-K", fiscalYear: 2022, fiscalQuarter: null },
    ],
    [
      "What did Microsoft say on the Q2 2023 earnings call?",
      { form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 2 },
    ],
    [
      "What did Nvidia say in its third-quarter fiscal 2024 10-Q about supply?",
      { form: "10-Q", fiscalYear: 2024, fiscalQuarter: 3 },
    ],
    ["What did Costco's 8-K in Q1 2023 say?", { form: "8-K", fiscalYear: 2023, fiscalQuarter: 1 }],
    [
      "What did 3M's CEO say about supply chain disruptions on the Q2 2021 call?",
      { form: "earnings-call", fiscalYear: 2021, fiscalQuarter: 2 },
    ],
    [
      "What guidance did Coca-Cola give on its fourth-quarter 2021 call?",
      { form: "earnings-call", fiscalYear: 2021, fiscalQuarter: 4 },
    ],
    [
      "What did Best Buy's Q4 FY2023 earnings release say about margins?",
      { form: "8-K", fiscalYear: 2023, fiscalQuarter: 4 },
    ],
    ["What were Nike's fiscal 2022 products?", { form: null, fiscalYear: 2022, fiscalQuarter: null }],
    ["What does Apple's latest 10-K say about risks?", { form: "10-K", fiscalYear: null, fiscalQuarter: null }],
  ])("%s", (question, document) => {
    expect(documentOf(question)).toEqual(document);
  });

  it("keeps the form alone when a range of years names no single document", () => {
    expect(documentOf("Compare the risks in Apple's FY2021 to FY2023 10-Ks")).toEqual({
      form: "10-K",
      fiscalYear: null,
      fiscalQuarter: null,
    });
  });

  it("keeps the fiscal year alone when two forms are named", () => {
    expect(documentOf("Nike risks in the FY2022 10-K and 10-Q")).toEqual({
      form: null,
      fiscalYear: 2022,
      fiscalQuarter: null,
    });
  });

  it("names no document where the question asks no document", () => {
    expect(documentOf("What was Apple's revenue in fiscal 2023?")).toBeNull();
    expect(documentOf("What did Apple report for revenue in 2023?")).toBeNull();
  });

  it("reads a request without the field (older agents) as naming none", () => {
    const { document, ...older } = parseQuestion("Apple's risks in its FY2022 10-K", { today: TODAY });
    expect(document).not.toBeNull();
    expect(structuredDataRequestSchema.parse(older).document).toBeNull();
  });

  it("describes the document the way a reader names it", () => {
    expect(describeDocumentAsked({ form: "10-K", fiscalYear: 2022, fiscalQuarter: null })).toBe("the FY2022 10-K");
    expect(describeDocumentAsked({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 2 })).toBe(
      "the Q2 FY2023 earnings call",
    );
    expect(describeDocumentAsked({ form: null, fiscalYear: 2022, fiscalQuarter: null })).toBe("FY2022 filings");
    expect(describeDocumentAsked({ form: "10-K", fiscalYear: null, fiscalQuarter: null })).toBe("the latest 10-K");
  });
});
