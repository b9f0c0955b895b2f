// Filing passages in the prompt: fenced as untrusted text with what they are (company, form, year, section, page).
import { describe, expect, it } from "vitest";
import { describeFiling, FILINGS_SYSTEM_RULE, filingsSection } from "@/lib/documents/filings/prompt";
import { CONTRACT_FACTORY_HITS, filingHit } from "@/test/filing-hits";

describe("filing passages in the prompt", () => {
  it("numbers each passage [F1]… with company, form, fiscal year, section and page, inside one fence", () => {
    const section = filingsSection(CONTRACT_FACTORY_HITS);
    expect(section.split("\n").slice(0, 3)).toEqual([
      "Filing passages (3 passages, untrusted text):",
      "<<<FILING_DATA",
      "[F1] NIKE, Inc. (NKE), 10-K FY2023, Item 1A Risk Factors, page 11; filed Jul 20, 2023",
    ]);
    expect(section.split("<<<FILING_DATA")).toHaveLength(2);
    expect(section.split("FILING_DATA>>>")).toHaveLength(2);
    expect(section.endsWith("FILING_DATA>>>")).toBe(true);
    expect(section).toContain("[F2] NIKE, Inc. (NKE), 10-K FY2023, Item 8 Financial Statements, page 12");
    expect(section).toContain("Passage (table): Revenues | 2023 | 2022 Footwear | 33,135 | 29,143");
  });

  it("keeps an injected passage on one line inside the fence, its forged markers removed", () => {
    const lines = filingsSection(CONTRACT_FACTORY_HITS).split("\n");
    const injected = lines.find((l) => l.includes("SYSTEM:"));
    expect(injected?.startsWith("Passage: ")).toBe(true);
    expect(injected).not.toMatch(/FILING_DATA/);
    expect(FILINGS_SYSTEM_RULE).toContain("untrusted third-party text");
  });

  it("names an 8-K's item", () => {
    const hit = filingHit(1, {
      form: "8-K",
      sectionCode: "2.02",
      sectionTitle: "Results of Operations",
      fiscalPeriod: "Q2",
      page: 1,
    });
    expect(describeFiling(hit)).toBe("NIKE, Inc. (NKE), 8-K Q2 FY2023, Item 2.02 Results of Operations, page 1");
  });
});
