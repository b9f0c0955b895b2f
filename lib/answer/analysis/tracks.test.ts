// The question's rounding and scale ("round to two decimals", "in USD millions") are honoured by the
// built-in analyst's text and the table beside it, not only passed to the LLM, and the number check
// still traces every figure written so.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { dataRowsOf } from "@/components/answer/data-rows";
import { buildContext } from "@/lib/context/build-context";
import { numberEvidence, traceNumbers } from "@/lib/context/number-trace";
import type { DataSlice } from "@/lib/data/types";
import { NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import { appleRevenue, fiscal, series, slice } from "@/test/slices";
import { writeAnalysis } from "../analysis";

/** The slice of `question` as the agent reads its instructions, on hand-built series. */
const asked = (question: string, seriesList = [appleRevenue()]): DataSlice => {
  const { presentation } = parseQuestion(question, { today: "2025-06-01" });
  return slice("lookup", seriesList, [], {}, { question, ...(presentation ? { presentation } : {}) });
};
const traced = (s: DataSlice, text: string) =>
  traceNumbers(text, numberEvidence({ slice: s, context: buildContext(s), documents: NO_DOCUMENTS }), true).numbers.map(
    (n) => [n.text, n.status],
  );

describe("the analyst writes values as the question asks", () => {
  it("in USD millions: the text and the table in millions, every figure traced", () => {
    const s = asked("What was Apple's revenue in FY2024? Answer in USD millions.");
    const text = writeAnalysis(s);
    expect(text).toContain("was $391,035 million in FY2024, up 2.0% from FY2023's $383,285 million");
    expect(text).not.toContain("billion");
    expect(dataRowsOf(s).map((r) => r.value)).toEqual(["$394,328 million", "$383,285 million", "$391,035 million"]);
    expect(traced(s, text).filter(([, status]) => status === "untraced")).toEqual([]);
  });

  it("rounded to two decimals: values and percentages, every figure traced", () => {
    const s = asked("Apple revenue FY2024, round to two decimals");
    const text = writeAnalysis(s);
    // (391,035 − 383,285) / 383,285 = 2.0220…%
    expect(text).toContain("was $391.04 billion in FY2024, up 2.02% from FY2023's $383.29 billion");
    expect(dataRowsOf(s).map((r) => r.value)).toEqual(["$394.33 billion", "$383.29 billion", "$391.04 billion"]);
    expect(traced(s, text).filter(([, status]) => status === "untraced")).toEqual([]);
  });

  it("both, on a comparison: the difference and per-share values too", () => {
    const eps = (ticker: string, value: string) =>
      series(ticker, "eps_diluted", [fiscal(2024, "FY", value, ticker === "AAPL" ? "2024-09-28" : "2024-06-30")]);
    const s = asked("Compare Apple and Microsoft diluted EPS for FY2024 to 3 decimal places", [
      eps("AAPL", "6.08"),
      eps("MSFT", "11.8"),
    ]);
    const text = writeAnalysis(s);
    expect(text).toContain("($11.800 per share) was higher than Apple's ($6.080 per share), by $5.720 per share");
    expect(traced(s, text).filter(([, status]) => status === "untraced")).toEqual([]);
  });

  it("without instructions, as before", () => {
    const s = asked("What was Apple's revenue in FY2024?");
    expect(writeAnalysis(s)).toContain("was $391.0 billion in FY2024, up 2.0% from FY2023's $383.3 billion");
  });
});

describe("the analyst leads with the average the question asks for", () => {
  it("states the mean first, traced, when the series holds one over every period shown", () => {
    const revenue = appleRevenue();
    const [first, , last] = revenue.points;
    // (394,328 + 383,285 + 391,035) / 3 = 389,549.33… million
    const averaged = { ...revenue, periodMean: { periods: 3, first: first!, last: last!, value: "389549333333.3333" } };
    const s = asked("Apple's average revenue from FY2022 to FY2024", [averaged]);
    const text = writeAnalysis(s);
    expect(text.split("\n\n").find((part) => part.trim() !== "")).toBe(
      "Apple's average revenue was $389.5 billion over FY2022–FY2024 (3 periods).",
    );
    expect(traced(s, text).filter(([, status]) => status === "untraced")).toEqual([]);
    expect(writeAnalysis(asked("Apple's revenue from FY2022 to FY2024"))).not.toContain("average revenue was");
  });
});
