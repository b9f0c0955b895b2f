// The provenance of a table value as a reader checks it, and the page viewer's highlight.
import { describe, expect, it } from "vitest";
import { filingPagePath, highlightedLineOf, tableRowOfConcept, tableRowProvenance } from "./provenance";

describe("table row provenance", () => {
  it("reads as the filing, page and row", () => {
    const row = "Purchases of property, plant and equipment";
    expect(
      tableRowProvenance({ form: "10-K", filingPeriod: "FY2019", documentKey: "COSTCO_2019_10K", page: 59, row }),
    ).toBe("10-K FY2019, page 59, row 'Purchases of property, plant and equipment'");
    // A metric value knows its filing by document key only.
    expect(
      tableRowProvenance({ form: "10-K", filingPeriod: null, documentKey: "COSTCO_2019_10K", page: 59, row }),
    ).toBe("10-K COSTCO_2019_10K, page 59, row 'Purchases of property, plant and equipment'");
  });

  it("reads back the page and row of a stored source concept, nothing else", () => {
    expect(tableRowOfConcept("page 59, row 'Net income (loss)'")).toEqual({ page: 59, row: "Net income (loss)" });
    expect(tableRowOfConcept("us-gaap:Revenues")).toBeNull();
  });

  it("addresses the page viewer with the row to highlight", () => {
    expect(filingPagePath("12", 3, null)).toBe("/filings/12/pages/3");
    expect(filingPagePath("12", 3, { line: 8 })).toBe("/filings/12/pages/3?line=8#line-8");
    expect(filingPagePath("INTEL_2020_10K", 3, { row: "Net income & other" })).toBe(
      "/filings/INTEL_2020_10K/pages/3?row=Net%20income%20%26%20other",
    );
  });

  it("highlights the line asked for, or the first line starting with the row label", () => {
    const lines = ["Consolidated Balance Sheets", "Total assets   $   2,000", "Total assets and other   5"];
    expect(highlightedLineOf(lines, { line: 1 })).toBe(1);
    expect(highlightedLineOf(lines, { line: 9 })).toBeNull();
    expect(highlightedLineOf(lines, { row: "total  assets" })).toBe(1);
    expect(highlightedLineOf(lines, { row: "Goodwill" })).toBeNull();
    expect(highlightedLineOf(lines, null)).toBeNull();
  });
});
