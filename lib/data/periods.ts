// Which periods a request asks for. The DateRange is turned into one Selection, then each company's
// fiscal calendar is filtered by it, so every metric of a company is read for the same periods.
import type { DateRange, StructuredDataRequest } from "@/lib/agent/schema";
import { addDays, daysBetween, withinDates } from "@/lib/core/dates";
import { kindOfSlot, type FiscalSlot, type PeriodKind, type SlotPeriod } from "./calendar";

export type Selection = PeriodSelection & {
  /** Only values filed on or before this date (request.asOf); null: all known now. */
  knownBy: string | null;
};

type PeriodSelection =
  /** A named fiscal period, matched on each company's own fiscal_year / fiscal_period. */
  | {
      mode: "fiscal";
      fiscalYear: number;
      fiscalPeriod: SlotPeriod;
      /** Fiscal years ending at fiscalYear ("FY2020 to FY2022": 3); absent: that one period. */
      years?: number;
      today: string;
    }
  /** Periods whose END falls in [start, end]; start null means from the first one held. */
  | { mode: "range"; start: string | null; end: string; kinds: PeriodKind[]; today: string }
  /** The `count` most recent periods ending on or before `end` (trading days when daily). */
  | { mode: "count"; count: number; start: string | null; end: string; kind: PeriodKind; daily: boolean; today: string }
  /** No date: the most recent period held on or before `end` (see latestKinds). */
  | { mode: "latest"; end: string; kinds: PeriodKind[]; today: string };

/** Rough lengths, only for sizing read windows and judging staleness (never for selecting). */
export const PERIOD_DAYS: Record<PeriodKind, number> = { annual: 366, quarterly: 92 };
/** How long after a period ends its filing is due (10-K: 60-90 days, 10-Q: 40-45 days). */
export const FILING_LAG_DAYS: Record<PeriodKind, number> = { annual: 90, quarterly: 45 };

// A span this long or longer is a multi-year question ("2019 to 2023"): fiscal years answer it.
// Shorter than SHORT_SPAN_DAYS ("Q3 2024", "last summer") only quarters fit. Around one year
// ("in 2024") both the fiscal year and its quarters are useful, so both are given.
const MULTI_YEAR_DAYS = 700;
const SHORT_SPAN_DAYS = 300;

export function resolveSelection(
  request: Pick<StructuredDataRequest, "dates" | "today"> & { asOf?: string | null },
): Selection {
  const knownBy = request.asOf ?? null;
  // As known on a past date, "latest" and relative dates end there.
  const today = knownBy !== null && knownBy < request.today ? knownBy : request.today;
  return { ...periodSelection(request.dates, today), knownBy };
}

function periodSelection(dates: DateRange, today: string): PeriodSelection {
  if (dates.fiscal) {
    const { year, period } = dates.fiscal;
    // "FY2020 to FY2022": the fiscal years of the span, each a period of its own.
    const years = period === "FY" && dates.count !== null && dates.count > 1 ? { years: dates.count } : {};
    return { mode: "fiscal", fiscalYear: year, fiscalPeriod: period, ...years, today };
  }
  const end = dates.end ?? today;
  if (dates.count !== null) {
    return {
      mode: "count",
      count: dates.count,
      start: dates.start,
      end,
      kind: countKind(dates),
      daily: dates.granularity === "daily",
      today,
    };
  }
  if (!dates.latest && (dates.start !== null || dates.end !== null)) {
    return { mode: "range", start: dates.start, end, kinds: rangeKinds(dates, end), today };
  }
  return { mode: "latest", end, kinds: latestKinds(dates), today };
}

/** "last 8 quarters" says quarterly; "last 3 years" and anything vaguer count fiscal years. */
function countKind(dates: DateRange): PeriodKind {
  return dates.granularity === "quarterly" ? "quarterly" : "annual";
}

function rangeKinds(dates: DateRange, end: string): PeriodKind[] {
  if (dates.granularity === "annual") return ["annual"];
  if (dates.granularity === "quarterly") return ["quarterly"];
  if (dates.start === null) return ["annual"];
  const span = daysBetween(dates.start, end);
  if (span >= MULTI_YEAR_DAYS) return ["annual"];
  if (span < SHORT_SPAN_DAYS) return ["quarterly"];
  return ["annual", "quarterly"];
}

