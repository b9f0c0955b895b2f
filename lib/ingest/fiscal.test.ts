import { describe, it, expect } from "vitest";
import { fiscalPeriodOf, fiscalQuarterOfDay, fiscalYearEndMonthOf } from "@/lib/ingest/fiscal";

const fp = (fiscalYear: number, fiscalPeriod: string) => ({ fiscalYear, fiscalPeriod });

describe("fiscalPeriodOf — Apple (year ends late September)", () => {
  const of = (start: string | null, end: string) => fiscalPeriodOf(start, end, 9);

  it("names the fiscal year by the calendar year it ends in", () => {
    expect(of("2023-10-01", "2024-09-28")).toEqual(fp(2024, "FY"));
    expect(of("2021-09-26", "2022-09-24")).toEqual(fp(2022, "FY"));
  });

  it("handles 53-week years ending in the next month", () => {
    expect(of("2016-09-25", "2017-09-30")).toEqual(fp(2017, "FY"));
    expect(of("2021-10-03", "2022-10-01")).toEqual(fp(2022, "FY")); // a year ending October 1
    expect(of(null, "2022-10-01")).toEqual(fp(2022, "FY"));
  });

  it("places quarters by their position in the fiscal year", () => {
    expect(of("2024-09-29", "2024-12-28")).toEqual(fp(2025, "Q1"));
    expect(of("2024-12-29", "2025-03-29")).toEqual(fp(2025, "Q2"));
    expect(of("2025-03-30", "2025-06-28")).toEqual(fp(2025, "Q3"));
    expect(of("2024-06-30", "2024-09-28")).toEqual(fp(2024, "Q4"));
    expect(of("2022-09-25", "2022-12-31")).toEqual(fp(2023, "Q1")); // 14-week quarter
    expect(of("2023-04-02", "2023-07-01")).toEqual(fp(2023, "Q3")); // ends in the next month
  });

  it("recognises year-to-date six and nine months", () => {
    expect(of("2024-09-29", "2025-03-29")).toEqual(fp(2025, "H1"));
    expect(of("2024-09-29", "2025-06-28")).toEqual(fp(2025, "M9"));
  });

  it("places instants in the quarter containing them", () => {
    expect(of(null, "2024-12-28")).toEqual(fp(2025, "Q1"));
    expect(of(null, "2025-06-28")).toEqual(fp(2025, "Q3"));
    expect(of(null, "2024-08-15")).toEqual(fp(2024, "Q4"));
    expect(of(null, "2024-09-28")).toEqual(fp(2024, "FY"));
    expect(of(null, "2024-10-18")).toEqual(fp(2025, "Q1")); // a cover-page date after year end
  });
});

describe("fiscalPeriodOf — NVIDIA (year ends late January)", () => {
  const of = (start: string | null, end: string) => fiscalPeriodOf(start, end, 1);

  it("names the year by its January end", () => {
    expect(of("2024-01-29", "2025-01-26")).toEqual(fp(2025, "FY"));
    expect(of("2023-01-30", "2024-01-28")).toEqual(fp(2024, "FY"));
    expect(of(null, "2025-01-26")).toEqual(fp(2025, "FY"));
  });

  it("places quarters and year-to-date periods", () => {
    expect(of("2024-01-29", "2024-04-28")).toEqual(fp(2025, "Q1"));
    expect(of("2024-01-29", "2024-07-28")).toEqual(fp(2025, "H1"));
    expect(of("2024-07-29", "2024-10-27")).toEqual(fp(2025, "Q3"));
    expect(of("2024-01-29", "2024-10-27")).toEqual(fp(2025, "M9"));
    expect(of("2024-10-28", "2025-01-26")).toEqual(fp(2025, "Q4"));
  });
});

describe("fiscalPeriodOf — Walmart (year ends January 31)", () => {
  const of = (start: string | null, end: string) => fiscalPeriodOf(start, end, 1);

  it("places the year, its quarters and balances", () => {
    expect(of("2024-02-01", "2025-01-31")).toEqual(fp(2025, "FY"));
    expect(of("2024-02-01", "2024-04-30")).toEqual(fp(2025, "Q1"));
    expect(of("2024-11-01", "2025-01-31")).toEqual(fp(2025, "Q4"));
    expect(of(null, "2024-01-31")).toEqual(fp(2024, "FY"));
    expect(of(null, "2024-07-31")).toEqual(fp(2025, "Q2"));
  });

  it("lets a year ending a few days into February count as January (Home Depot)", () => {
    expect(of("2024-01-29", "2025-02-02")).toEqual(fp(2025, "FY"));
    expect(of(null, "2025-02-02")).toEqual(fp(2025, "FY"));
  });
});

