// Fiscal calendar arithmetic. Companies name a fiscal year by the calendar year in which it ends
// (Apple FY2024 ends 2024-09-28, NVIDIA FY2025 ends 2025-01-26). 52/53-week years end on a weekday
// near the month end, sometimes a few days into the next month (Apple FY2017 ended 2017-09-30, a
// year could end October 1), so dates are shifted back a week before their month is read.
import { addDays, calendarDayOf, isoDayNumber } from "@/lib/core/dates";
import type { FiscalPeriod } from "@/lib/core/types";

/** A 52/53-week period may end up to this many days into the month after its nominal month. */
const SPILLOVER_DAYS = 7;

// Accepted lengths (end − start, in days) of each kind of duration. A 13-week quarter is 90, a
// 14-week one 97, calendar quarters 89–91; a 53-week year is 370.
const QUARTER_DAYS = { min: 80, max: 100 };
const HALF_DAYS = { min: 170, max: 190 };
const NINE_MONTH_DAYS = { min: 260, max: 285 };
const YEAR_DAYS = { min: 350, max: 380 };

/** The fiscal year a (valid) date falls in and its month's position in that year (0 = first month). */
function fiscalPosition(date: string, fiscalYearEndMonth: number): { fiscalYear: number; monthIndex: number } {
  const { year, month } = calendarDayOf(addDays(date, -SPILLOVER_DAYS))!;
  return {
    fiscalYear: month > fiscalYearEndMonth ? year + 1 : year,
    monthIndex: (month - fiscalYearEndMonth - 1 + 12) % 12,
  };
}

const within = (days: number, range: { min: number; max: number }): boolean => days >= range.min && days <= range.max;

/** Which period a duration of `days` ending in month `monthIndex` of its fiscal year is, if any. */
const QUARTERS = ["Q1", "Q2", "Q3", "Q4"] as const;

function durationPeriod(days: number, monthIndex: number): FiscalPeriod | null {
  const endsQuarter = monthIndex % 3 === 2;
  if (within(days, QUARTER_DAYS) && endsQuarter) return QUARTERS[(monthIndex - 2) / 3] ?? null;
  if (within(days, HALF_DAYS) && monthIndex === 5) return "H1";
  if (within(days, NINE_MONTH_DAYS) && monthIndex === 8) return "M9";
  if (within(days, YEAR_DAYS) && monthIndex === 11) return "FY";
  return null;
}

/** Instants belong to the quarter containing them; one in the year's last month is the year-end balance. */
function instantPeriod(monthIndex: number): FiscalPeriod {
  if (monthIndex === 11) return "FY";
  return QUARTERS[Math.floor(monthIndex / 3)] ?? "Q4";
}

/**
 * The fiscal year and period a reported period belongs to, computed from its dates alone (the fy/fp
 * a filing carries name the filing, not the period). `start` is null for instants. Returns null for
 * invalid dates and for durations that are no standard period (transition periods, 6 months not
 * ending at Q2, ...).
 */
export function fiscalPeriodOf(
  start: string | null,
  end: string,
  fiscalYearEndMonth: number,
): { fiscalYear: number; fiscalPeriod: FiscalPeriod } | null {
  if (!Number.isInteger(fiscalYearEndMonth) || fiscalYearEndMonth < 1 || fiscalYearEndMonth > 12) {
    throw new RangeError(`fiscalYearEndMonth must be 1-12, got ${fiscalYearEndMonth}`);
  }
  const endDay = isoDayNumber(end);
  if (endDay === null) return null;
  const { fiscalYear, monthIndex } = fiscalPosition(end, fiscalYearEndMonth);
  if (start === null) return { fiscalYear, fiscalPeriod: instantPeriod(monthIndex) };

  const startDay = isoDayNumber(start);
  if (startDay === null || startDay > endDay) return null;
  const fiscalPeriod = durationPeriod(endDay - startDay, monthIndex);
  return fiscalPeriod === null ? null : { fiscalYear, fiscalPeriod };
}

/**
 * The calendar quarter in which fiscal quarter `quarter` of fiscal year `fiscalYear` ends, for a year
 * ending in month `fiscalYearEndMonth` (fiscal years are named by the calendar year they end in:
 * NIKE's FY2022, ending May 2022, has its Q1 ending in August 2021, calendar Q3 2021).
 */
export function calendarQuarterOfFiscal(
  fiscalYear: number,
  quarter: 1 | 2 | 3 | 4,
  fiscalYearEndMonth: number,
): { year: number; quarter: 1 | 2 | 3 | 4 } {
  if (!Number.isInteger(fiscalYearEndMonth) || fiscalYearEndMonth < 1 || fiscalYearEndMonth > 12) {
    throw new RangeError(`fiscalYearEndMonth must be 1-12, got ${fiscalYearEndMonth}`);
  }
  const monthsBeforeYearEnd = 3 * (4 - quarter);
  const endMonth = ((fiscalYearEndMonth - monthsBeforeYearEnd - 1 + 12) % 12) + 1;
  const year = endMonth > fiscalYearEndMonth ? fiscalYear - 1 : fiscalYear;
  return { year, quarter: Math.ceil(endMonth / 3) as 1 | 2 | 3 | 4 };
}

/** The fiscal year's last month from one filing: a 10-K's period ends it, a 10-Q's Qn ends 3 × (4 − n) months
 * before it; null when the filing says neither. */
export function fiscalYearEndMonthOf(form: string, fiscalPeriod: string, periodEnd: string): number | null {
  const end = calendarDayOf(addDays(periodEnd, -SPILLOVER_DAYS));
  if (end === null) return null;
  const quartersLeft =
    form === "10-K" && fiscalPeriod === "FY" ? 0 : form === "10-Q" ? 4 - Number(fiscalPeriod.slice(1)) : null;
  if (quartersLeft === null || !(quartersLeft >= 0 && quartersLeft <= 3)) return null;
  return ((end.month - 1 + 3 * quartersLeft) % 12) + 1;
}

/**
 * The fiscal year and quarter a day falls in, for a year ending in month `fiscalYearEndMonth` (a
 * filing dated that day, an 8-K, is labelled by the company's quarter, not the calendar's: Costco's
 * 8-K of 2023-01-19 is Q2 FY2023). A day is read in its own month, not shifted like a period end.
 */
export function fiscalQuarterOfDay(
  date: string,
  fiscalYearEndMonth: number,
): { fiscalYear: number; fiscalPeriod: "Q1" | "Q2" | "Q3" | "Q4" } | null {
  if (!Number.isInteger(fiscalYearEndMonth) || fiscalYearEndMonth < 1 || fiscalYearEndMonth > 12) {
    throw new RangeError(`fiscalYearEndMonth must be 1-12, got ${fiscalYearEndMonth}`);
  }
  const day = calendarDayOf(date);
  if (day === null) return null;
  const monthIndex = (day.month - fiscalYearEndMonth - 1 + 12) % 12;
  return {
    fiscalYear: day.month > fiscalYearEndMonth ? day.year + 1 : day.year,
    fiscalPeriod: QUARTERS[Math.floor(monthIndex / 3)]!,
  };
}
