// The ranking table rendered to HTML: its values read in the rounding and scale the question asked.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Ranking } from "@/lib/data/types";
import { RankingTable } from "./ranking-table";

const ranking: Ranking = {
  metricKey: "revenue",
  metricName: "Revenue",
  unitKind: "currency",
  unit: "USD",
  currency: "USD",
  order: "desc",
  n: null,
  basis: { kind: "same-period", label: "FY2023" },
  entries: ["391035000000", "211915000000"].map((value, i) => ({
    rank: i + 1,
    ticker: i === 0 ? "AAPL" : "MSFT",
    companyName: i === 0 ? "Apple Inc." : "Microsoft Corporation",
    value,
    currency: "USD",
    tied: false,
    reference: false,
    period: { periodStart: "2022-10-01", periodEnd: "2023-09-30", fiscalYear: 2023, fiscalPeriod: "FY" },
  })),
  ties: [],
  screen: null,
  universe: { description: "Two companies", considered: 2, withData: 2, lacking: [], notCompared: [] },
  notes: [],
};

/** The shown value of each row, in order. */
function shownValues(asked: { decimals: number | null; scale: "millions" | null }): string[] {
  const html = renderToStaticMarkup(createElement(RankingTable, { ranking, asked }));
  return [...html.matchAll(/data-testid="ranking-value">([^<]*)</g)].map((m) => m[1]!);
}

describe("RankingTable", () => {
  it("shows values in their usual scale when the question asks nothing", () => {
    expect(shownValues({ decimals: null, scale: null })).toEqual(["$391.0 billion", "$211.9 billion"]);
  });

  it("honours the rounding and scale the question asked", () => {
    expect(shownValues({ decimals: null, scale: "millions" })).toEqual(["$391,035 million", "$211,915 million"]);
    expect(shownValues({ decimals: 2, scale: null })).toEqual(["$391.04 billion", "$211.92 billion"]);
  });
});
