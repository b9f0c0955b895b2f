import { describe, expect, it } from "vitest";

import { dateRangeSchema } from "./schema";
import { parseDates } from "./dates";

const TODAY = "2026-11-30"; // a Monday in the fourth calendar quarter

function range(question: string, today = TODAY) {
  return dateRangeSchema.parse(parseDates(question, today).range);
}

describe("parseDates: single periods", () => {
  it.each([
    ["Q3'23", "2023-07-01", "2023-09-30", "quarterly"],
    ["2023 Q3", "2023-07-01", "2023-09-30", "quarterly"],
    ["3Q 2023", "2023-07-01", "2023-09-30", "quarterly"],
    ["H1 2023", "2023-01-01", "2023-06-30", "quarterly"],
    ["first half of 2023", "2023-01-01", "2023-06-30", "quarterly"],
    ["2H23", "2023-07-01", "2023-12-31", "quarterly"],
    ["Sept. '18", "2018-09-01", "2018-09-30", "daily"],
    ["2 January 2020", "2020-01-02", "2020-01-02", "daily"],
    ["1/2/2020", "2020-01-02", "2020-01-02", "daily"],
    ["calendar 2022", "2022-01-01", "2022-12-31", "annual"],
    ["Feb 2024", "2024-02-01", "2024-02-29", "daily"],
    ["today", "2026-11-30", "2026-11-30", "daily"],
    ["yesterday", "2026-11-29", "2026-11-29", "daily"],
    ["3rd qtr 2024", "2024-07-01", "2024-09-30", "quarterly"],
    ["june quarter of 2025", "2025-04-01", "2025-06-30", "quarterly"],
    ["quarter ending june 2025", "2025-04-01", "2025-06-30", "quarterly"],
    ["quarter ended September 30, 2025", "2025-07-01", "2025-09-30", "quarterly"],
    ["three months ended june 30 2025", "2025-04-01", "2025-06-30", "quarterly"],
    ["quarter ending May 2025", "2025-03-01", "2025-05-31", "quarterly"],
    ["9m 2025", "2025-01-01", "2025-09-30", "quarterly"],
    ["9M25", "2025-01-01", "2025-09-30", "quarterly"],
    ["6M 2024", "2024-01-01", "2024-06-30", "quarterly"],
    ["the first nine months of 2025", "2025-01-01", "2025-09-30", "quarterly"],
    ["nine months ended September 30, 2025", "2025-01-01", "2025-09-30", "quarterly"],
  ] as const)("%s", (question, start, end, granularity) => {
    expect(range(question)).toMatchObject({
      expression: question,
      start,
      end,
      granularity,
      latest: false,
      fiscal: null,
      count: null,
    });
  });

  it.each([
    ["fiscal year 2023", { year: 2023, period: "FY" }],
    ["the 2023 fiscal year", { year: 2023, period: "FY" }],
    ["FY'24", { year: 2024, period: "FY" }],
    ["FY2024 Q3", { year: 2024, period: "Q3" }],
    ["Q1 of fiscal 2025", { year: 2025, period: "Q1" }],
    ["fiscal third quarter 2024", { year: 2024, period: "Q3" }],
    ["third fiscal quarter of 2024", { year: 2024, period: "Q3" }],
    ["fy99", { year: 1999, period: "FY" }],
  ] as const)("%s is fiscal", (question, fiscal) => {
    expect(range(question)).toMatchObject({ start: null, end: null, fiscal, latest: false, count: null });
  });

  it("reads a quarter named by its last month without a year as the latest such quarter that has ended", () => {
    expect(range("the march quarter")).toMatchObject({
      start: "2026-01-01",
      end: "2026-03-31",
      granularity: "quarterly",
    });
    expect(range("the december quarter")).toMatchObject({ start: "2025-10-01", end: "2025-12-31" });
    expect(range("the quarter ending june")).toMatchObject({ start: "2026-04-01", end: "2026-06-30" });
  });

  it("does not read 3M (the company) or money as the first months of a year", () => {
    expect(range("3M 2025 revenue")).toMatchObject({ expression: "2025", start: "2025-01-01", end: "2025-12-31" });
    expect(range("revenue over $9m 2025")).toMatchObject({ start: "2025-01-01", end: "2025-12-31" });
  });

  it("reads a fiscal half as its two fiscal quarters: the last one and a count of 2", () => {
    for (const question of ["H1 FY24", "1H FY2024", "first half of fiscal 2024", "FY24 H1"]) {
      expect(range(question), question).toMatchObject({
        start: null,
        end: null,
        fiscal: { year: 2024, period: "Q2" },
        count: 2,
        latest: false,
        granularity: "quarterly",
      });
    }
    expect(range("H2 FY25")).toMatchObject({ fiscal: { year: 2025, period: "Q4" }, count: 2 });
    expect(parseDates("H1 FY24", TODAY).multiPeriod).toBe(false);
  });

  it("reads the latest earnings as the latest quarter", () => {
    for (const question of [
      "last earnings",
      "latest earnings report",
      "most recent earnings call",
      "latest quarter",
      "latest qtr",
    ]) {
      expect(range(question), question).toMatchObject({
        start: null,
        end: null,
        latest: true,
        granularity: "quarterly",
        fiscal: null,
      });
    }
    // A longer metric phrase keeps its words.
    expect(range("most recent earnings multiple")).toMatchObject({
      expression: null,
      latest: true,
      granularity: "any",
    });
    expect(range("last earnings per share")).toMatchObject({ granularity: "any" });
  });

  it("reads a quarter without a year as the latest calendar one that has ended", () => {
    expect(range("Q3")).toMatchObject({ start: "2026-07-01", end: "2026-09-30" });
    expect(range("Q4")).toMatchObject({ start: "2025-10-01", end: "2025-12-31" });
    expect(range("the first quarter", "2026-02-01")).toMatchObject({ start: "2025-01-01", end: "2025-03-31" });
  });

  it("ignores impossible days and money amounts", () => {
    expect(range("February 30, 2020")).toMatchObject({ expression: "2020", start: "2020-01-01" });
    expect(range("$2023 in cash")).toMatchObject({ expression: null, latest: true });
    expect(range("2023.5 percent")).toMatchObject({ expression: null, latest: true });
  });
});

