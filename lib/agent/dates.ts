// Date expressions ("fiscal 2023", "Q3 2023", "Sep 2018", "last 8 quarters", "since 2019",
// "from Apr 2016 to Jul 2017", "YTD") resolved against a reference date into one DateRange.
//
// Rules, relative to `today`:
// - A calendar year, half, quarter, month or day is its calendar interval; granularity annual,
//   quarterly (quarters and halves) or daily (months and days). "3rd qtr 2024" is Q3 2024.
// - A quarter named by the month it ends in ("the June quarter of 2025", "the quarter ending June
//   2025", "three months ended June 30, 2025") is the three months ending with that month; without a
//   year ("the March quarter") the latest such three months that have ended.
// - The first months of a year ("9M 2025", "6M25", "the first nine months of 2025", "nine months
//   ended September 30, 2025") run from January 1; "3M" is the company, so not read that way.
// - A fiscal year or quarter ("fiscal 2023", "FY23", "Q3 FY2024", "fiscal Q3 2024") sets `fiscal` and
//   leaves start/end null: each company resolves it on its own calendar.
// - "last/previous/prior/preceding <unit>" with no number (or N = 1): the previous FULL period, as
//   investors mean it: at 2026-11-30 "last year" is 2025, "last quarter" Q3 2026 (the most recent
//   completed quarter), "last month" October 2026, "last week" Monday..Sunday of the week before,
//   "last day" yesterday. "last fiscal year|quarter" is the latest completed fiscal period of each
//   company: latest true with that granularity. "this year", "YTD" stay the current period so far.
// - "last/past/previous/trailing N <unit>" (N in digits or words; "past"/"trailing" also without N,
//   as N = 1; "5y", "4 qs", "8q" read the same, the one-letter units only with a number): end = today and the
//   window is the N calendar periods that end with the current one, which counts even though it is
//   not over. Quarters: start = first day of the calendar quarter N-1 quarters before today's
//   (today 2026-11-30, "last 8 quarters" → 2025-01-01). Years: Jan 1 of today's year minus N-1.
//   Months: the 1st of the month N-1 months back. Weeks: the Monday N-1 weeks back. Days: N-1 days
//   back. `count` = N for quarters and years (granularity quarterly/annual): the Data Module takes the
//   N most recent periods reported up to `end`, so `count`, not `start`, is authoritative. Months,
//   weeks and days are daily granularity with count null (the interval says it all).
//   "last decade" is 10 years.
// - "TTM", "LTM", "trailing twelve months": the last 4 COMPLETED calendar quarters (at 2026-11-30:
//   2025-10-01..2026-09-30), quarterly, count 4; the expression says so ("TTM (the last 4 completed
//   quarters)"), since the interval does not end today.
// - A quarter named without a year ("Q3") is the latest calendar one that has ended.
// - "since X"/"from X" (alone), "X onward(s)" → X's start..today; "after X" → the day after X..today; "before X" →
//   open start..the day before X; "until/through X" → open start..X's end; "as of X"/"end of X" →
//   X's last day. "X to Y", "from X to Y", "between X and Y", "X-Y" → X's start..Y's end.
// - Fiscal ranges ("FY2021 to FY2023", "FY2022 vs FY2023", "fiscal years 2022-2024", "Q1-Q3 FY25") →
//   fiscal = the last period, count = the number of periods, start/end null. A fiscal half ("H1 FY24",
//   "first half of fiscal 2024") is its two quarters the same way: fiscal Q2 FY2024, count 2.
//   Calendar quarter ranges in one year ("Q1-Q3 2025") are X's start..Y's end. Mixed fiscal/calendar ranges use each fiscal period's widest
//   possible calendar span (fiscal year Y ends between January and December of Y).
// - Several separate expressions combine into the smallest interval holding them all, at the finest
//   granularity among them.
// - "YTD", "this year/quarter/month/week", "today", "yesterday": from the start of that period to today.
// - "latest/most recent quarter|year" → latest true with that granularity; "last/latest earnings
//   (report|call)" → latest true, quarterly. "quarterly", "annual",
//   "by year", "per quarter", ... set the granularity of whatever else was said (and drop `count`
//   when it no longer counts periods of that granularity).
// - Nothing → latest true, expression null, start/end null, granularity "any".
// Dates are clamped to 1900-01-01..9999-12-31; two-digit years are 20yy unless that is more than ten
// years after today, then 19yy.
import {
  addCalendarDays,
  calendarDayOf,
  compareDays,
  earlierDay,
  firstDayOfMonth,
  isCalendarDay,
  isoDateOf,
  lastDayOfMonth,
  laterDay,
  quarterEnd,
  quarterOfMonth,
  quarterStart,
  shiftMonth,
  weekdayOf,
  type CalendarDay,
} from "@/lib/core/dates";
import type { DateRange, Granularity } from "./schema";
import { MONTH_PATTERN, ORDINALS, PREVIOUS_PERIOD_LEADS, SHORT_UNITS } from "./lexicon/date-words";
import { NUMBER_PATTERN, parseNumber } from "./lexicon/everyday-words";
import { matchesOf } from "@/lib/core/regex";

type FiscalPeriod = "FY" | "Q1" | "Q2" | "Q3" | "Q4";
interface Fiscal {
  year: number;
  period: FiscalPeriod;
}

export interface CharSpan {
  start: number;
  end: number;
}

export interface DateResult {
  range: DateRange;
  /** Where the date words are, so the parser counts them as understood. */
  spans: CharSpan[];
  /** Several periods were asked for (a range, "since", "last 8 quarters", two dates): a trend. */
  multiPeriod: boolean;
}

/** One period named in the question. from/to is its widest calendar interval. */
interface Atom {
  from: CalendarDay;
  to: CalendarDay;
  granularity: Granularity;
  fiscal: Fiscal | null;
}

/** One resolved expression; several are combined at the end. */
interface Expr {
  start: number;
  end: number;
  from: CalendarDay | null;
  to: CalendarDay | null;
  granularity: Granularity;
  fiscal: Fiscal | null;
  /** For fiscal periods and fiscal ranges: first and last period, in order (see fiscalIndex). */
  fiscalSpan: { first: number; last: number; kind: "FY" | "Q" } | null;
  count: number | null;
  multi: boolean;
  /** How the expression reads in the request when the words alone would mislead ("TTM"). */
  note?: string;
}

