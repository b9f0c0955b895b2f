// Price questions through the rules agent, the Data Module and the built-in analyst on the seeded
// database: the largest one-day fall with its date, an investment's worth on adjusted closes and the
// trailing year up to the latest price held. Expected figures are read from daily_prices directly.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { writeAnalysis } from "@/lib/answer/analysis";
import { Decimal } from "@/lib/core/decimal";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";

const TODAY = "2026-12-01";

describe.each(testBackends())("price questions on $name", (backend) => {
  const { prisma, slice } = sliceDatabase(backend);

  /** The yfinance adjusted closes of a ticker, oldest first, as stored. */
  async function adjustedCloses(ticker: string, from: string, to: string): Promise<{ date: string; close: Decimal }[]> {
    const rows = await prisma().dailyPrice.findMany({
      where: { source: "yfinance", company: { ticker }, date: { gte: new Date(from), lte: new Date(to) } },
      orderBy: { date: "asc" },
      select: { date: true, adjClose: true },
    });
    return rows.flatMap((r) =>
      r.adjClose === null
        ? []
        : [{ date: r.date.toISOString().slice(0, 10), close: new Decimal(r.adjClose.toString()) }],
    );
  }

  it("names Tesla's largest one-day fall of 2020 with its date, first", async () => {
    const closes = await adjustedCloses("TSLA", "2020-01-01", "2020-12-31");
    let worst = { date: "", change: new Decimal(0) };
    for (let i = 1; i < closes.length; i++) {
      const change = closes[i]!.close.dividedBy(closes[i - 1]!.close).minus(1);
      if (change.lt(worst.change)) worst = { date: closes[i]!.date, change };
    }
    const request = parseQuestion("What was Tesla's largest one-day fall in 2020?", { today: TODAY });
    const result = await slice(request);
    const summary = result.series.find((s) => s.metricKey === "price_adj_close")?.summary;
    expect(summary?.largestFall?.day.periodEnd).toBe(worst.date);
    expect(new Decimal(summary!.largestFall!.change).minus(worst.change).abs().lt("1e-15")).toBe(true);
    const answer = writeAnalysis(result);
    const percent = worst.change.abs().times(100).toDecimalPlaces(1).toFixed(1);
    expect(answer.split("\n")[0]).toMatch(new RegExp(`largest one-day fall in the period: down ${percent}%`));
  });

  it("says what $10,000 in Apple grew to between two dates, on adjusted closes", async () => {
    const closes = await adjustedCloses("AAPL", "2019-01-02", "2024-01-02");
    const expected = new Decimal(10000).times(closes.at(-1)!.close).dividedBy(closes[0]!.close);
    const request = parseQuestion(
      "If I had invested $10,000 in Apple on 2019-01-02, what would it be worth on 2024-01-02?",
      { today: TODAY },
    );
    const result = await slice(request);
    const summary = result.series.find((s) => s.metricKey === "price_adj_close")?.summary;
    expect(new Decimal(summary!.investment!.value).minus(expected).abs().lt("1e-12")).toBe(true);
    const answer = writeAnalysis(result);
    expect(answer.split("\n")[0]).toContain(
      `would be worth $${expected.toDecimalPlaces(2).toNumber().toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
    );
    expect(answer).toContain("adjusted closes: dividends reinvested and splits counted");
  });

  it("reads 'the last year' as the trailing 12 months up to the latest price held", async () => {
    const latest = await prisma().dailyPrice.findFirst({
      where: { source: "yfinance", company: { ticker: "NVDA" } },
      orderBy: { date: "desc" },
      select: { date: true },
    });
    const last = latest!.date.toISOString().slice(0, 10);
    const request = parseQuestion("How much has Nvidia gone up in the last year?", { today: TODAY });
    const series = (await slice(request)).series.find((s) => s.metricKey === "price_adj_close")!;
    expect(series.points.at(-1)?.periodEnd).toBe(last);
    const yearBefore = `${Number(last.slice(0, 4)) - 1}${last.slice(4)}`;
    expect(series.points[0]!.periodEnd >= yearBefore).toBe(true);
    expect(series.points[0]!.periodEnd <= `${yearBefore.slice(0, 8)}31`).toBe(true);
    expect(series.summary?.change).not.toBeNull();
  });
});
