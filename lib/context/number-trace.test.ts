// The number check on a hand-built slice: found at the text's rounding and scale, derived by the
// model from two given values, or untraced; labels (FY2024, [F1], 10-K) are no quantities.
import { describe, expect, it } from "vitest";
import { NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import { appleRevenue, fiscal, series, slice } from "@/test/slices";
import { buildContext } from "./build-context";
import { numberEvidence, traceNumbers } from "./number-trace";

const theSlice = slice("lookup", [appleRevenue()]);
const evidence = numberEvidence({ slice: theSlice, context: buildContext(theSlice), documents: NO_DOCUMENTS });
const statuses = (text: string) => traceNumbers(text, evidence, true).numbers.map((n) => [n.text, n.status] as const);

describe("traceNumbers", () => {
  it("finds a value at the rounding and scale the text uses", () => {
    expect(statuses("Revenue was $383.3 billion in FY2023 (383,285 million), $391,035 million in FY2024.")).toEqual([
      ["$383.3 billion", "found"],
      ["FY2023", "found"],
      ["383,285 million", "found"],
      ["$391,035 million", "found"],
      ["FY2024", "found"],
    ]);
  });

  it("finds how many days before the reference date the latest value is (the stale-data notice)", () => {
    const days = (text: string) => statuses(text).filter(([t]) => t.startsWith("24"));
    expect(days("The latest Apple revenue held is from Sep 28, 2024, 246 days before Jun 1, 2025.")).toEqual([
      ["246", "found"],
    ]);
    expect(days("The latest Apple revenue held is from Sep 28, 2024, 247 days before Jun 1, 2025.")).toEqual([
      ["247", "untraced"],
    ]);
  });

  it("marks a number absent from the data, or rounded wrongly, as untraced", () => {
    expect(statuses("Revenue was $412.7 billion in FY2024; $383.4 billion in FY2023; FY2019 too.")).toEqual([
      ["$412.7 billion", "untraced"],
      ["FY2024", "found"],
      ["$383.4 billion", "untraced"],
      ["FY2023", "found"],
      ["FY2019", "untraced"],
    ]);
  });

  it("marks a correct change or ratio of given values as derived by the model, with how", () => {
    const [change] = traceNumbers("Up 2.0% from FY2023.", evidence, true).numbers;
    expect(change).toMatchObject({ text: "2.0%", kind: "percent", status: "derived" });
    expect(change?.basis).toBe("AAPL Revenue FY2024 (2024-09-28) change from AAPL Revenue FY2023 (2023-09-30)");
    // 391035 / 383285 = 1.0202…: "2.1%" is not what the data gives.
    expect(statuses("Up 2.1% from FY2023.")[0]).toEqual(["2.1%", "untraced"]);
    expect(statuses("A difference of $7.75 billion.")[0]).toEqual(["$7.75 billion", "derived"]);
  });

  it("skips labels and dates that are names, and counts what it traced", () => {
    const trace = traceNumbers(
      "Per its 10-K [F1] for Q4 FY2024 (ended 2024-09-28, Sep 28, 2024), $2 trillion.",
      evidence,
      true,
    );
    expect(trace.numbers.map((n) => [n.text, n.status])).toEqual([
      ["FY2024", "found"],
      ["2024-09-28", "found"],
      ["Sep 28, 2024", "found"],
      ["$2 trillion", "untraced"],
    ]);
    expect(trace).toMatchObject({ traced: 3, derived: 0, final: true });
  });

  it("skips a form type escaped as plain text in the Markdown (the analyst's provenance labels)", () => {
    // plainText escapes punctuation: "10-K" arrives as "10\-K", "S&P 500" as "S\&P 500".
    const text = String.raw`[10\-K FY2024\, page 59](/filings/1/pages/59?line=7), the S\&P 500, an 8\-K.`;
    expect(statuses(text).map(([written]) => written)).toEqual(["FY2024", "59", "1", "59", "7"]);
  });

  it("does not take a figure from the question or the system rules' examples", () => {
    const asked = { ...theSlice, request: { ...theSlice.request, question: "Was revenue $500 billion in FY2019?" } };
    const context = buildContext(asked);
    expect(context.prompt).toContain("$500 billion");
    expect(context.system).toContain("Q1 FY2026");
    const given = numberEvidence({ slice: asked, context, documents: NO_DOCUMENTS });
    expect(
      traceNumbers(
        "No: $391.0 billion, not $500 billion; FY2019 and FY2026 are not in the data.",
        given,
        true,
      ).numbers.map((n) => [n.text, n.status]),
    ).toEqual([
      ["$391.0 billion", "found"],
      ["$500 billion", "untraced"],
      ["FY2019", "untraced"],
      ["FY2026", "untraced"],
    ]);
  });

  it("reads a number grouped in thousands as possibly rounded to whole, a small whole number as exact", () => {
    // A P/E of 1,557.87 is shown as "1,558" (values from 1,000 on are shown whole); 28 stays 28.
    const pe = slice("lookup", [
      series("AMZN", "revenue", [fiscal(2020, "FY", "1557.87"), fiscal(2021, "FY", "28.4")], {
        metricKey: "pe_ratio",
        metricName: "P/E Ratio (TTM)",
        unitKind: "count",
        unit: "",
        currency: null,
      }),
    ]);
    const given = numberEvidence({ slice: pe, context: buildContext(pe), documents: NO_DOCUMENTS });
    const of = (text: string) => traceNumbers(text, given, true).numbers.map((n) => [n.text, n.status]);
    expect(of("A P/E of 1,558 in FY2020.")[0]).toEqual(["1,558", "found"]);
    expect(of("A P/E of 1,559 in FY2020.")[0]).toEqual(["1,559", "untraced"]);
    expect(of("A P/E of 28 in FY2021.")[0]).toEqual(["28", "untraced"]);
  });

  it("leaves a number the stream may still be writing for later", () => {
    expect(traceNumbers("Revenue was $383.", evidence, false).numbers).toEqual([]);
  });
});