type PieceBody =
  | { kind: "atom"; atom: Atom }
  | { kind: "expr"; expr: Expr }
  | { kind: "latest"; granularity: Granularity | null }
  | { kind: "hint"; granularity: Granularity };
type Piece = PieceBody & { start: number; end: number; priority: number };

// ---- the parser's bounds on dates (the arithmetic itself is lib/core/dates) ----

const MIN_DAY: CalendarDay = { year: 1900, month: 1, day: 1 };
const MAX_DAY: CalendarDay = { year: 9999, month: 12, day: 31 };

const clampDay = (d: CalendarDay): CalendarDay => laterDay(MIN_DAY, earlierDay(MAX_DAY, d));
const toIso = (d: CalendarDay) => isoDateOf(clampDay(d));
const addDays = (day: CalendarDay, delta: number): CalendarDay => clampDay(addCalendarDays(clampDay(day), delta));

/** A date the questions may name: years 1900–2099. */
function validDay(y: number, m: number, d: number): boolean {
  return y >= 1900 && y <= 2099 && isCalendarDay(y, m, d);
}

// ---- atoms ----

const calendarYear = (y: number): Atom => ({
  from: firstDayOfMonth(y, 1),
  to: lastDayOfMonth(y, 12),
  granularity: "annual",
  fiscal: null,
});
const calendarQuarter = (y: number, q: number): Atom => ({
  from: firstDayOfMonth(y, q * 3 - 2),
  to: lastDayOfMonth(y, q * 3),
  granularity: "quarterly",
  fiscal: null,
});
const calendarHalf = (y: number, h: number): Atom => ({
  from: firstDayOfMonth(y, h * 6 - 5),
  to: lastDayOfMonth(y, h * 6),
  granularity: "quarterly",
  fiscal: null,
});
const calendarMonth = (y: number, m: number): Atom => ({
  from: firstDayOfMonth(y, m),
  to: lastDayOfMonth(y, m),
  granularity: "daily",
  fiscal: null,
});
/** "early/mid/late January 2024": the month's first, middle or last ten days or so. */
const PART_OF_MONTH_DAYS: Readonly<Record<string, readonly [number, number | null]>> = {
  early: [1, 10],
  mid: [11, 20],
  middle: [11, 20],
  late: [21, null],
};
const partOfMonth = (y: number, m: number, part: string): Atom => {
  const [first, last] = PART_OF_MONTH_DAYS[part.toLowerCase()] ?? [1, null];
  return {
    from: { year: y, month: m, day: first },
    to: last === null ? lastDayOfMonth(y, m) : { year: y, month: m, day: last },
    granularity: "daily",
    fiscal: null,
  };
};
const calendarDay = (y: number, m: number, d: number): Atom => ({
  from: { year: y, month: m, day: d },
  to: { year: y, month: m, day: d },
  granularity: "daily",
  fiscal: null,
});

/** A fiscal period with the widest calendar span it can have: fiscal year Y ends between the end of
 * January and the end of December of Y, so it starts no earlier than February 1 of Y-1. */
function fiscalAtom(year: number, period: FiscalPeriod): Atom {
  if (period === "FY")
    return {
      from: firstDayOfMonth(year - 1, 2),
      to: lastDayOfMonth(year, 12),
      granularity: "annual",
      fiscal: { year, period },
    };
  const q = Number(period.slice(1));
  const first = shiftMonth(year - 1, 2, 3 * (q - 1));
  const last = shiftMonth(year, 12, -3 * (4 - q));
  return {
    from: firstDayOfMonth(first.year, first.month),
    to: lastDayOfMonth(last.year, last.month),
    granularity: "quarterly",
    fiscal: { year, period },
  };
}

/** FY periods in years, quarters in quarters: consecutive periods differ by 1. */
function fiscalIndex(f: Fiscal): { kind: "FY" | "Q"; index: number } {
  return f.period === "FY"
    ? { kind: "FY", index: f.year }
    : { kind: "Q", index: f.year * 4 + Number(f.period.slice(1)) - 1 };
}

// ---- patterns ----

const YEAR4 = "(?:19|20)\\d{2}";
const ORDINAL = "(first|second|third|fourth|1st|2nd|3rd|4th)";
const FY = "(?:fy|fiscal(?:\\s+years?)?)";
const QUARTER = "(?:q([1-4])|([1-4])q)";
/** "quarter" and its shorthand "qtr" ("3rd qtr 2024"). */
const QTR = "(?:quarter|qtr)";
/** Units of "last N <unit>"; the one-letter and "qs" forms ("last 5y", "last 4 qs") only with a number. */
const UNIT =
  "(quarters?|qtrs?|qs|q(?![&/])|years?|yrs?|y(?![&/])|months?|mos|weeks?|wks?|(?:trading\\s+)?days?|decades?)";

function monthNumber(name: string): number {
  const key = name.toLowerCase().slice(0, 3);
  return ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].indexOf(key) + 1;
}

function unitGranularity(unit: string): Granularity {
  const u = unit.toLowerCase();
  if (u.startsWith("q")) return "quarterly";
  if (u.startsWith("y") || u.startsWith("decade") || u === "annual" || u === "annually" || u === "yearly")
    return "annual";
  return "daily";
}

interface Context {
  today: CalendarDay;
}

type Maker = (m: RegExpMatchArray, ctx: Context) => PieceBody | null;

interface Pattern {
  re: RegExp;
  make: Maker;
  /** Lower wins when two matches have the same length. */
  priority: number;
}

/** Two-digit years: 20yy, unless that is more than ten years after today, then 19yy. */
function fullYear(text: string, ctx: Context): number | null {
  const digits = text.replace(/\D/g, "");
  if (digits.length === 4) {
    const y = Number(digits);
    return y >= 1900 && y <= 2099 ? y : null;
  }
  if (digits.length !== 2) return null;
  const y = 2000 + Number(digits);
  return y > ctx.today.year + 10 ? y - 100 : y;
}

const atom = (a: Atom | null) => (a ? ({ kind: "atom", atom: a } as const) : null);
const quarterNumber = (a: string | undefined, b: string | undefined, c?: string) =>
  Number(a ?? b ?? 0) || (c ? (ORDINALS[c.toLowerCase()] ?? 0) : 0);

