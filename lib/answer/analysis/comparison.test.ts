// Comparisons that cannot be made like with like (issue 30): a company without the metric, or companies
// whose values are for different kinds of period (one's fiscal years, another's quarters only), are said
// so in words, never set side by side as if they matched.
import { describe, expect, it } from "vitest";
import { fiscal, series, slice } from "@/test/slices";
import { writeAnalysis } from "../analysis";

describe("comparisons that cannot be made", () => {
  it("never sets one company's fiscal year against another's quarter, and says which periods are held", () => {
    const answer = writeAnalysis(
      slice("compare", [
        series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000")]),
        series("MSFT", "revenue", [fiscal(2025, "Q1", "65585000000", "2024-09-30")], { frequency: "quarterly" }),
      ]),
    );
    expect(answer).toContain(
      "**No comparison:** the revenue held is for different kinds of period: Apple's for fiscal years (latest FY2024) and Microsoft's for quarters (latest Q1 FY2025). A quarter is not compared with a fiscal year, so each company's value is shown on its own.",
    );
    expect(answer).not.toMatch(/higher than|lower than/);
  });

  it("says a compared company has no value, with the reason the Data Module gave", () => {
    const answer = writeAnalysis(
      slice(
        "compare",
        [series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000")])],
        [{ ticker: "MSFT", metricKey: "revenue", reason: "no annual revenue for MSFT after FY2015" }],
        {},
        {
          companies: [
            { kind: "company", ticker: "AAPL", name: "Apple Inc.", span: null, confidence: 1 },
            { kind: "company", ticker: "MSFT", name: "Microsoft Corporation", span: null, confidence: 1 },
          ],
        },
      ),
    );
    expect(answer).toContain(
      "**No comparison:** only Apple has a revenue to compare (Microsoft's is not: no annual revenue for MSFT after FY2015).",
    );
  });

  it("adds nothing when the companies share a kind of period", () => {
    const answer = writeAnalysis(
      slice("compare", [
        series("AAPL", "revenue", [fiscal(2024, "FY", "391035000000")]),
        series("MSFT", "revenue", [fiscal(2024, "FY", "245122000000", "2024-06-30")]),
      ]),
    );
    expect(answer).not.toContain("No comparison");
    expect(answer).toMatch(/^In FY2024, Apple's revenue \(\$391\.0 billion\) was higher than Microsoft's/);
  });
});
