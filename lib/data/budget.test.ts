// The question budget on real databases holding the committed seed (issue 12): the broad question
// that once held the server for minutes builds within its caps and says what it cut and how to narrow it.
import { describe, expect, it } from "vitest";
import { testBackends } from "@/test/db";
import { dailyLimit, QUESTION_BUDGET, QuestionDeadline } from "./budget";
import { buildSlice } from "./build-slice";
import { watchEventLoop } from "./turns";
import { sliceDatabase, sliceRequest as request } from "@/test/data";

const TECH_QUESTION = "Volatility of all tech sector companies from 2015 to 2025";
const techSector = { kind: "sector" as const, sector: "Information Technology", span: null, confidence: 1 };
const decade = { start: "2015-01-01", end: "2025-12-31", granularity: "annual" as const };

describe.each(testBackends())("the question budget on $name with the seed", (backend) => {
  const { prisma, slice } = sliceDatabase(backend);

  it(`builds "${TECH_QUESTION}" within its caps and says what it cut`, async () => {
    const result = await slice(
      request([techSector], ["volatility_annualized"], decade, undefined, { question: TECH_QUESTION }),
    );
    const members = result.groups![0]!.tickers;
    expect(members.length).toBeGreaterThan(QUESTION_BUDGET.maxCompanies);
    const tickers = [...new Set(result.series.map((s) => s.ticker))];
    expect(tickers).toEqual(members.slice(0, QUESTION_BUDGET.maxCompanies));
    const perSeries = dailyLimit(QUESTION_BUDGET, QUESTION_BUDGET.maxComputedDailyPoints, QUESTION_BUDGET.maxCompanies);
    for (const series of result.series) {
      expect(series.frequency).toBe("daily");
      expect(series.points.length).toBeGreaterThan(0);
      expect(series.points.length).toBeLessThanOrEqual(perSeries);
      // The latest days are kept: each series still ends on the last trading day held.
      expect(series.points.at(-1)!.periodEnd).toBe("2025-07-24");
    }
    expect(result.series.reduce((n, s) => n + s.points.length, 0)).toBeLessThanOrEqual(
      QUESTION_BUDGET.maxComputedDailyPoints,
    );
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(QUESTION_BUDGET.maxSliceBytes);
    const notes = (result.truncated ?? []).map((c) => `${c.what} ${c.narrow}`);
    expect(notes).toContainEqual(
      expect.stringContaining(`Left out: ${members.slice(QUESTION_BUDGET.maxCompanies).join(", ")}.`),
    );
    expect(notes).toContainEqual(
      expect.stringMatching(/^Daily values are limited to .* trading days per series.*shorter range/),
    );
    // The computed-days budget keeps the slice under the size cap: no second cut for size.
    expect(notes).toHaveLength(2);
    // The summaries describe the days shown.
    expect(result.series.every((s) => s.summary?.days === s.points.length)).toBe(true);
  });

  it("reads a decade of one company's daily volatility whole, the same values as a year of it", async () => {
    const decadeSlice = await slice(request(["AAPL"], ["volatility_annualized"], decade));
    expect(decadeSlice.truncated).toBeUndefined();
    const days = decadeSlice.series[0]!.points;
    expect(days.length).toBeGreaterThan(2000);
    const year = await slice(
      request(["AAPL"], ["volatility_annualized"], { start: "2022-01-01", end: "2022-12-31", granularity: "annual" }),
    );
    const inDecade = new Map(days.map((p) => [p.periodEnd, p.value]));
    expect(year.series[0]!.points.length).toBeGreaterThan(200);
    for (const point of year.series[0]!.points) expect(inDecade.get(point.periodEnd)).toBe(point.value);
  });

  it("computes a decade of one company's daily volatility in turns, never holding the event loop for long", async () => {
    const decadeRequest = request(["AAPL"], ["volatility_annualized"], decade);
    await slice(decadeRequest); // the company's history is read once; the computation is what is watched
    const watch = watchEventLoop();
    const decadeSlice = await slice(decadeRequest);
    const hold = watch.stop();
    expect(decadeSlice.series[0]!.points.length).toBeGreaterThan(2000);
    // CPU between two turns of the loop, not wall time: it does not grow with the load of a shared machine.
    // Before the daily series took turns this was the whole computation, ~200 ms. Since, 36-70 ms over eight runs
    // (2026-12-02): the process's CPU counts the garbage collector's threads too.
    expect(hold.cpuMs).toBeLessThan(100);
  });

  it("keeps the latest 12 periods of a long annual series and says how to see earlier ones", async () => {
    const result = await slice(
      request(["AAPL"], ["revenue"], { start: "2009-01-01", end: "2025-12-31", granularity: "annual" }),
    );
    const [annual] = result.series;
    expect(annual!.points).toHaveLength(QUESTION_BUDGET.maxPeriods);
    expect(annual!.points.at(-1)!.fiscalYear).toBe(2025);
    expect(result.truncated).toEqual([
      {
        what: expect.stringContaining(`At most ${QUESTION_BUDGET.maxPeriods} periods`),
        narrow: expect.stringContaining("shorter range"),
      },
    ]);
  });

  it("leaves out what the time budget did not reach, and says so", async () => {
    // A clock already past the deadline at the first pair: nothing is read.
    let now = 0;
    const deadline = new QuestionDeadline(QUESTION_BUDGET, () => now);
    now = QUESTION_BUDGET.timeMs + 1;
    const result = await buildSlice(prisma(), request(["AAPL", "MSFT"], ["price_close"], decade), { deadline });
    expect(result.series).toEqual([]);
    expect(result.truncated).toEqual([
      {
        what: expect.stringContaining("AAPL price_close, MSFT price_close"),
        narrow: expect.stringContaining("fewer companies"),
      },
    ]);
  });
});
