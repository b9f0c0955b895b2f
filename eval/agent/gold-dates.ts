// Gold dates, computed from a structured date spec (never from text) by the rules documented at the
// top of lib/agent/dates.ts and in eval/agent/LABELLING.md. Deliberately written independently of the
// parser's date code (different arithmetic: JavaScript Date in UTC, day offsets in milliseconds):
// an evaluation that reused the code under test would prove nothing.
import type { FiscalPeriod, GoldDates } from "./types";

/** One named period. Calendar unless `fiscal`. */
export type Period =
  | { kind: "year"; year: number }
  | { kind: "quarter"; year: number; q: number }
  | { kind: "half"; year: number; h: number }
  | { kind: "month"; year: number; month: number }
  | { kind: "day"; year: number; month: number; day: number }
  | { kind: "fiscal"; year: number; period: FiscalPeriod };

export type RelativeUnit = "quarter" | "year" | "month" | "week" | "day";

/** What the date words of a question say, structurally. */
export type DateSpec =
  | { kind: "none" }
  | { kind: "latest" }
  | { kind: "period"; period: Period }
  | { kind: "quarterNoYear"; q: number }
  /** "last N <unit>", "past <unit>", "last decade" (10 years). */
  | { kind: "relative"; unit: RelativeUnit; n: number }
  /** "last year", "previous quarter", "last month", "last week": the previous full period. */
  | { kind: "previous"; unit: Exclude<RelativeUnit, "day"> }
  /** "TTM", "LTM", "trailing twelve months": the last 4 completed calendar quarters. */
  | { kind: "ttm" }
  | { kind: "since"; period: Period }
  | { kind: "after"; period: Period }
  | { kind: "before"; period: Period }
  | { kind: "until"; period: Period }
  | { kind: "asOf"; period: Period }
  | { kind: "range"; from: Period; to: Period }
  /** Several separate expressions ("2021 and 2023", "2022 vs 2023"). */
  | { kind: "several"; periods: Period[] }
  | { kind: "toDate"; unit: "year" | "quarter" | "month" | "week" }
  | { kind: "today" }
  | { kind: "yesterday" };

const DAY_MS = 86_400_000;

function utc(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m - 1, d));
}