describe("parseDates: relative periods", () => {
  it.each([
    ["last 8 quarters", "2025-01-01", "quarterly", 8],
    ["past 3 years", "2024-01-01", "annual", 3],
    ["last decade", "2017-01-01", "annual", 10],
    ["last couple of years", "2025-01-01", "annual", 2],
    ["4 most recent quarters", "2026-01-01", "quarterly", 4],
    ["last twenty-four months", "2024-12-01", "daily", null],
    ["last 5y", "2022-01-01", "annual", 5],
    ["over the last 5 y", "2022-01-01", "annual", 5],
    ["last 4 qs", "2026-01-01", "quarterly", 4],
    ["last 8q", "2025-01-01", "quarterly", 8],
    ["past quarter", "2026-10-01", "quarterly", 1],
    ["trailing year", "2026-01-01", "annual", 1],
  ] as const)("%s", (question, start, granularity, count) => {
    expect(range(question)).toMatchObject({ start, end: TODAY, granularity, count, fiscal: null, latest: false });
  });

  it.each([
    ["last year", "2025-01-01", "2025-12-31", "annual"],
    ["Last Year", "2025-01-01", "2025-12-31", "annual"],
    ["previous year", "2025-01-01", "2025-12-31", "annual"],
    ["prior year", "2025-01-01", "2025-12-31", "annual"],
    ["last calendar year", "2025-01-01", "2025-12-31", "annual"],
    ["last 1 year", "2025-01-01", "2025-12-31", "annual"],
    ["last quarter", "2026-07-01", "2026-09-30", "quarterly"],
    ["previous quarter", "2026-07-01", "2026-09-30", "quarterly"],
    ["last qtr", "2026-07-01", "2026-09-30", "quarterly"],
    ["last q", "2026-07-01", "2026-09-30", "quarterly"],
    ["last month", "2026-10-01", "2026-10-31", "daily"],
    ["last week", "2026-11-23", "2026-11-29", "daily"],
    ["last day", "2026-11-29", "2026-11-29", "daily"],
  ] as const)("%s is the previous full period", (question, start, end, granularity) => {
    expect(range(question)).toMatchObject({
      expression: question,
      start,
      end,
      granularity,
      count: null,
      fiscal: null,
      latest: false,
    });
  });

  it("reads the previous full period across a year boundary and at a period's first day", () => {
    expect(range("last quarter", "2026-02-15")).toMatchObject({ start: "2025-10-01", end: "2025-12-31" });
    expect(range("last quarter", "2026-10-01")).toMatchObject({ start: "2026-07-01", end: "2026-09-30" });
    expect(range("last month", "2027-01-01")).toMatchObject({ start: "2026-12-01", end: "2026-12-31" });
    expect(range("last week", "2026-11-29")).toMatchObject({ start: "2026-11-16", end: "2026-11-22" }); // a Sunday
    expect(range("last year", "2024-01-01")).toMatchObject({ start: "2023-01-01", end: "2023-12-31" });
  });

  it("bounds with the previous full period", () => {
    expect(range("since last year")).toMatchObject({ start: "2025-01-01", end: TODAY });
    expect(range("as of last quarter")).toMatchObject({ start: "2026-09-30", end: "2026-09-30" });
  });

  it("reads the last fiscal year or quarter as each company's latest completed one", () => {
    expect(range("last fiscal year")).toMatchObject({
      expression: "last fiscal year",
      start: null,
      end: null,
      latest: true,
      granularity: "annual",
      fiscal: null,
    });
    expect(range("previous fiscal quarter")).toMatchObject({ latest: true, granularity: "quarterly" });
  });

  it.each([
    ["TTM", TODAY, "2025-10-01", "2026-09-30"],
    ["LTM", TODAY, "2025-10-01", "2026-09-30"],
    ["trailing twelve months", TODAY, "2025-10-01", "2026-09-30"],
    ["trailing 12-month", "2026-03-31", "2025-01-01", "2025-12-31"],
    ["ttm", "2026-04-01", "2025-04-01", "2026-03-31"],
  ] as const)("%s at %s is the last 4 completed quarters", (question, today, start, end) => {
    expect(range(question, today)).toMatchObject({
      expression: `${question} (the last 4 completed quarters)`,
      start,
      end,
      granularity: "quarterly",
      count: 4,
      latest: false,
    });
    expect(parseDates(question, today).multiPeriod).toBe(true);
  });

  it("needs a number for the one-letter units", () => {
    expect(range("last y")).toMatchObject({ expression: null, latest: true });
  });

  it("clamps absurd spans to 1900 and keeps the count", () => {
    expect(range("last 9999 years")).toMatchObject({ start: "1900-01-01", end: TODAY, count: 9999 });
  });

  it("starts to-date periods at the start of the period", () => {
    expect(range("year to date")).toMatchObject({ start: "2026-01-01", end: TODAY, granularity: "any" });
    expect(range("QTD")).toMatchObject({ start: "2026-10-01", end: TODAY });
    expect(range("this month")).toMatchObject({ start: "2026-11-01", end: TODAY, granularity: "daily" });
    expect(range("this year")).toMatchObject({ start: "2026-01-01", end: TODAY, granularity: "annual" });
    expect(range("so far this year")).toMatchObject({
      expression: "so far this year",
      start: "2026-01-01",
      end: TODAY,
    });
  });
});

