// Valuation questions through the rules agent, the Data Module and the built-in analyst on the seeded
// database (issue 30): a price-based ratio reads the trailing twelve months as filed by the price date and
// names them, and one whose fundamentals stopped years before the price (Microsoft's XBRL in the seed
// ends with the quarter of 2015-09-30, its prices run to 2025) is refused as stale, never compared.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { writeAnalysis } from "@/lib/answer/analysis";
import type { DataPoint } from "@/lib/data/types";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";

const TODAY = "2025-08-01";

/** The filed leaves behind a derived point, at any depth. */
function filedLeaves(point: DataPoint): DataPoint[] {
  if (point.source.kind !== "derived") return point.source.kind === "sec_filing" ? [point] : [];
  return point.source.inputs.flatMap((i) => filedLeaves(i.point));
}

describe.each(testBackends())("valuation questions on $name", (backend) => {
  const { slice } = sliceDatabase(backend);

  it("gives no P/E for Microsoft on a 2025 price from its 2015 EPS, and says why", async () => {
    const result = await slice(parseQuestion("What is Microsoft's P/E ratio?", { today: TODAY }));
    expect(result.series.filter((s) => s.metricKey === "pe_ratio_ttm")).toEqual([]);
    const answer = writeAnalysis(result);
    expect(answer).toContain(
      "stale: the newest Diluted EPS held is for Q1 FY2016 (ended 2015-09-30), more than 15 months before the price of 2025-07-24",
    );
    expect(answer).not.toMatch(/P\/E ratio \(TTM\) was/);
  });

  it("does not answer 'is Apple more expensive than Microsoft on P/E' with a stale ratio", async () => {
    const result = await slice(parseQuestion("Is Apple more expensive than Microsoft on P/E?", { today: TODAY }));
    const answer = writeAnalysis(result);
    expect(answer).not.toMatch(/higher than|lower than|more than Apple's|less than Apple's/);
    expect(answer).toContain("**No comparison:** only Apple has a P/E ratio (TTM) to compare (Microsoft's is not:");
    expect(answer).toMatch(/^Apple's latest P\/E ratio \(TTM\) was \d+\.\d\d on Jul 24, 2025\./);
  });

  it("computes Apple's P/E from the four quarters filed by the price date and names them", async () => {
    const result = await slice(parseQuestion("What is Apple's P/E ratio?", { today: TODAY }));
    const point = result.series.find((s) => s.metricKey === "pe_ratio_ttm")?.points.at(-1);
    expect(point?.periodEnd).toBe("2025-07-24");
    const leaves = filedLeaves(point!);
    expect(leaves.length).toBeGreaterThanOrEqual(4);
    for (const leaf of leaves) {
      expect(
        leaf.source.kind === "sec_filing" && leaf.source.filedAt !== null && leaf.source.filedAt <= "2025-07-24",
      ).toBe(true);
    }
    // The quarter ended Jun 28, 2025 was filed after Jul 24, 2025: the TTM ends with the one before.
    expect(Math.max(...leaves.map((l) => Date.parse(l.periodEnd)))).toBe(Date.parse("2025-03-29"));
    expect(writeAnalysis(result)).toContain(
      "- Apple's P/E ratio (TTM) on Jul 24, 2025 = the closing price on Jul 24, 2025 ÷ TTM diluted EPS, the four quarters to Mar 29, 2025 (Q3 FY2024 to Q2 FY2025)",
    );
  });

  it("says when a ratio's trailing quarters are filed under two concepts, for one company and in a ranking", async () => {
    // Alphabet's Q2 2025 10-Q tags revenue us-gaap:Revenues; the quarters before it, the RFC concept.
    const one = writeAnalysis(await slice(parseQuestion("What is Alphabet's price to sales?", { today: TODAY })));
    expect(one).toContain(
      "**Mixed concepts:** Alphabet's revenue is not filed under one XBRL concept over these periods: Q3 FY2024–Q1 FY2025 use RevenueFromContractWithCustomerExcludingAssessedTax, Q2 FY2025 uses Revenues.",
    );
    const ranking = writeAnalysis(
      await slice(parseQuestion("Which is the cheapest stock by price to sales?", { today: TODAY })),
    );
    expect(ranking).toContain("**Mixed concepts:** Alphabet's revenue is not filed under one XBRL concept");
  });

  it("names a price-to-book's balance and a dividend yield's trailing dividends", async () => {
    const book = writeAnalysis(await slice(parseQuestion("What is Apple's price to book?", { today: TODAY })));
    expect(book).toMatch(
      /- Apple's price to book ratio on Jul 24, 2025 = market cap at close \(the closing price on Jul 24, 2025 × shares outstanding at [A-Z][a-z]{2} \d+, 2025 \([^)]+\)\) ÷ stockholders' equity at Mar 29, 2025 \(Q2 FY2025\)/,
    );
    const yieldAnswer = writeAnalysis(await slice(parseQuestion("What is Apple's dividend yield?", { today: TODAY })));
    expect(yieldAnswer).toContain(
      "= TTM dividends per share, the four quarters to Mar 29, 2025 (Q3 FY2024 to Q2 FY2025) ÷ the closing price on Jul 24, 2025",
    );
  });

  it("ranks 'highest dividend' by dividend yield, states the measure and shows the amount per share", async () => {
    const answer = writeAnalysis(await slice(parseQuestion("Which stock has the highest dividend?", { today: TODAY })));
    expect(answer).toContain("**Ranking · Dividend Yield (TTM), Jul 24, 2025 (highest first)**");
    expect(answer).toContain(
      "Ranked by dividend yield (TTM): TTM dividends per share ÷ the closing price on Jul 24, 2025, with each company's figures as reported on or before that day.",
    );
    expect(answer).toMatch(/\d\. Apple \(AAPL\): 0\.5% \(Jul 24, 2025\) · TTM dividends per share \$1\.00/);
  });

  it("ranks 'cheapest' lowest P/E first, with no stale P/E in the list", async () => {
    const answer = writeAnalysis(await slice(parseQuestion("Which tech stock is cheapest?", { today: TODAY })));
    expect(answer).toContain("(lowest first)**");
    expect(answer).not.toMatch(/\d\. Microsoft/);
  });
});
