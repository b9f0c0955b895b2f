// ISO date ("YYYY-MM-DD") arithmetic for period selection. Dates stay strings end to end (the
// database returns them with to_char), so no time zone can shift a period end by a day.
import { isoDayNumber } from "@/lib/ingest/fiscal";

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  const day = isoDayNumber(iso);
  if (day === null) throw new RangeError(`not a calendar date: ${iso}`);
  return day;
}

export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * DAY_MS).toISOString().slice(0, 10);
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
