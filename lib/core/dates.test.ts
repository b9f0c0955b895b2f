import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  addDays,
  addYears,
  calendarDayOf,
  compareDays,
  daysBetween,
  isIsoDate,
  isoDateOf,
  isoDateOfTimestamp,
  nearestQuarterEnd,
  quarterEnd,
  quarterStart,
  shiftMonth,
  timestampOfIsoDate,
  weekdayOf,
} from "./dates";

const day = (iso: string) => {
  const parsed = calendarDayOf(iso);
  if (parsed === null) throw new Error(`test date ${iso} is not a date`);
  return parsed;
};

describe("ISO dates", () => {
  it("shift and count days across month, year and leap-day boundaries", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2024-01-01", -1)).toBe("2023-12-31");
    expect(daysBetween("2023-12-31", "2024-03-01")).toBe(61);
    expect(() => addDays("2023-02-29", 1)).toThrow(RangeError);
  });

  it("shift whole years, a leap day landing on Feb 28 of an ordinary year", () => {
    expect(addYears("2025-07-24", -1)).toBe("2024-07-24");
    expect(addYears("2024-02-29", -1)).toBe("2023-02-28");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
  });

  it("accept only real dates written YYYY-MM-DD", () => {
    expect(isIsoDate("2024-09-28")).toBe(true);
    expect(isIsoDate("2024-9-28")).toBe(false);
    expect(isIsoDate("2024-13-01")).toBe(false);
    expect(isIsoDate("")).toBe(false);
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("1900-02-29")).toBe(false);
    expect(calendarDayOf("2024-13-01")).toBeNull();
    expect(calendarDayOf("2024-1-01")).toBeNull();
    expect(calendarDayOf("2024-04-31")).toBeNull();
    expect(calendarDayOf("2024-04-30")).toEqual({ year: 2024, month: 4, day: 30 });
  });
});

describe("calendar days", () => {
  it("write themselves back as ISO dates, years padded to four digits", () => {
    expect(isoDateOf({ year: 987, month: 3, day: 5 })).toBe("0987-03-05");
    expect(isoDateOf(day("2026-11-30"))).toBe("2026-11-30");
  });

  it("add days and shift months over year ends", () => {
    expect(addCalendarDays(day("2026-12-31"), 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addCalendarDays(day("2026-03-01"), -1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 11, 14)).toEqual({ year: 2028, month: 1 });
  });

  it("know their weekday (Monday = 0) and order", () => {
    expect(weekdayOf(day("2026-11-30"))).toBe(0); // a Monday
    expect(weekdayOf(day("2026-12-06"))).toBe(6);
    expect(compareDays(day("2026-01-31"), day("2026-02-01"))).toBeLessThan(0);
    expect(compareDays(day("2026-02-01"), day("2026-02-01"))).toBe(0);
  });

  it("find the calendar quarters before the one holding a day", () => {
    const today = day("2026-11-30");
    expect(isoDateOf(quarterStart(today, 0))).toBe("2026-10-01");
    expect(isoDateOf(quarterStart(today, 7))).toBe("2025-01-01"); // "last 8 quarters"
    expect(isoDateOf(quarterStart(today, 4))).toBe("2025-10-01"); // TTM starts here
    expect(isoDateOf(quarterEnd(today, 1))).toBe("2026-09-30"); // and ends here
    expect(isoDateOf(quarterEnd(day("2026-02-15"), 1))).toBe("2025-12-31");
  });

  it("find the calendar quarter end nearest a fiscal period's end, across year ends", () => {
    expect(nearestQuarterEnd("2023-12-30")).toBe("2023-12-31"); // Apple Q1 FY2024
    expect(nearestQuarterEnd("2024-01-28")).toBe("2023-12-31"); // NVIDIA Q4 FY2024: the December quarter
    expect(nearestQuarterEnd("2023-10-29")).toBe("2023-09-30"); // NVIDIA Q3 FY2024
    expect(nearestQuarterEnd("2024-02-29")).toBe("2024-03-31"); // Oracle Q3 FY2024, leap year
    expect(nearestQuarterEnd("2023-11-30")).toBe("2023-12-31"); // NIKE Q2 FY2024
    expect(nearestQuarterEnd("2024-06-30")).toBe("2024-06-30");
    expect(nearestQuarterEnd("2024-05-15")).toBe("2024-03-31"); // 45 days after March, 46 before June
    expect(() => nearestQuarterEnd("2023-02-29")).toThrow(RangeError);
  });
});

describe("chart timestamps", () => {
  it("are midnight UTC of the date, and read back as that date", () => {
    expect(timestampOfIsoDate("2023-09-30")).toBe(Date.UTC(2023, 8, 30));
    expect(timestampOfIsoDate("2023-09-30T17:00:00Z")).toBe(Date.UTC(2023, 8, 30));
    expect(isoDateOfTimestamp(Date.UTC(2023, 8, 30, 23, 59))).toBe("2023-09-30");
    expect(isoDateOfTimestamp(Number.NaN)).toBeNull();
  });
});
