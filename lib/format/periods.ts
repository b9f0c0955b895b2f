// How periods and dates read, for the built-in analyst's text (server) and the answer's table and
// charts (browser) alike: "FY2023", "Q1 FY2025", "9M FY2025", "Jan 5, 2024". Dates are parsed by
// hand from ISO strings, never through the local time zone, so server and browser agree.
//
// Imported by client components: keep it free of server-only imports (node:*, prisma, the database).
import type { Frequency } from "@/lib/catalog/types";
import { quarterOfMonth } from "@/lib/core/dates";
import type { FiscalPeriod } from "@/lib/core/types";

/** The parts of a data point (lib/data/types) a period label reads. */
interface PeriodOfPoint {
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriod | null;
  periodEnd: string;
}

export const MONTH_NAMES_SHORT = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** "2024-01-05" → "Jan 5, 2024". Parsed by hand: a Date would shift the day in some time zones.
 * Anything else is returned as it is. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTH_NAMES_SHORT[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/** "FY2023", "Q1 FY2025", "H1 FY2025", "9M FY2025"; the date ("Jan 5, 2024") when the point has no
 * fiscal label (daily prices). */
export function periodLabel(point: PeriodOfPoint): string {
  const { fiscalYear: year, fiscalPeriod: period } = point;
  return year === null || period === null ? formatDate(point.periodEnd) : fiscalPeriodLabel(year, period);
}

/** "FY2023", "Q1 FY2025", "H1 FY2025", "9M FY2025". */
export function fiscalPeriodLabel(fiscalYear: number, fiscalPeriod: FiscalPeriod): string {
  if (fiscalPeriod === "FY") return `FY${fiscalYear}`;
  if (fiscalPeriod === "M9") return `9M FY${fiscalYear}`;
  return `${fiscalPeriod} FY${fiscalYear}`;
}

/** "calendar Q4 2023" for the calendar quarter ending on `quarterEnd` ("2023-12-31"). */
export function calendarQuarterLabel(quarterEnd: string): string {
  return `calendar Q${quarterOfMonth(Number(quarterEnd.slice(5, 7)))} ${quarterEnd.slice(0, 4)}`;
}

/** Whether a point's label reads as a date ("on Jan 5, 2024") rather than a period ("in FY2023"). */
export function labelIsDate(point: Pick<PeriodOfPoint, "fiscalYear" | "fiscalPeriod">): boolean {
  return point.fiscalYear === null || point.fiscalPeriod === null;
}

/** The kind of period a value covers: a fiscal year, a quarter, a year-to-date span (H1, 9M), a
 * dated value without a fiscal label, or a trading day. Values are compared only within a kind. */
export type PeriodKind = "annual" | "quarterly" | "interim" | "dated" | "daily";

export function periodKindOf(series: { frequency: Frequency }, point: Pick<PeriodOfPoint, "fiscalPeriod">): PeriodKind {
  if (series.frequency === "daily") return "daily";
  switch (point.fiscalPeriod) {
    case "FY":
      return "annual";
    case "Q1":
    case "Q2":
    case "Q3":
    case "Q4":
      return "quarterly";
    case "H1":
    case "M9":
      return "interim";
    case null:
      return "dated";
  }
}