function fiscalQuarter(q: number, yearText: string | undefined, ctx: Context) {
  const y = yearText === undefined ? null : fullYear(yearText, ctx);
  return y === null || q < 1 || q > 4 ? null : atom(fiscalAtom(y, `Q${q}` as FiscalPeriod));
}

function latestEndedQuarter(q: number, ctx: Context): Atom {
  const current = quarterOfMonth(ctx.today.month);
  return calendarQuarter(q < current ? ctx.today.year : ctx.today.year - 1, q);
}

/** The three months ending with month `m` of year `y` ("the June quarter of 2025", "the quarter ending
 * June 2025"): a calendar quarter when `m` ends one. */
function quarterEnding(y: number, m: number): Atom {
  const first = shiftMonth(y, m, -2);
  return {
    from: firstDayOfMonth(first.year, first.month),
    to: lastDayOfMonth(y, m),
    granularity: "quarterly",
    fiscal: null,
  };
}

/** "the March quarter" with no year: the latest such three months that have ended. */
function latestQuarterEnding(m: number, ctx: Context): Atom {
  return quarterEnding(m < ctx.today.month ? ctx.today.year : ctx.today.year - 1, m);
}

/** The first `n` months of year `y` ("9M 2025", "the first nine months of 2025"). */
function firstMonths(y: number, n: number): Atom | null {
  if (!Number.isSafeInteger(n) || n < 1 || n > 12) return null;
  return {
    from: firstDayOfMonth(y, 1),
    to: lastDayOfMonth(y, n),
    granularity: n % 3 === 0 ? "quarterly" : "daily",
    fiscal: null,
  };
}

/** Consecutive fiscal periods as one expression ("fiscal years 2022-2024", "Q1-Q3 FY25", "H1 FY24"):
 * `fiscal` is the last period, and the final count is the number of periods (see parseDates). */
function fiscalRange(first: Fiscal, last: Fiscal, multi: boolean): PieceBody | null {
  const a = fiscalIndex(first);
  const b = fiscalIndex(last);
  if (a.kind !== b.kind || b.index < a.index) return null;
  const from = fiscalAtom(first.year, first.period).from;
  const to = fiscalAtom(last.year, last.period).to;
  const granularity: Granularity = a.kind === "FY" ? "annual" : "quarterly";
  const expr: Expr = {
    start: 0,
    end: 0,
    from,
    to,
    granularity,
    fiscal: last,
    fiscalSpan: { first: a.index, last: b.index, kind: a.kind },
    count: null,
    multi,
  };
  return { kind: "expr", expr };
}

/** A calendar range as one expression ("Q1-Q3 2025"). */
function calendarRange(a: Atom, b: Atom): PieceBody | null {
  if (compareDays(b.to, a.from) < 0) return null;
  const expr: Expr = {
    start: 0,
    end: 0,
    from: a.from,
    to: b.to,
    granularity: finer(a.granularity, b.granularity),
    fiscal: null,
    fiscalSpan: null,
    count: null,
    multi: true,
  };
  return { kind: "expr", expr };
}

/** "last 8 quarters" and friends: see the rules at the top of the file. */
function relative(n: number, unitText: string, ctx: Context): Expr | null {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const t = ctx.today;
  const u = unitText.toLowerCase().replace(/^trading\s+/, "");
  const base = { start: 0, end: 0, to: t, fiscal: null, fiscalSpan: null, multi: n > 1 };
  if (u.startsWith("q")) {
    return { ...base, from: clampDay(quarterStart(t, n - 1)), granularity: "quarterly", count: n };
  }
  if (u.startsWith("y") || u.startsWith("decade")) {
    const years = u.startsWith("decade") ? n * 10 : n;
    return {
      ...base,
      from: clampDay(firstDayOfMonth(t.year - (years - 1), 1)),
      granularity: "annual",
      count: years,
      multi: years > 1,
    };
  }
  if (u.startsWith("mo")) {
    const first = shiftMonth(t.year, t.month, -(n - 1));
    return { ...base, from: clampDay(firstDayOfMonth(first.year, first.month)), granularity: "daily", count: null };
  }
  if (u.startsWith("w")) {
    const weekday = weekdayOf(t);
    return { ...base, from: addDays(t, -weekday - 7 * (n - 1)), granularity: "daily", count: null };
  }
  return { ...base, from: addDays(t, -(n - 1)), granularity: "daily", count: null };
}

/** The full period before the current one: "last year", "last quarter", "last month", "last week";
 * null for a decade ("last decade" is the last 10 years). */
function previousPeriod(unitText: string, ctx: Context): Atom | null {
  const t = ctx.today;
  const u = unitText.toLowerCase().replace(/^trading\s+/, "");
  if (u.startsWith("decade")) return null;
  if (u.startsWith("q")) {
    const previous = quarterStart(t, 1);
    return calendarQuarter(previous.year, quarterOfMonth(previous.month));
  }
  if (u.startsWith("y")) return calendarYear(t.year - 1);
  if (u.startsWith("mo")) {
    const previous = shiftMonth(t.year, t.month, -1);
    return calendarMonth(previous.year, previous.month);
  }
  if (u.startsWith("w")) {
    const weekday = weekdayOf(t);
    return { from: addDays(t, -weekday - 7), to: addDays(t, -weekday - 1), granularity: "daily", fiscal: null };
  }
  const yesterday = addDays(t, -1);
  return calendarDay(yesterday.year, yesterday.month, yesterday.day);
}

/** The last `n` completed calendar quarters ("TTM" is 4): from the first day of the earliest to the
 * last day of the quarter before the current one. */
function lastCompletedQuarters(n: number, ctx: Context): Expr {
  const t = ctx.today;
  const from = quarterStart(t, n);
  const to = quarterEnd(t, 1);
  return {
    start: 0,
    end: 0,
    from: clampDay(from),
    to: clampDay(to),
    granularity: "quarterly",
    fiscal: null,
    fiscalSpan: null,
    count: n,
    multi: true,
    note: `the last ${n} completed quarters`,
  };
}

function toDate(from: CalendarDay, granularity: Granularity, ctx: Context): PieceBody {
  return {
    kind: "expr",
    expr: {
      start: 0,
      end: 0,
      from,
      to: ctx.today,
      granularity,
      fiscal: null,
      fiscalSpan: null,
      count: null,
      multi: false,
    },
  };
}