describe("parseDates: ranges and bounds", () => {
  it.each([
    ["since Q3 2020", "2020-07-01", TODAY, "quarterly"],
    ["from 2019 to now", "2019-01-01", TODAY, "annual"],
    ["2019 to today", "2019-01-01", TODAY, "annual"],
    ["after 2020", "2021-01-01", TODAY, "annual"],
    ["before 2020", null, "2019-12-31", "annual"],
    ["through 2020", null, "2020-12-31", "annual"],
    ["as of 2022-06-30", "2022-06-30", "2022-06-30", "daily"],
    ["at the end of 2022", "2022-12-31", "2022-12-31", "any"],
    ["2019-21", "2019-01-01", "2021-12-31", "annual"],
    ["Q1 2020 to Q2 2021", "2020-01-01", "2021-06-30", "quarterly"],
    ["from 2016 through March 2017", "2016-01-01", "2017-03-31", "daily"],
    ["q1-q3 2025", "2025-01-01", "2025-09-30", "quarterly"],
    ["Q2 to Q4 of 2024", "2024-04-01", "2024-12-31", "quarterly"],
    ["Q1 2024 - Q3 2024", "2024-01-01", "2024-09-30", "quarterly"],
    ["from Q3 2013 to the second quarter of 2019", "2013-07-01", "2019-06-30", "quarterly"],
    ["from the first half of 2013 until the second half of 2020", "2013-01-01", "2020-12-31", "quarterly"],
    ["from 2019 onward", "2019-01-01", TODAY, "annual"],
    ["2019 onwards", "2019-01-01", TODAY, "annual"],
  ] as const)("%s", (question, start, end, granularity) => {
    expect(range(question)).toMatchObject({ expression: question, start, end, granularity, latest: false });
  });

  it("counts fiscal ranges in periods", () => {
    expect(range("FY2021 to FY2023")).toMatchObject({
      start: null,
      end: null,
      fiscal: { year: 2023, period: "FY" },
      count: 3,
    });
    expect(range("Q1 FY2023 through Q4 FY2023")).toMatchObject({ fiscal: { year: 2023, period: "Q4" }, count: 4 });
    for (const question of [
      "fiscal years 2022-2024",
      "fiscal 2022 to 2024",
      "FY2022-24",
      "fy22 through fy24",
      "fiscal years 2022 through 2024",
    ]) {
      expect(range(question), question).toMatchObject({
        start: null,
        end: null,
        fiscal: { year: 2024, period: "FY" },
        count: 3,
        granularity: "annual",
      });
      expect(parseDates(question, TODAY).multiPeriod, question).toBe(true);
    }
    expect(range("Q1-Q3 FY25")).toMatchObject({
      start: null,
      end: null,
      fiscal: { year: 2025, period: "Q3" },
      count: 3,
    });
  });

  it("does not take the year of 'year over year' for a date", () => {
    expect(range("accounts payable current year over year in fiscal 2011")).toMatchObject({
      fiscal: { year: 2011, period: "FY" },
      count: null,
    });
    expect(range("receivables year over year 2019-Q2")).toMatchObject({
      expression: "2019-Q2",
      start: "2019-04-01",
      end: "2019-06-30",
    });
    expect(range("revenue for year 2019")).toMatchObject({ expression: "year 2019", start: "2019-01-01" });
  });

  it("reads ordinal halves in any case", () => {
    expect(range("1ST HALF 2012")).toMatchObject({ start: "2012-01-01", end: "2012-06-30" });
    expect(range("2ND HALF 2012")).toMatchObject({ start: "2012-07-01", end: "2012-12-31" });
  });

  it("widens a fiscal year to every calendar span it may have when mixed with calendar dates", () => {
    expect(range("since FY2019")).toMatchObject({ start: "2018-02-01", end: TODAY, fiscal: null });
  });

  it("combines separate expressions into one interval", () => {
    const r = parseDates("2021 vs Q3 2023", TODAY);
    expect(r.range).toMatchObject({
      expression: "2021, Q3 2023",
      start: "2021-01-01",
      end: "2023-09-30",
      granularity: "quarterly",
      count: null,
    });
    expect(r.multiPeriod).toBe(true);
  });

  it("marks the words it used", () => {
    const q = "revenue from Apr 2016 to Jul 2017 quarterly";
    const r = parseDates(q, TODAY);
    expect(r.spans.map((s) => q.slice(s.start, s.end))).toEqual(["from Apr 2016 to Jul 2017", "quarterly"]);
    expect(r.range.granularity).toBe("quarterly");
    expect(r.range.expression).toBe("from Apr 2016 to Jul 2017, quarterly");
  });
});

describe("parseDates: no dates", () => {
  it("is the latest value", () => {
    expect(range("Apple revenue")).toEqual({
      expression: null,
      start: null,
      end: null,
      latest: true,
      granularity: "any",
      fiscal: null,
      count: null,
    });
    expect(range("Apple's latest revenue")).toMatchObject({ expression: null, latest: true, granularity: "any" });
    expect(range("most recent fiscal year")).toMatchObject({
      expression: "most recent fiscal year",
      latest: true,
      granularity: "annual",
    });
    expect(range("annual revenue")).toMatchObject({ expression: "annual", latest: true, granularity: "annual" });
  });

  it("rejects a malformed reference date", () => {
    expect(() => parseDates("2023", "2026-13-01")).toThrow(RangeError);
  });
});
