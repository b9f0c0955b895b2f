// Comparisons across fiscal calendars: each company on its own period ending nearest the same date, on
// hand-built calendars (Apple's year ends in September, NVIDIA's in January) and on the seed.
import { describe, expect, it } from "vitest";
import { sliceDatabase, sliceRequest } from "@/test/data";
import { testBackends } from "@/test/db";
import { alignPeriods } from "./align";
import type { FiscalSlot } from "./calendar";
import type { CompanyInfo } from "./fact-store";
import { resolveSelection } from "./periods";

const company = (ticker: string, fiscalYearEndMonth: number): CompanyInfo => ({
  id: 0,
  ticker,
  name: ticker,
  currency: "USD",
  fiscalYearEndMonth,
});
const slot = (fiscalYear: number, fiscalPeriod: FiscalSlot["fiscalPeriod"], end: string): FiscalSlot => ({
  fiscalYear,
  fiscalPeriod,
  start: null,
  end,
});
const APPLE: FiscalSlot[] = [
  slot(2023, "Q2", "2023-04-01"),
  slot(2023, "Q3", "2023-07-01"),
  slot(2023, "FY", "2023-09-30"),
  slot(2023, "Q4", "2023-09-30"),
  slot(2024, "Q1", "2023-12-30"),
  slot(2024, "Q2", "2024-03-30"),
  slot(2024, "FY", "2024-09-28"),
];
const NVIDIA: FiscalSlot[] = [
  slot(2024, "Q1", "2023-04-30"),
  slot(2024, "Q2", "2023-07-30"),
  slot(2024, "Q3", "2023-10-29"),
  slot(2024, "FY", "2024-01-28"),
  slot(2024, "Q4", "2024-01-28"),
  slot(2025, "Q1", "2024-04-28"),
  slot(2025, "FY", "2025-01-26"),
];
const MICROSOFT: FiscalSlot[] = [slot(2023, "FY", "2023-06-30"), slot(2024, "FY", "2024-06-30")];
const calendars = new Map([
  ["AAPL", APPLE],
  ["NVDA", NVIDIA],
  ["MSFT", MICROSOFT],
  ["AMZN", [slot(2023, "Q3", "2023-09-30"), slot(2023, "Q4", "2023-12-31")]],
  ["GOOGL", [slot(2023, "Q3", "2023-09-30"), slot(2023, "Q4", "2023-12-31")]],
]);
const selection = (dates: Parameters<typeof sliceRequest>[2]) =>
  resolveSelection(sliceRequest(["AAPL"], ["revenue"], dates));
const periodsOf = (result: ReturnType<typeof alignPeriods>) =>
  result.alignment?.periods.map((p) => [p.ticker, p.label, p.periodEnd, p.aligned]);