/**
 * Latest, no date given: with granularity "any" the most recent fiscal year and, when a quarter was
 * reported after it, that quarter too ("FY2025 revenue, and Q1 FY2026 so far"); a question that
 * names the granularity gets only that kind. Balances are points in time, so they get only the
 * single most recent balance (see filed.ts).
 */
function latestKinds(dates: DateRange): PeriodKind[] {
  if (dates.granularity === "annual") return ["annual"];
  if (dates.granularity === "quarterly") return ["quarterly"];
  return ["annual", "quarterly"];
}

/** The kinds of period a selection reads for a filed metric. */
export function selectionKinds(selection: Selection): PeriodKind[] {
  switch (selection.mode) {
    case "fiscal":
      return [selection.fiscalPeriod === "FY" ? "annual" : "quarterly"];
    case "count":
      return [selection.kind];
    default:
      return selection.kinds;
  }
}

/** The latest period end of each kind a company×metric holds as of the selection's end. */
export interface Anchor {
  annual: string | null;
  quarterly: string | null;
}

/**
 * The period_end window to read facts in. Count and latest need to know where each company's data
 * ends (anchors) to read only the last few years instead of the whole history; null when nothing
 * needs reading.
 */
export function factWindow(
  selection: Selection,
  anchors: readonly Anchor[],
): { from: string | null; to: string | null } | null {
  switch (selection.mode) {
    case "fiscal":
      // Fiscal year Y ends in calendar year Y or a few days into Y+1 (52/53-week years); its first
      // quarter can end as early as spring of Y-1 (years ending in January).
      return {
        from: `${selection.fiscalYear - (selection.years ?? 1)}-01-01`,
        to: `${selection.fiscalYear + 1}-01-31`,
      };
    case "range":
      return { from: selection.start, to: selection.end };
    case "count": {
      const earliest = earliestAnchor(anchors, [selection.kind]);
      if (earliest === null) return null;
      return { from: addDays(earliest, -(selection.count + 1) * PERIOD_DAYS[selection.kind]), to: selection.end };
    }
    case "latest": {
      const earliest = earliestAnchor(anchors, selection.kinds);
      return earliest === null ? null : { from: earliest, to: selection.end };
    }
  }
}

export const CALENDAR_LEAD_DAYS = 120;

/** The fiscal calendar is read a little earlier than the facts, so a fourth quarter's start (the end
 * of the nine months before it) is known even when the window starts inside that year. */
export function calendarWindow(window: { from: string | null; to: string | null }): {
  from: string | null;
  to: string | null;
} {
  return { from: window.from === null ? null : addDays(window.from, -CALENDAR_LEAD_DAYS), to: window.to };
}

function earliestAnchor(anchors: readonly Anchor[], kinds: readonly PeriodKind[]): string | null {
  let earliest: string | null = null;
  for (const anchor of anchors) {
    for (const kind of kinds) {
      const date = anchor[kind];
      if (date !== null && (earliest === null || date < earliest)) earliest = date;
    }
  }
  return earliest;
}

/**
 * The slots of one kind a selection picks from a company's calendar, oldest first. For "latest"
 * `hasValue` says which slots hold the metric, since the latest period differs per metric.
 */
export function pickSlots(
  selection: Selection,
  calendar: readonly FiscalSlot[],
  kind: PeriodKind,
  hasValue: (slot: FiscalSlot) => boolean,
): FiscalSlot[] {
  const ofKind = calendar.filter((slot) => kindOfSlot(slot) === kind);
  switch (selection.mode) {
    case "fiscal":
      return ofKind.filter(
        (s) =>
          s.fiscalPeriod === selection.fiscalPeriod &&
          s.fiscalYear <= selection.fiscalYear &&
          s.fiscalYear > selection.fiscalYear - (selection.years ?? 1),
      );
    case "range":
      return ofKind.filter((s) => withinDates(s.end, selection.start, selection.end));
    case "count":
      return ofKind.filter((s) => s.end <= selection.end).slice(-selection.count);
    case "latest": {
      const held = ofKind.filter((s) => s.end <= selection.end && hasValue(s));
      return held.slice(-1);
    }
  }
}