/** YYYY-MM-DD of a UTC date. */
function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function parseIso(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${text}`);
  return utc(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Last day of month m (1-12) of year y: day 0 of the next month. */
export function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function plusDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function monthsBack(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
}

/** Calendar interval of a period; a fiscal period has none (each company resolves it). */
function periodInterval(p: Period): { start: Date; end: Date } {
  switch (p.kind) {
    case "year":
      return { start: utc(p.year, 1, 1), end: utc(p.year, 12, 31) };
    case "quarter":
      return { start: utc(p.year, 3 * p.q - 2, 1), end: utc(p.year, 3 * p.q, lastDayOfMonth(p.year, 3 * p.q)) };
    case "half":
      return { start: utc(p.year, 6 * p.h - 5, 1), end: utc(p.year, 6 * p.h, lastDayOfMonth(p.year, 6 * p.h)) };
    case "month":
      return { start: utc(p.year, p.month, 1), end: utc(p.year, p.month, lastDayOfMonth(p.year, p.month)) };
    case "day":
      return { start: utc(p.year, p.month, p.day), end: utc(p.year, p.month, p.day) };
    case "fiscal":
      throw new Error("a fiscal period has no calendar interval");
  }
}

function quarterNumber(date: Date): number {
  return Math.floor(date.getUTCMonth() / 3) + 1;
}

/** First day of the "last N <unit>" window: the N periods ending with the current one. */
function relativeStart(unit: RelativeUnit, n: number, today: Date): Date {
  const y = today.getUTCFullYear();
  switch (unit) {
    case "quarter": {
      // Count quarters back from the current one; Date.UTC handles negative months.
      const currentFirstMonth = (quarterNumber(today) - 1) * 3; // 0-based
      return new Date(Date.UTC(y, currentFirstMonth - 3 * (n - 1), 1));
    }
    case "year":
      return utc(y - (n - 1), 1, 1);
    case "month":
      return monthsBack(today, n - 1);
    case "week": {
      const sinceMonday = (today.getUTCDay() + 6) % 7; // getUTCDay: Sunday = 0
      return plusDays(today, -sinceMonday - 7 * (n - 1));
    }
    case "day":
      return plusDays(today, -(n - 1));
  }
}

function fiscalOrder(p: { year: number; period: FiscalPeriod }): number {
  return p.period === "FY" ? p.year : p.year * 4 + Number(p.period.slice(1)) - 1;
}

/** Whether the dates ask for several periods (a range, an open bound, "last N" with N > 1, two dates). */
export function isMultiPeriod(spec: DateSpec): boolean {
  switch (spec.kind) {
    case "relative":
      return spec.n > 1;
    case "ttm":
    case "since":
    case "after":
    case "before":
    case "until":
    case "range":
    case "several":
      return true;
    default:
      return false;
  }
}

/** The gold dates of a spec, relative to `todayIso`. */
export function goldDates(spec: DateSpec, todayIso: string): GoldDates {
  const today = parseIso(todayIso);
  const range = (start: Date | null, end: Date | null): GoldDates => ({
    start: start === null ? null : iso(start),
    end: end === null ? null : iso(end),
  });
  switch (spec.kind) {
    case "none":
    case "latest":
      return "latest";
    case "period": {
      const p = spec.period;
      if (p.kind === "fiscal") return { fiscal: { year: p.year, period: p.period } };
      const i = periodInterval(p);
      return range(i.start, i.end);
    }
    case "quarterNoYear": {
      // The latest calendar quarter with that number that has ended.
      const year = spec.q < quarterNumber(today) ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
      const i = periodInterval({ kind: "quarter", year, q: spec.q });
      return range(i.start, i.end);
    }
    case "relative":
      return range(relativeStart(spec.unit, spec.n, today), today);
    case "previous": {
      // The current period's first day, minus one day, is the previous period's last day.
      const end = plusDays(relativeStart(spec.unit, 1, today), -1);
      return range(relativeStart(spec.unit, 1, end), end);
    }
    case "ttm": {
      const end = plusDays(relativeStart("quarter", 1, today), -1);
      return range(relativeStart("quarter", 4, end), end);
    }
    case "since":
      return range(periodInterval(spec.period).start, today);
    case "after":
      return range(plusDays(periodInterval(spec.period).end, 1), today);
    case "before":
      return range(null, plusDays(periodInterval(spec.period).start, -1));
    case "until":
      return range(null, periodInterval(spec.period).end);
    case "asOf": {
      const end = periodInterval(spec.period).end;
      return range(end, end);
    }
    case "range":
      return combine([spec.from, spec.to]);
    case "several":
      return combine(spec.periods);
    case "toDate": {
      const y = today.getUTCFullYear();
      const start =
        spec.unit === "year"
          ? utc(y, 1, 1)
          : spec.unit === "quarter"
            ? utc(y, (quarterNumber(today) - 1) * 3 + 1, 1)
            : spec.unit === "month"
              ? utc(y, today.getUTCMonth() + 1, 1)
              : relativeStart("week", 1, today);
      return range(start, today);
    }
    case "today":
      return range(today, today);
    case "yesterday": {
      const d = plusDays(today, -1);
      return range(d, d);
    }
  }
}

/** Several periods: all fiscal of one kind → the last of them; all calendar → the smallest interval
 * holding them all. (Mixed fiscal/calendar combinations are not generated.) */
function combine(periods: readonly Period[]): GoldDates {
  const fiscal = periods.filter((p): p is Extract<Period, { kind: "fiscal" }> => p.kind === "fiscal");
  if (fiscal.length === periods.length) {
    const kinds = new Set(fiscal.map((p) => (p.period === "FY" ? "FY" : "Q")));
    if (kinds.size !== 1) throw new Error("mixed fiscal years and quarters are not generated");
    const last = fiscal.reduce((a, b) => (fiscalOrder(b) > fiscalOrder(a) ? b : a));
    return { fiscal: { year: last.year, period: last.period } };
  }
  if (fiscal.length > 0) throw new Error("mixed fiscal and calendar periods are not generated");
  const intervals = periods.map(periodInterval);
  const start = new Date(Math.min(...intervals.map((i) => i.start.getTime())));
  const end = new Date(Math.max(...intervals.map((i) => i.end.getTime())));
  return { start: iso(start), end: iso(end) };
}
