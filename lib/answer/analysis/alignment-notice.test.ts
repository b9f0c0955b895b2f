// Comparisons across fiscal calendars, from the seed to the analyst's text: each company's own period is
// named, the same fiscal label is never compared across periods ending months apart, and every number of
// the answer traces to the slice.
import { describe, expect, it } from "vitest";
import { buildContext } from "@/lib/context/build-context";
import { numberEvidence, traceNumbers } from "@/lib/context/number-trace";
import type { DataSlice } from "@/lib/data/types";
import { NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import { sliceDatabase, sliceRequest } from "@/test/data";
import { testBackends } from "@/test/db";
import { writeAnalysis } from "../analysis";

const compare = { intent: "compare" as const, question: "Compare Apple and NVIDIA revenue" };
const untraced = (slice: DataSlice, text: string) =>
  traceNumbers(text, numberEvidence({ slice, context: buildContext(slice), documents: NO_DOCUMENTS }), true)
    .numbers.filter((n) => n.status === "untraced")
    .map((n) => n.text);

describe.each(testBackends())("aligned comparisons written on $name", (backend) => {
  const { slice } = sliceDatabase(backend);

  it("compares Apple's Q1 FY2024 with NVIDIA's quarter ending nearest it and names both", async () => {
    const result = await slice(
      sliceRequest(
        ["AAPL", "NVDA"],
        ["revenue"],
        { fiscal: { year: 2024, period: "Q1" }, expression: "Q1 FY2024", granularity: "quarterly" },
        "2026-11-30",
        compare,
      ),
    );
    const text = writeAnalysis(result);
    expect(text).toContain(
      "**Periods compared:** the companies' fiscal calendars differ, so each is read for its quarter ending nearest " +
        "Apple's Q1 FY2024 (ended Dec 30, 2023): Apple Q1 FY2024 (ended Dec 30, 2023) and NVIDIA Q4 FY2024 (ended Jan 28, 2024).",
    );
    // 119,575 − 22,103 = 97,472 million; 97,472 / 22,103 = 441.0%.
    expect(text).toContain(
      "In calendar Q4 2023, Apple's revenue ($119.6 billion in Q1 FY2024) was higher than NVIDIA's ($22.1 billion in Q4 FY2024), by $97.5 billion (441.0% more than NVIDIA's).",
    );
    expect(text).not.toMatch(/NVIDIA[^.]*Q1 FY2024/);
    expect(untraced(result, text)).toEqual([]);
  });

  it("compares a calendar quarter on each company's quarter ending nearest it", async () => {
    const result = await slice(
      sliceRequest(
        ["AAPL", "NVDA"],
        ["revenue"],
        { start: "2023-07-01", end: "2023-09-30", expression: "Q3 2023", granularity: "quarterly" },
        "2026-11-30",
        compare,
      ),
    );
    const text = writeAnalysis(result);
    expect(text).toContain(
      "each is read for its quarter ending nearest calendar Q3 2023 (ended Sep 30, 2023): Apple Q4 FY2023 (ended Sep 30, 2023) and NVIDIA Q3 FY2024 (ended Oct 29, 2023).",
    );
    expect(text).toContain(
      "In calendar Q3 2023, Apple's revenue ($89.5 billion in Q4 FY2023) was higher than NVIDIA's ($18.1 billion in Q3 FY2024)",
    );
    expect(untraced(result, text)).toEqual([]);
  });

  it("says loudly when the nearest fiscal years end months apart", async () => {
    const result = await slice(
      sliceRequest(
        ["AAPL", "NVDA"],
        ["revenue"],
        { fiscal: { year: 2024, period: "FY" }, expression: "FY2024", granularity: "annual" },
        "2026-11-30",
        compare,
      ),
    );
    const text = writeAnalysis(result);
    expect(text).toContain(
      "No fiscal year of NVIDIA ends within three months of that date: its nearest, FY2025, ended 120 days later, so the periods overlap only in part",
    );
    // Not one period: each value with its own year, and no "In FY2024," for both.
    expect(text).toContain("(their latest values are for different periods)");
    expect(text).not.toContain("In FY2024, ");
    expect(untraced(result, text)).toEqual([]);
  });
});
