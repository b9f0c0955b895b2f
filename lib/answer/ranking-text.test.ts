// The analyst's ranking answer from hand-built rankings: ties, screens, and an empty ranking.
import { describe, expect, it } from "vitest";
import type { Ranking, RankingEntry } from "@/lib/data/types";
import { writeAnalysis } from "./analysis";
import { slice } from "@/test/slices";

function entry(rank: number, ticker: string, value: string, tied = false): RankingEntry {
  return {
    rank,
    ticker,
    companyName: `${ticker} Inc.`,
    value,
    currency: "USD",
    tied,
    reference: false,
    period: { periodStart: "2023-01-01", periodEnd: "2023-12-31", fiscalYear: 2023, fiscalPeriod: "FY" },
  };
}

function ranking(over: Partial<Ranking>): Ranking {
  return {
    metricKey: "revenue",
    metricName: "Revenue",
    unitKind: "currency",
    unit: "USD",
    currency: "USD",
    order: "desc",
    n: null,
    basis: { kind: "same-period", label: "FY2023" },
    entries: [],
    ties: [],
    screen: null,
    universe: {
      description: "Beverages industry",
      considered: 4,
      withData: 3,
      lacking: [
        {
          ticker: "DDD",
          companyName: "DDD Inc.",
          reason: "no revenue for DDD: the database holds no quarterly or annual SEC filing data for DDD Inc.",
        },
      ],
      notCompared: [],
    },
    notes: [],
    ...over,
  };
}

describe("the analyst's ranking answer", () => {
  it("names companies tied for first as tied, with the one exact value", () => {
    const entries = [
      entry(1, "AAA", "200000000", true),
      entry(1, "BBB", "200000000", true),
      entry(3, "CCC", "150250000"),
    ];
    const text = writeAnalysis({
      ...slice("rank", []),
      missing: [],
      ranking: ranking({ entries, ties: [{ rank: 1, tickers: ["AAA", "BBB"] }] }),
    });
    expect(text).toBe(
      [
        "AAA and BBB tied for the highest revenue in FY2023, exactly $200.0 million each. 3 of the 4 companies considered (Beverages industry) had revenue in FY2023.",
        "",
        "**Ranking · Revenue, FY2023 (highest first)**",
        "1. AAA (AAA): $200.0 million (FY2023, ended Dec 31, 2023) · tied",
        "1. BBB (BBB): $200.0 million (FY2023, ended Dec 31, 2023) · tied",
        "3. CCC (CCC): $150.3 million (FY2023, ended Dec 31, 2023)",
        "- Tie: AAA and BBB share rank 1 with exactly $200.0 million",
        "",
        "**Who was compared**",
        "- Without revenue in FY2023 to compare (1):",
        "  - no revenue for DDD: the database holds no quarterly or annual SEC filing data for DDD Inc.",
      ].join("\n"),
    );
  });

  it("says who passed a screen, and that none did", () => {
    const screen = {
      metricKey: "revenue",
      metricName: "Revenue",
      op: ">" as const,
      text: "$180 million",
      threshold: "180000000",
      passed: 1,
    };
    const passed = writeAnalysis({
      ...slice("screen", []),
      missing: [],
      ranking: ranking({ entries: [entry(1, "AAA", "200000000")], screen }),
    });
    expect(passed.split("\n")[0]).toBe(
      "1 company had revenue over \\$180 million in FY2023: AAA ($200.0 million). 3 of the 4 companies considered (Beverages industry) had revenue in FY2023.",
    );
    expect(passed).toContain("- Screen: revenue > \\$180 million, applied exactly as $180,000,000");
    const none = writeAnalysis({
      ...slice("screen", []),
      missing: [],
      ranking: ranking({ screen: { ...screen, passed: 0 } }),
    });
    expect(none.split("\n")[0]).toBe(
      "None of the companies had revenue over \\$180 million: 3 of the 4 companies considered (Beverages industry) had revenue in FY2023.",
    );
  });
});