const re = (source: string) => new RegExp(source, "gi");

/** Nothing more to the phrase: the end, punctuation, or a word that opens another part of the
 * question. ("last earnings multiple", "most recent earnings to common" are metrics.) */
const END_OF_PHRASE =
  "(?=\\s*$|\\s*[?.!,;:)]|\\s+(?:for|of|at|in|on|from|by|with|vs|versus|v|and|or|compared|was|were|is|are|did|do|does|look|looked|date|day|numbers?|figures?)\\b)";

const PATTERNS: readonly Pattern[] = [
  // Days: 2020-01-02, 1/2/2020, January 2, 2020, 2 January 2020
  {
    re: re(`\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b`),
    priority: 0,
    make: (m) => {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return validDay(y, mo, d) ? atom(calendarDay(y, mo, d)) : null;
    },
  },
  {
    re: re(`\\b(\\d{1,2})/(\\d{1,2})/(\\d{4})\\b`),
    priority: 0,
    make: (m) => {
      const [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return validDay(y, mo, d) ? atom(calendarDay(y, mo, d)) : null;
    },
  },
  {
    re: re(`\\b${MONTH_PATTERN}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(${YEAR4})\\b`),
    priority: 0,
    make: (m) => {
      const [mo, d, y] = [monthNumber(m[1]!), Number(m[2]), Number(m[3])];
      return validDay(y, mo, d) ? atom(calendarDay(y, mo, d)) : null;
    },
  },
  {
    re: re(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_PATTERN}\\.?,?\\s+(${YEAR4})\\b`),
    priority: 0,
    make: (m) => {
      const [d, mo, y] = [Number(m[1]), monthNumber(m[2]!), Number(m[3])];
      return validDay(y, mo, d) ? atom(calendarDay(y, mo, d)) : null;
    },
  },
  // Part of a month: late January 2024, early Sep 2018, mid-March '24 (longer than the month, so it wins)
  {
    re: re(
      `\\b(early|mid|middle|late)(?:\\s+|-)(?:of\\s+)?${MONTH_PATTERN}\\.?(?:,?\\s*(?:of\\s+)?|[-/])(?:(${YEAR4})|['’](\\d{2}))\\b`,
    ),
    priority: 1,
    make: (m, ctx) => {
      const y = fullYear(m[3] ?? m[4] ?? "", ctx);
      return y === null ? null : atom(partOfMonth(y, monthNumber(m[2]!), m[1]!));
    },
  },
  // Months: Sep 2018, September 2018, Sept. '18, Sep-2018
  {
    re: re(`\\b${MONTH_PATTERN}\\.?(?:,?\\s*(?:of\\s+)?|[-/])(?:(${YEAR4})|['’](\\d{2}))\\b`),
    priority: 1,
    make: (m, ctx) => {
      const y = fullYear(m[2] ?? m[3] ?? "", ctx);
      return y === null ? null : atom(calendarMonth(y, monthNumber(m[1]!)));
    },
  },
  // Fiscal quarters: Q3 FY2024, 3Q FY24, Q3 of fiscal 2024, FY2024 Q3, fiscal Q3 2024, fiscal third quarter 2024,
  // third-quarter fiscal 2024
  {
    re: re(`\\b${QUARTER}[\\s\\-/]*(?:of\\s+)?(?:the\\s+)?${FY}\\s*['’]?(\\d{4}|\\d{2})\\b`),
    priority: 0,
    make: (m, ctx) => fiscalQuarter(quarterNumber(m[1], m[2]), m[3], ctx),
  },
  {
    re: re(`\\b${FY}\\s*['’]?(\\d{4}|\\d{2})[\\s\\-/]*${QUARTER}\\b`),
    priority: 0,
    make: (m, ctx) => fiscalQuarter(quarterNumber(m[2], m[3]), m[1], ctx),
  },
  {
    re: re(`\\bfiscal\\s+(?:${QUARTER}|${ORDINAL}\\s+${QTR})\\s*,?\\s*(?:of\\s+)?(?:fy\\s*)?['’]?(\\d{4}|\\d{2})\\b`),
    priority: 0,
    make: (m, ctx) => fiscalQuarter(quarterNumber(m[1], m[2], m[3]), m[4], ctx),
  },
  {
    re: re(
      `\\b${ORDINAL}[\\s-]+(fiscal\\s+)?${QTR}\\s*,?\\s*(?:of\\s+)?(?:(?:${FY}\\s*['’]?(\\d{4}|\\d{2}))|(${YEAR4}))\\b`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const q = ORDINALS[m[1]!.toLowerCase()] ?? 0;
      if (m[3] !== undefined || m[2] !== undefined) return fiscalQuarter(q, m[3] ?? m[4], ctx);
      const y = fullYear(m[4] ?? "", ctx);
      return y === null ? null : atom(calendarQuarter(y, q));
    },
  },
  // Quarter ranges within one year: Q1-Q3 2025, q1 to q3 of 2025, Q1-Q3 FY25 (fiscal)
  {
    re: re(
      `\\b${QUARTER}\\s*(?:-|–|—|to|through|thru)\\s*${QUARTER}[\\s\\-/]*(?:of\\s+)?(?:(${YEAR4})|['’](\\d{2})|(?:the\\s+)?${FY}\\s*['’]?(\\d{4}|\\d{2}))\\b`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const [q1, q2] = [quarterNumber(m[1], m[2]), quarterNumber(m[3], m[4])];
      if (m[7] !== undefined) {
        const y = fullYear(m[7], ctx);
        return y === null
          ? null
          : fiscalRange(
              { year: y, period: `Q${q1}` as FiscalPeriod },
              { year: y, period: `Q${q2}` as FiscalPeriod },
              true,
            );
      }
      const y = fullYear(m[5] ?? m[6] ?? "", ctx);
      return y === null || q2 < q1 ? null : calendarRange(calendarQuarter(y, q1), calendarQuarter(y, q2));
    },
  },
  // A quarter named by the month it ends in: the June quarter (of 2025), the quarter ending June 2025,
  // the quarter ended June 30, 2025, three months ended June 30 2025
  {
    re: re(`\\b${MONTH_PATTERN}\\.?\\s+${QTR}(?:\\s*,?\\s*(?:of\\s+)?(?:(${YEAR4})|['’](\\d{2})))?\\b`),
    priority: 0,
    make: (m, ctx) => {
      const month = monthNumber(m[1]!);
      if (m[2] === undefined && m[3] === undefined) return atom(latestQuarterEnding(month, ctx));
      const y = fullYear(m[2] ?? m[3] ?? "", ctx);
      return y === null ? null : atom(quarterEnding(y, month));
    },
  },
  {
    re: re(
      `\\b(?:${QTR}|(?:three|3)\\s+months)\\s+(?:that\\s+)?end(?:ing|ed|s)?\\s+(?:in\\s+|on\\s+)?${MONTH_PATTERN}\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?\\b)?(?:\\s*,?\\s*(?:(${YEAR4})|['’](\\d{2})))?\\b`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const month = monthNumber(m[1]!);
      if (m[2] === undefined && m[3] === undefined) return atom(latestQuarterEnding(month, ctx));
      const y = fullYear(m[2] ?? m[3] ?? "", ctx);
      return y === null ? null : atom(quarterEnding(y, month));
    },
  },
  // The first months of a year: 9M 2025, 6M25, the first nine months of 2025, nine months ended Sep 30, 2025
  // ("3M" is the company, so only 6M and 9M in that short form).
  {
    re: re(`(?<![$€£\\d.,])\\b([69])m\\s*(?:(${YEAR4})|['’]?(\\d{2}))\\b`),
    priority: 0,
    make: (m, ctx) => {
      const y = fullYear(m[2] ?? m[3] ?? "", ctx);
      return y === null ? null : atom(firstMonths(y, Number(m[1])));
    },
  },
  {
    re: re(`\\b(?:the\\s+)?first\\s+(${NUMBER_PATTERN})\\s+months\\s+(?:of\\s+)?(?:(${YEAR4})|['’](\\d{2}))\\b`),
    priority: 0,
    make: (m, ctx) => {
      const n = parseNumber(m[1]!);
      const y = fullYear(m[2] ?? m[3] ?? "", ctx);
      return y === null || n === null ? null : atom(firstMonths(y, n));
    },
  },
  {
    re: re(
      `\\b(six|nine|6|9)\\s+months\\s+end(?:ing|ed)\\s+(?:in\\s+|on\\s+)?${MONTH_PATTERN}\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?\\b)?\\s*,?\\s*(?:(${YEAR4})|['’](\\d{2}))\\b`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const n = parseNumber(m[1]!);
      const month = monthNumber(m[2]!);
      const y = fullYear(m[3] ?? m[4] ?? "", ctx);
      if (y === null || n === null || month < n) return null;
      const first = shiftMonth(y, month, -(n - 1));
      return atom({
        from: firstDayOfMonth(first.year, first.month),
        to: lastDayOfMonth(y, month),
        granularity: "quarterly",
        fiscal: null,
      });
    },
  },
  // Calendar quarters: Q3 2023, Q3'23, 3Q23, 3Q 2023, 2023 Q3, 2023-Q3
  {
    re: re(`\\b${QUARTER}(?:[\\s\\-/]*(?:of\\s+)?(${YEAR4})|\\s*['’]?(\\d{2}))\\b`),
    priority: 1,
    make: (m, ctx) => {
      const y = fullYear(m[3] ?? m[4] ?? "", ctx);
      return y === null ? null : atom(calendarQuarter(y, quarterNumber(m[1], m[2])));
    },
  },
  {
    re: re(`\\b(${YEAR4})(?:\\s*|[-/])${QUARTER}\\b`),
    priority: 1,
    make: (m) => atom(calendarQuarter(Number(m[1]), quarterNumber(m[2], m[3]))),
  },
  // A quarter without a year: the latest calendar one that has ended.
  {
    re: re(`\\b(?:q([1-4])|${ORDINAL}\\s+${QTR})\\b`),
    priority: 2,
    make: (m, ctx) => atom(latestEndedQuarter(quarterNumber(m[1], undefined, m[2]), ctx)),
  },
  // Halves: H1 2023, 1H23, first half of 2023
  {
    re: re(`\\b(?:h([12])|([12])h)(?:[\\s\\-/]*(?:of\\s+)?(${YEAR4})|\\s*['’]?(\\d{2}))\\b`),
    priority: 1,
    make: (m, ctx) => {
      const y = fullYear(m[3] ?? m[4] ?? "", ctx);
      return y === null ? null : atom(calendarHalf(y, Number(m[1] ?? m[2])));
    },
  },
  {
    re: re(`\\b(first|second|1st|2nd)\\s+half\\s+(?:of\\s+)?(?:the\\s+year\\s+)?(${YEAR4})\\b`),
    priority: 1,
    make: (m) => {
      const which = m[1]!.toLowerCase();
      return atom(calendarHalf(Number(m[2]), which === "first" || which === "1st" ? 1 : 2));
    },
  },
  // Fiscal halves: H1 FY24, 1H FY2024, FY24 H2, first half of fiscal 2024 → its two fiscal quarters
  {
    re: re(
      `\\b(?:h([12])|([12])h|(first|second|1st|2nd)\\s+half(?:\\s+of)?)\\s*(?:of\\s+)?(?:the\\s+)?${FY}\\s*['’]?(\\d{4}|\\d{2})\\b`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const y = fullYear(m[4]!, ctx);
      const word = m[3]?.toLowerCase();
      const h = Number(m[1] ?? m[2] ?? (word === "first" || word === "1st" ? 1 : 2));
      return y === null
        ? null
        : fiscalRange(
            { year: y, period: `Q${2 * h - 1}` as FiscalPeriod },
            { year: y, period: `Q${2 * h}` as FiscalPeriod },
            false,
          );
    },
  },
  {
    re: re(`\\b${FY}\\s*['’]?(\\d{4}|\\d{2})[\\s\\-/]*(?:h([12])|([12])h)\\b`),
    priority: 0,
    make: (m, ctx) => {
      const y = fullYear(m[1]!, ctx);
      const h = Number(m[2] ?? m[3]);
      return y === null
        ? null
        : fiscalRange(
            { year: y, period: `Q${2 * h - 1}` as FiscalPeriod },
            { year: y, period: `Q${2 * h}` as FiscalPeriod },
            false,
          );
    },
  },
  // Fiscal year ranges: fiscal years 2022-2024, fiscal 2019 to 2021, FY2021-23, fy22 through fy24
  {
    re: re(
      `\\b${FY}\\s*['’]?(\\d{4}|\\d{2})\\s*(?:-|–|—|to|through|thru|until|till)\\s*(?:${FY}\\s*)?['’]?(\\d{4}|\\d{2})\\b(?![-/%])`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const first = fullYear(m[1]!, ctx);
      const last = fullYear(m[2]!, ctx);
      return first === null || last === null || last <= first
        ? null
        : fiscalRange({ year: first, period: "FY" }, { year: last, period: "FY" }, true);
    },
  },
  // Fiscal years: fiscal 2023, fiscal year 2023, FY2023, FY 2023, fy23, FY'23, 2023 fiscal year
  {
    re: re(`\\b${FY}\\s*['’]?(\\d{4}|\\d{2})\\b`),
    priority: 1,
    make: (m, ctx) => {
      const y = fullYear(m[1]!, ctx);
      return y === null ? null : atom(fiscalAtom(y, "FY"));
    },
  },
  {
    re: re(`\\b(${YEAR4})\\s+fiscal\\s+year\\b`),
    priority: 1,
    make: (m) => atom(fiscalAtom(Number(m[1]), "FY")),
  },
  // Calendar years: 2023, calendar 2023, CY2023, year 2023 (not $2023, 2023.5 or 20234)
  {
    re: re(
      `(?<![\\d$€£.,])\\b(?:calendar\\s+(?:year\\s+)?|cy\\s*|(?<!\\b(?:over|on)[\\s-]+)year\\s+)?(${YEAR4})\\b(?![%]|\\.\\d)`,
    ),
    priority: 2,
    make: (m) => atom(calendarYear(Number(m[1]))),
  },
  // 2019-21: a year range written with two digits.
  {
    re: re(`\\b(${YEAR4})\\s*[-–]\\s*(\\d{2})\\b(?![-/])`),
    priority: 1,
    make: (m) => {
      const first = Number(m[1]);
      const last = Math.floor(first / 100) * 100 + Number(m[2]);
      if (last <= first) return null;
      const expr: Expr = {
        start: 0,
        end: 0,
        from: firstDayOfMonth(first, 1),
        to: lastDayOfMonth(last, 12),
        granularity: "annual",
        fiscal: null,
        fiscalSpan: null,
        count: null,
        multi: true,
      };
      return { kind: "expr", expr };
    },
  },
  // Relative: last 8 quarters, past five years, previous quarter, last decade, 4 most recent quarters
  {
    re: re(
      `\\b(last|past|previous|prior|trailing|preceding|latest|most\\s+recent)\\s+(?:(\\d{1,4})\\s*|(${NUMBER_PATTERN})\\s+)?(?:(fiscal|calendar|full)\\s+)?${UNIT}\\b`,
    ),
    priority: 1,
    make: (mm, ctx) => {
      const count = mm[2] ?? mm[3];
      const unit = mm[5]!;
      if (count === undefined && SHORT_UNITS.has(unit.toLowerCase())) return null;
      const lead = mm[1]!.toLowerCase().replace(/\s+/g, " ");
      const fiscal = mm[4]?.toLowerCase() === "fiscal";
      if (count === undefined && (lead === "latest" || lead === "most recent")) {
        return { kind: "latest", granularity: unitGranularity(unit) };
      }
      const n = count === undefined ? 1 : parseNumber(count);
      if (n === 1 && PREVIOUS_PERIOD_LEADS.has(lead)) {
        if (fiscal && /^(?:q|y)/i.test(unit)) return { kind: "latest", granularity: unitGranularity(unit) };
        const previous = previousPeriod(unit, ctx);
        if (previous) return atom(previous);
      }
      const expr = n === null ? null : relative(n, unit, ctx);
      return expr ? { kind: "expr", expr } : null;
    },
  },
  {
    re: re(
      `\\b(${NUMBER_PATTERN})\\s+(?:most\\s+recent|latest|last|past|previous)\\s+(?:(?:fiscal|calendar|full)\\s+)?${UNIT}\\b`,
    ),
    priority: 1,
    make: (m, ctx) => {
      const n = parseNumber(m[1]!);
      const expr = n === null ? null : relative(n, m[2]!, ctx);
      return expr ? { kind: "expr", expr } : null;
    },
  },
  // "since jan", "from March": a month without its year is the latest one begun by today, to today.
  {
    re: re(
      `\\b(?:since|from|starting(?:\\s+(?:in|from))?)\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?${MONTH_PATTERN}\\b\\.?(?!\\s*(?:\\d|['’]\\d|-|/))`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const month = monthNumber(m[1]!);
      const year = month <= ctx.today.month ? ctx.today.year : ctx.today.year - 1;
      const from = firstDayOfMonth(year, month);
      const expr = { start: 0, end: 0, from, to: ctx.today, granularity: "any" as const, fiscal: null };
      return { kind: "expr", expr: { ...expr, fiscalSpan: null, count: null, multi: true } };
    },
  },
  {
    re: re(`\\b(?:ttm|ltm|trailing\\s+(?:twelve|12)[\\s-]+months?)\\b`),
    priority: 0,
    make: (_m, ctx) => ({ kind: "expr", expr: lastCompletedQuarters(4, ctx) }),
  },
  // To date: YTD, year to date, QTD, MTD, this year/quarter/month/week, today, yesterday
  {
    re: re(
      `\\b(?:(ytd|year[\\s-]+to[\\s-]+date)|(qtd|quarter[\\s-]+to[\\s-]+date)|(mtd|month[\\s-]+to[\\s-]+date))\\b`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const t = ctx.today;
      if (m[1] !== undefined) return toDate(firstDayOfMonth(t.year, 1), "any", ctx);
      if (m[2] !== undefined) return toDate(firstDayOfMonth(t.year, quarterOfMonth(t.month) * 3 - 2), "any", ctx);
      return toDate(firstDayOfMonth(t.year, t.month), "daily", ctx);
    },
  },
  {
    re: re(
      `\\b(?:so\\s+far\\s+)?(?:this|the\\s+current|current)\\s+(year|quarter|month|week)\\b(?![\\s-]+(?:over|on)[\\s-]+(?:year|quarter|month|week)\\b)`,
    ),
    priority: 0,
    make: (m, ctx) => {
      const t = ctx.today;
      const unit = m[1]!.toLowerCase();
      if (unit === "year") return toDate(firstDayOfMonth(t.year, 1), "annual", ctx);
      if (unit === "quarter") return toDate(firstDayOfMonth(t.year, quarterOfMonth(t.month) * 3 - 2), "quarterly", ctx);
      if (unit === "month") return toDate(firstDayOfMonth(t.year, t.month), "daily", ctx);
      const expr = relative(1, "week", ctx);
      return expr ? { kind: "expr", expr } : null;
    },
  },
  {
    re: re(`\\b(today|yesterday)\\b`),
    priority: 2,
    make: (m, ctx) => {
      const day = m[1]!.toLowerCase() === "today" ? ctx.today : addDays(ctx.today, -1);
      return atom(calendarDay(day.year, day.month, day.day));
    },
  },
  // The latest earnings: last earnings, latest earnings report, most recent earnings call → the latest quarter
  // ("last earnings per share" is the metric).
  {
    re: re(
      `\\b(?:last|latest|most\\s+recent|recent|newest|previous|prior)\\s+(?:quarterly\\s+)?earnings(?:\\s+(?:reports?|releases?|calls?|results?|season|print))?\\b${END_OF_PHRASE}`,
    ),
    priority: 0,
    make: () => ({ kind: "latest", granularity: "quarterly" }),
  },
  // Latest: latest quarter, most recent fiscal year, last reported quarter (a bare "latest" is a plain word).
  {
    re: re(
      `\\b(?:latest|most\\s+recent|newest|last\\s+reported|most\\s+recently\\s+reported)(?:\\s+(?:fiscal\\s+|full\\s+|reported\\s+)?(quarter|qtr|year|month|week|day|annual|quarterly))?\\b`,
    ),
    priority: 3,
    make: (m) => ({ kind: "latest", granularity: m[1] === undefined ? null : unitGranularity(m[1]) }),
  },
  // Granularity words: quarterly, annual, by year, per quarter, ...
  {
    re: re(
      `\\b(?:(quarterly|annual|annually|yearly|daily|monthly|weekly)|(?:by|per|each|every)\\s+(?:fiscal\\s+)?(quarter|year|month|week|day))\\b`,
    ),
    priority: 3,
    make: (m) => ({ kind: "hint", granularity: unitGranularity(m[1] ?? m[2]!) }),
  },
];

// Words around periods that make them ranges or bounds.
const CONNECTOR_RE = /^\s*(-|–|—|to|until|till|through|thru|and)\s*(?:the\s+)?$/i;
const RANGE_PREFIX_RE = /\b(from|between)\s+(?:the\s+)?$/i;
const TO_NOW_RE =
  /^\s*(?:(?:-|–|—|to|until|till|through|thru)\s+(?:now|today|date|(?:the\s+)?present)|(?:and\s+)?onwards?|and\s+(?:beyond|later|after)|or\s+later)\b/i;
const PREFIX_RE =
  /\b(since|from|starting(?:\s+(?:in|from|with))?|beginning(?:\s+(?:in|with))?|after|before|prior\s+to|until|till|through|thru|up\s+(?:to|until)|as\s+of|(?:at\s+|by\s+)?the\s+end\s+of|end\s+of)\s+(?:the\s+)?$/i;

const GRANULARITY_ORDER: Readonly<Record<Granularity, number>> = { daily: 0, quarterly: 1, annual: 2, any: 3 };
const finer = (a: Granularity, b: Granularity) => (GRANULARITY_ORDER[a] <= GRANULARITY_ORDER[b] ? a : b);

function atomExpr(a: Atom, start: number, end: number): Expr {
  const f = a.fiscal ? fiscalIndex(a.fiscal) : null;
  return {
    start,
    end,
    from: a.from,
    to: a.to,
    granularity: a.granularity,
    fiscal: a.fiscal,
    fiscalSpan: f ? { first: f.index, last: f.index, kind: f.kind } : null,
    count: null,
    multi: false,
  };
}

function rangeExpr(a: Atom, b: Atom, start: number, end: number): Expr {
  const fa = a.fiscal ? fiscalIndex(a.fiscal) : null;
  const fb = b.fiscal ? fiscalIndex(b.fiscal) : null;
  const granularity = finer(a.granularity, b.granularity);
  if (fa && fb && fa.kind === fb.kind) {
    const [first, last] = fa.index <= fb.index ? [fa, fb] : [fb, fa];
    return {
      start,
      end,
      from: earlierDay(a.from, b.from),
      to: laterDay(a.to, b.to),
      granularity,
      fiscal: fa.index <= fb.index ? b.fiscal : a.fiscal,
      fiscalSpan: { first: first.index, last: last.index, kind: fa.kind },
      count: null,
      multi: true,
    };
  }
  return {
    start,
    end,
    from: earlierDay(a.from, b.from),
    to: laterDay(a.to, b.to),
    granularity,
    fiscal: null,
    fiscalSpan: null,
    count: null,
    multi: true,
  };
}

/** An atom with a word before it: "since 2019", "before 2020", "as of 2022". */
function boundedExpr(word: string, a: Atom, start: number, end: number, ctx: Context): Expr {
  const w = word.toLowerCase().replace(/\s+/g, " ");
  const base = { start, end, granularity: a.granularity, fiscal: null, fiscalSpan: null, count: null, multi: true };
  if (w === "after") return { ...base, from: addDays(a.to, 1), to: ctx.today };
  if (w === "before" || w === "prior to") return { ...base, from: null, to: addDays(a.from, -1) };
  if (/^(until|till|through|thru|up to|up until)$/.test(w)) return { ...base, from: null, to: a.to };
  if (w === "as of" || w.endsWith("end of")) {
    // "At the end of FY2022": that fiscal year's own period (its balances are at its end), on each
    // company's calendar, not the calendar day December 31.
    if (a.fiscal !== null) return atomExpr(a, start, end);
    return { ...base, from: a.to, to: a.to, granularity: a.granularity === "daily" ? "daily" : "any", multi: false };
  }
  return { ...base, from: a.from, to: ctx.today }; // since, from, starting, beginning
}

function selectPieces(question: string, ctx: Context, inside: readonly CharSpan[]): Piece[] {
  const found: Piece[] = [];
  const within = (start: number, end: number) =>
    inside.some((s) => s.start <= start && end <= s.end && end - start < s.end - s.start);
  for (const p of PATTERNS) {
    for (const m of matchesOf(question, p.re)) {
      const end = m.index + m[0].length;
      if (within(m.index, end)) continue;
      const made = p.make(m, ctx);
      if (made) found.push({ ...made, start: m.index, end, priority: p.priority });
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.priority - b.priority || a.start - b.start);
  const taken: Piece[] = [];
  for (const p of found) {
    if (!taken.some((t) => p.start < t.end && t.start < p.end)) taken.push(p);
  }
  return taken.sort((a, b) => a.start - b.start);
}

function parseToday(today: string): CalendarDay {
  const day = calendarDayOf(today);
  if (!day) {
    throw new RangeError(`today must be a date as YYYY-MM-DD, got ${JSON.stringify(today)}`);
  }
  return day;
}

/** Throws a RangeError unless `today` is a real date written YYYY-MM-DD. */
export function checkToday(today: string): void {
  parseToday(today);
}

/** The dates of `question`. Date words inside a longer phrase of `inside` are not dates: "ttm" in the
 * metric "ttm eps", "daily" in "daily price change". */
export function parseDates(question: string, today: string, inside: readonly CharSpan[] = []): DateResult {
  const ctx: Context = { today: parseToday(today) };
  const pieces = selectPieces(question, ctx, inside);
  const exprs: Expr[] = [];
  const extras: Array<Extract<Piece, { kind: "latest" | "hint" }>> = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    if (p.kind === "latest" || p.kind === "hint") {
      extras.push(p);
      continue;
    }
    if (p.kind === "expr") {
      exprs.push({ ...p.expr, start: p.start, end: p.end });
      continue;
    }
    const before = question.slice(Math.max(0, p.start - 40), p.start);
    const prefix = PREFIX_RE.exec(before) ?? RANGE_PREFIX_RE.exec(before);
    const start = prefix ? p.start - prefix[0].length : p.start;
    const toNow = TO_NOW_RE.exec(question.slice(p.end, p.end + 40));
    if (toNow) {
      // "from 2019 to today", "2019-now": since; a "today" piece inside is part of it.
      const end = p.end + toNow[0].length;
      exprs.push(boundedExpr("since", p.atom, start, end, ctx));
      while (pieces[i + 1] !== undefined && pieces[i + 1]!.start < end) i++;
      continue;
    }
    const next = pieces[i + 1];
    if (next?.kind === "atom") {
      const connector = CONNECTOR_RE.exec(question.slice(p.end, next.start));
      const rangePrefix = RANGE_PREFIX_RE.exec(before);
      const word = connector?.[1]?.toLowerCase();
      if (word !== undefined && (word !== "and" || rangePrefix?.[1]?.toLowerCase() === "between")) {
        exprs.push(rangeExpr(p.atom, next.atom, rangePrefix ? p.start - rangePrefix[0].length : p.start, next.end));
        i++;
        continue;
      }
    }
    const bound = prefix?.[1]?.toLowerCase();
    if (bound !== undefined && bound !== "between") exprs.push(boundedExpr(bound, p.atom, start, p.end, ctx));
    else exprs.push(atomExpr(p.atom, p.start, p.end));
  }

  const said = [...exprs, ...extras].sort((a, b) => a.start - b.start);
  const spans: CharSpan[] = said.map((e) => ({ start: e.start, end: e.end }));
  const readAs = (e: (typeof said)[number]) => {
    const text = question.slice(e.start, e.end);
    return "note" in e && e.note !== undefined ? `${text} (${e.note})` : text;
  };
  const expression = said.length === 0 ? null : said.map(readAs).join(", ");
  const hint = extras.find((e) => e.kind === "hint")?.granularity ?? null;
  const latestGranularity = extras.find((e) => e.kind === "latest" && e.granularity !== null)?.granularity ?? null;

  if (exprs.length === 0) {
    const granularity = hint ?? latestGranularity ?? "any";
    // A bare "latest"/"most recent" is understood but says nothing about dates.
    const said = extras.some((e) => e.kind === "hint" || e.granularity !== null);
    return {
      range: {
        expression: said ? expression : null,
        start: null,
        end: null,
        latest: true,
        granularity,
        fiscal: null,
        count: null,
      },
      spans,
      multiPeriod: false,
    };
  }

  let range: DateRange;
  const fiscalSpans = exprs.map((e) => e.fiscalSpan);
  const kind = fiscalSpans[0]?.kind;
  if (fiscalSpans.every((f) => f !== null && f.kind === kind)) {
    // Only fiscal periods of one kind: the last of them, and how many periods that covers.
    const first = Math.min(...fiscalSpans.map((f) => f!.first));
    const last = Math.max(...fiscalSpans.map((f) => f!.last));
    const lastFiscal = exprs.find((e) => e.fiscalSpan!.last === last)!.fiscal;
    const count = last - first + 1;
    range = {
      expression,
      start: null,
      end: null,
      latest: false,
      granularity: exprs.map((e) => e.granularity).reduce(finer),
      fiscal: lastFiscal,
      count: count > 1 ? count : null,
    };
  } else {
    const froms = exprs.map((e) => e.from);
    const tos = exprs.map((e) => e.to).filter((d): d is CalendarDay => d !== null);
    const single = exprs.length === 1 ? exprs[0]! : null;
    range = {
      expression,
      start: froms.some((d) => d === null)
        ? null
        : toIso(froms.reduce<CalendarDay>((a, b) => earlierDay(a, b!), MAX_DAY)),
      end: tos.length === 0 ? null : toIso(tos.reduce(laterDay)),
      latest: false,
      granularity: exprs.map((e) => e.granularity).reduce(finer),
      fiscal: null,
      count: single?.count ?? null,
    };
  }
  if (hint !== null && hint !== range.granularity) {
    range = { ...range, granularity: hint, count: null };
  }
  return { range, spans, multiPeriod: exprs.length > 1 || exprs.some((e) => e.multi) };
}
