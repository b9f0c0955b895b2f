// The ranking in the prompt, from a hand-built slice: exact values in one scale, ties, the screen,
// the universe and who lacked data, and the rule that tells the model to keep the ranking.
import { describe, expect, it } from "vitest";
import { fiscal, series, slice } from "@/test/slices";
import type { Ranking, RankingEntry } from "@/lib/data/types";
import { buildContext } from "./build-context";

function entry(rank: number, ticker: string, value: string, tied: boolean): RankingEntry {
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

describe("the ranking in the prompt", () => {
  it("lists the ranked values exactly, ties, the screen and the universe", () => {
    const base = slice("screen", [
      series("AAA", "revenue", [fiscal(2023, "FY", "200500000", "2023-12-31")]),
      series("BBB", "revenue", [fiscal(2023, "FY", "200500000", "2023-12-31")]),
    ]);
    const ranking: Ranking = {
      metricKey: "revenue",
      metricName: "Revenue",
      unitKind: "currency",
      unit: "USD",
      currency: "USD",
      order: "desc",
      n: null,
      basis: { kind: "same-period", label: "FY2023" },
      entries: [entry(1, "AAA", "200500000", true), entry(1, "BBB", "200500000", true)],
      ties: [{ rank: 1, tickers: ["AAA", "BBB"] }],
      screen: {
        metricKey: "revenue",
        metricName: "Revenue",
        op: ">",
        text: "$100 million",
        threshold: "100000000",
        passed: 2,
      },
      universe: {
        description: "Beverages industry",
        considered: 3,
        withData: 2,
        lacking: [{ ticker: "CCC", companyName: "CCC Inc.", reason: "no revenue for CCC: none filed" }],
        notCompared: [],
      },
      notes: [],
    };
    const groups = [
      {
        kind: "industry" as const,
        label: "Beverages industry",
        tickers: ["AAA", "BBB", "CCC"],
        reference: null,
        sizeBasis: "latest annual revenue as of 2025-06-01",
        notes: [],
      },
    ];
    const { system, prompt } = buildContext({ ...base, groups, ranking });
    expect(system).toContain("When a Ranking block is given, keep its order and ranks");
    expect(
      prompt.startsWith(
        "Companies considered:\n- Beverages industry: AAA, BBB, CCC, largest first by latest annual revenue as of 2025-06-01\n\n",
      ),
    ).toBe(true);
    expect(prompt).toContain(
      [
        "Ranking:",
        "Metric: Revenue, highest first",
        "Unit: USD millions",
        "Compared: FY2023 for every company",
        "Screen: Revenue > $100 million (exactly 100 in the unit above): 2 of 2 pass",
        "Universe: Beverages industry: 3 companies considered, 2 with a comparable value, 1 without",
        "1. AAA Inc. (AAA): 200.5 (FY2023, ended 2023-12-31) [tied]",
        "1. BBB Inc. (BBB): 200.5 (FY2023, ended 2023-12-31) [tied]",
        "Tie: AAA and BBB share rank 1 with exactly the same value",
        "Without a comparable value:",
        "- CCC: no revenue for CCC: none filed",
      ].join("\n"),
    );
  });
});
