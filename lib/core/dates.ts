// Calendar arithmetic, the one place for it: ISO dates ("YYYY-MM-DD") as they travel between stages,
// and calendar days as numbers for the parser's months, quarters and weeks. Dates stay strings end to
// end (the database returns them with to_char), so no time zone can shift a period end by a day;
// everything here is UTC and free of server-only imports (client components use it too).

const DAY_MS = 86_400_000;

/** Month names in lower case, January first: index + 1 is the month number. */
export const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar date "YYYY-MM-DD"; null for anything else (2023-02-29). */
export function isoDayNumber(s: string): number | null {
  const m = ISO_DATE.exec(s);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2023-02-29 over to March 1; a round trip catches it (and years < 100).
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.getTime() / DAY_MS;
}

export function isIsoDate(s: string): boolean {
  return isoDayNumber(s) !== null;
}

function dayNumber(iso: string): number {
  const day = isoDayNumber(iso);
  if (day === null) throw new RangeError(`not a calendar date: ${iso}`);
  return day;
}

export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The same calendar day `years` years later (earlier when negative); Feb 29 becomes Feb 28 in other years. */
export function addYears(iso: string, years: number): string {
  const day = calendarDayOf(iso);
  if (day === null) throw new RangeError(`not a calendar date: ${iso}`);
  const year = day.year + years;
  return isoDateOf({ year, month: day.month, day: Math.min(day.day, daysInMonth(year, day.month)) });
}

/** The same calendar day `months` months later (earlier when negative), the month's last day when it has fewer days. */
export function addMonths(iso: string, months: number): string {
  const day = calendarDayOf(iso);
  if (day === null) throw new RangeError(`not a calendar date: ${iso}`);
  const { year, month } = shiftMonth(day.year, day.month, months);
  return isoDateOf({ year, month, day: Math.min(day.day, daysInMonth(year, month)) });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO dates compare correctly as strings. */
export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

export function withinDates(date: string, from: string | null, to: string | null): boolean {
  return (from === null || date >= from) && (to === null || date <= to);
}

/** A calendar date as numbers (month and day from 1), for arithmetic on months, quarters and weeks. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether month and day exist in that year (2023-02-29 does not). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** "YYYY-MM-DD" as numbers; null when it is not written so or the day does not exist. */
export function calendarDayOf(iso: string): CalendarDay | null {
  const m = ISO_DATE.exec(iso);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDay(year, month, day) ? { year, month, day } : null;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

export function isoDateOf(day: CalendarDay): string {
  return `${pad(day.year, 4)}-${pad(day.month, 2)}-${pad(day.day, 2)}`;
}

/** Negative when `a` is earlier, 0 on the same day, positive when later. */
export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function earlierDay(a: CalendarDay, b: CalendarDay): CalendarDay {
  return compareDays(a, b) <= 0 ? a : b;
}

export function laterDay(a: CalendarDay, b: CalendarDay): CalendarDay {
  return compareDays(a, b) >= 0 ? a : b;
}

/** `days` days after (before, when negative) `day`. */
export function addCalendarDays(day: CalendarDay, days: number): CalendarDay {
  const t = new Date(0);
  t.setUTCFullYear(day.year, day.month - 1, day.day + days); // setUTCFullYear keeps years below 100 as they are
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Monday = 0 … Sunday = 6. */
export function weekdayOf(day: CalendarDay): number {
  const t = new Date(0);
  t.setUTCFullYear(day.year, day.month - 1, day.day);
  return (t.getUTCDay() + 6) % 7;
}

/** The month `months` months after (before, when negative) month `month` of `year`. */
export function shiftMonth(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

export function firstDayOfMonth(year: number, month: number): CalendarDay {
  return { year, month, day: 1 };
}

export function lastDayOfMonth(year: number, month: number): CalendarDay {
  return { year, month, day: daysInMonth(year, month) };
}

/** 1 for January–March … 4 for October–December. */
export function quarterOfMonth(month: number): number {
  return Math.floor((month - 1) / 3) + 1;
}

/** The calendar quarter `quartersBack` quarters before the one holding `day` (0: that one). */
function quarterBefore(day: CalendarDay, quartersBack: number): { year: number; firstMonth: number } {
  const index = day.year * 4 + quarterOfMonth(day.month) - 1 - quartersBack;
  return { year: Math.floor(index / 4), firstMonth: (((index % 4) + 4) % 4) * 3 + 1 };
}

/** First day of the calendar quarter `quartersBack` quarters before the one holding `day`. */
export function quarterStart(day: CalendarDay, quartersBack: number): CalendarDay {
  const quarter = quarterBefore(day, quartersBack);
  return firstDayOfMonth(quarter.year, quarter.firstMonth);
}

/** Last day of the calendar quarter `quartersBack` quarters before the one holding `day`. */
export function quarterEnd(day: CalendarDay, quartersBack: number): CalendarDay {
  const quarter = quarterBefore(day, quartersBack);
  return lastDayOfMonth(quarter.year, quarter.firstMonth + 2);
}

/** The calendar quarter end (Mar 31, Jun 30, Sep 30, Dec 31) nearest a date, as "YYYY-MM-DD"; on a tie the
 * earlier. Fiscal periods of different calendars are aligned on it (a quarter ending Jan 28 is the December one). */
export function nearestQuarterEnd(iso: string): string {
  const day = calendarDayOf(iso);
  if (day === null) throw new RangeError(`not a calendar date: ${iso}`);
  const after = isoDateOf(quarterEnd(day, 0));
  const before = isoDateOf(quarterEnd(day, 1));
  return daysBetween(iso, after) < daysBetween(before, iso) ? after : before;
}

/** Midnight UTC of an ISO date (or of the date part of an ISO timestamp), in milliseconds: the x
 * coordinate of a point in time charts. */
export function timestampOfIsoDate(iso: string): number {
  return Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
}

/** The UTC date of a timestamp in milliseconds; null when it is no time. */
export function isoDateOfTimestamp(timestamp: number): string | null {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}
