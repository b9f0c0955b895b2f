// ISO date ("YYYY-MM-DD") arithmetic for period selection. Dates stay strings end to end (the
// database returns them with to_char), so no time zone can shift a period end by a day.

const DAY_MS = 86_400_000;
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