describe("fiscalPeriodOf — calendar-year company", () => {
  const of = (start: string | null, end: string) => fiscalPeriodOf(start, end, 12);

  it("places calendar periods", () => {
    expect(of("2024-01-01", "2024-12-31")).toEqual(fp(2024, "FY"));
    expect(of("2024-01-01", "2024-03-31")).toEqual(fp(2024, "Q1"));
    expect(of("2024-04-01", "2024-06-30")).toEqual(fp(2024, "Q2"));
    expect(of("2024-01-01", "2024-06-30")).toEqual(fp(2024, "H1"));
    expect(of("2024-01-01", "2024-09-30")).toEqual(fp(2024, "M9"));
    expect(of("2024-10-01", "2024-12-31")).toEqual(fp(2024, "Q4"));
    expect(of(null, "2024-12-31")).toEqual(fp(2024, "FY"));
    expect(of(null, "2024-03-31")).toEqual(fp(2024, "Q1"));
    expect(of(null, "2024-11-15")).toEqual(fp(2024, "Q4"));
  });

  it("rejects durations that are no standard period", () => {
    expect(of("2024-11-01", "2024-12-31")).toBeNull(); // 2-month transition period
    expect(of("2024-03-01", "2024-08-31")).toBeNull(); // 6 months not ending at Q2
    expect(of("2024-04-01", "2024-12-31")).toBeNull(); // 9 months not ending at Q3
    expect(of("2024-02-01", "2024-04-30")).toBeNull(); // a quarter's length off the quarter grid
    expect(of("2023-07-01", "2024-06-30")).toBeNull(); // a year not ending at year end
    expect(of("2024-06-30", "2024-06-30")).toBeNull(); // one day
  });

  it("handles leap days and rejects invalid input", () => {
    expect(of(null, "2024-02-29")).toEqual(fp(2024, "Q1"));
    expect(of(null, "2023-02-29")).toBeNull();
    expect(of(null, "2024/12/31")).toBeNull();
    expect(of("2024-12-31", "2024-01-01")).toBeNull(); // start after end
    expect(of("nope", "2024-12-31")).toBeNull();
    expect(() => fiscalPeriodOf(null, "2024-12-31", 13)).toThrow(RangeError);
  });

  it("counts early-January instants and the first week of a month with the previous month", () => {
    expect(of(null, "2025-01-03")).toEqual(fp(2024, "FY"));
    expect(of(null, "2024-04-05")).toEqual(fp(2024, "Q1"));
    expect(of(null, "2024-04-08")).toEqual(fp(2024, "Q2"));
  });
});

describe("fiscalYearEndMonthOf", () => {
  it("reads a 10-K's period end, a few days' spill-over into the next month included", () => {
    expect(fiscalYearEndMonthOf("10-K", "FY", "2020-05-31")).toBe(5);
    expect(fiscalYearEndMonthOf("10-K", "FY", "2017-09-30")).toBe(9);
    expect(fiscalYearEndMonthOf("10-K", "FY", "2021-01-02")).toBe(12);
  });

  it("counts a 10-Q's quarters left to the year's end", () => {
    expect(fiscalYearEndMonthOf("10-Q", "Q3", "2025-06-28")).toBe(9);
    expect(fiscalYearEndMonthOf("10-Q", "Q1", "2021-08-31")).toBe(5);
    expect(fiscalYearEndMonthOf("10-Q", "Q2", "2023-06-30")).toBe(12);
  });

  it("says nothing of a filing that names no fiscal period", () => {
    expect(fiscalYearEndMonthOf("8-K", "Q2", "2023-06-30")).toBeNull();
    expect(fiscalYearEndMonthOf("10-K", "Q4", "2023-06-30")).toBeNull();
    expect(fiscalYearEndMonthOf("10-Q", "FY", "2023-06-30")).toBeNull();
  });
});

describe("fiscalQuarterOfDay: an 8-K dated a day is labelled by the company's fiscal quarter", () => {
  it("reads the day on the company's calendar, not the calendar year's", () => {
    // Costco's year ends in late August: January is in its second quarter of the year ending next August.
    expect(fiscalQuarterOfDay("2023-01-19", 8)).toEqual({ fiscalYear: 2023, fiscalPeriod: "Q2" });
    expect(fiscalQuarterOfDay("2022-09-10", 8)).toEqual({ fiscalYear: 2023, fiscalPeriod: "Q1" });
    // Apple's ends in September: November is Q1 of the next fiscal year.
    expect(fiscalQuarterOfDay("2023-11-02", 9)).toEqual({ fiscalYear: 2024, fiscalPeriod: "Q1" });
    expect(fiscalQuarterOfDay("2023-02-02", 12)).toEqual({ fiscalYear: 2023, fiscalPeriod: "Q1" });
  });

  it("refuses a month that is none and gives no quarter for a day that is none", () => {
    expect(() => fiscalQuarterOfDay("2023-01-19", 13)).toThrow(RangeError);
    expect(fiscalQuarterOfDay("2023-02-30", 12)).toBeNull();
  });
});