describe("alignPeriods", () => {
  it("compares a named fiscal quarter with the other company's quarter ending nearest it, not its same label", () => {
    const result = alignPeriods(
      selection({ fiscal: { year: 2024, period: "Q1" } }),
      [company("AAPL", 9), company("NVDA", 1)],
      calendars,
    );
    // NVIDIA's Q1 FY2024 ended 2023-04-30, eight months before Apple's; its Q4 FY2024 ended 29 days after.
    expect(periodsOf(result)).toEqual([
      ["AAPL", "Q1 FY2024", "2023-12-30", true],
      ["NVDA", "Q4 FY2024", "2024-01-28", true],
    ]);
    expect(result.alignment).toMatchObject({ target: "2023-12-30", calendarQuarterEnd: "2023-12-31" });
    expect(result.selections.get("NVDA")).toMatchObject({ mode: "fiscal", fiscalYear: 2024, fiscalPeriod: "Q4" });
    // The first company named sets the date: asked the other way round, Apple's quarter nearest NVIDIA's.
    const reversed = alignPeriods(
      selection({ fiscal: { year: 2024, period: "Q1" } }),
      [company("NVDA", 1), company("AAPL", 9)],
      calendars,
    );
    expect(periodsOf(reversed)).toEqual([
      ["NVDA", "Q1 FY2024", "2023-04-30", true],
      ["AAPL", "Q2 FY2023", "2023-04-01", true],
    ]);
  });

  it("says when no fiscal year of the other company ends within a quarter of the first one's", () => {
    const result = alignPeriods(
      selection({ fiscal: { year: 2024, period: "FY" } }),
      [company("AAPL", 9), company("NVDA", 1), company("MSFT", 6)],
      calendars,
    );
    expect(periodsOf(result)).toEqual([
      ["AAPL", "FY2024", "2024-09-28", true],
      ["NVDA", "FY2025", "2025-01-26", false], // 120 days after: the nearest, flagged
      ["MSFT", "FY2024", "2024-06-30", true], // 90 days before
    ]);
  });

  it("takes each company's quarter ending nearest a calendar quarter asked", () => {
    const result = alignPeriods(
      selection({ start: "2023-07-01", end: "2023-09-30", granularity: "quarterly" }),
      [company("AAPL", 9), company("NVDA", 1)],
      calendars,
    );
    // The range alone would give NVIDIA's quarter ending 2023-07-30 (May to July): 62 days off.
    expect(periodsOf(result)).toEqual([
      ["AAPL", "Q4 FY2023", "2023-09-30", true],
      ["NVDA", "Q3 FY2024", "2023-10-29", true],
    ]);
    expect(result.alignment?.basis).toBe("calendar quarter");
  });

  it("changes nothing for companies on the same calendar, one company, or a selection without one period", () => {
    const q3 = selection({ start: "2023-07-01", end: "2023-09-30", granularity: "quarterly" });
    expect(alignPeriods(q3, [company("AMZN", 12), company("GOOGL", 12)], calendars)).toEqual({
      selections: new Map(),
      alignment: null,
    });
    expect(
      alignPeriods(
        selection({ fiscal: { year: 2023, period: "Q3" } }),
        [company("AMZN", 12), company("GOOGL", 12)],
        calendars,
      ).alignment,
    ).toBeNull();
    expect(
      alignPeriods(selection({ fiscal: { year: 2024, period: "Q1" } }), [company("AAPL", 9)], calendars).alignment,
    ).toBeNull();
    expect(
      alignPeriods(selection({ latest: true }), [company("AAPL", 9), company("NVDA", 1)], calendars).alignment,
    ).toBeNull();
    expect(
      alignPeriods(
        selection({ start: "2023-01-01", end: "2023-12-31" }),
        [company("AAPL", 9), company("NVDA", 1)],
        calendars,
      ).alignment,
    ).toBeNull();
  });
});

describe.each(testBackends())("aligned comparisons on $name with the seed", (backend) => {
  const { slice } = sliceDatabase(backend);
  const points = (result: Awaited<ReturnType<typeof slice>>) =>
    result.series.map((s) => s.points.map((p) => [s.ticker, p.fiscalPeriod, p.fiscalYear, p.periodEnd, p.value]));

  it("reads Apple's Q1 FY2024 beside NVIDIA's Q4 FY2024 (derived FY − 9M), and says so in the interval", async () => {
    const result = await slice(
      sliceRequest(["AAPL", "NVDA"], ["revenue"], { fiscal: { year: 2024, period: "Q1" }, expression: "Q1 FY2024" }),
    );
    expect(points(result)).toEqual([
      [["AAPL", "Q1", 2024, "2023-12-30", "119575000000"]],
      [["NVDA", "Q4", 2024, "2024-01-28", "22103000000"]], // 60,922 − 38,819 million
    ]);
    expect(result.alignment?.periods.map((p) => p.label)).toEqual(["Q1 FY2024", "Q4 FY2024"]);
    expect(result.interval.description).toBe(
      "the quarters ending nearest 2023-12-30 (AAPL Q1 FY2024), on each company's own fiscal calendar: " +
        "AAPL Q1 FY2024 (ended 2023-12-30); NVDA Q4 FY2024 (ended 2024-01-28)",
    );
  });

  it("reads each company's quarter ending nearest a calendar quarter", async () => {
    const result = await slice(
      sliceRequest(["NVDA", "AAPL"], ["revenue"], {
        start: "2023-07-01",
        end: "2023-09-30",
        granularity: "quarterly",
        expression: "Q3 2023",
      }),
    );
    expect(points(result)).toEqual([
      [["NVDA", "Q3", 2024, "2023-10-29", "18120000000"]],
      [["AAPL", "Q4", 2023, "2023-09-30", "89498000000"]], // 383,285 − 293,787 million
    ]);
  });
});
