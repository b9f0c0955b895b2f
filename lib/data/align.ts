// Comparisons across fiscal calendars. Companies whose fiscal years end in different months are compared
// on the periods ending nearest one date: the first company's named period ("Q1 FY2024" of Apple ends
// 2023-12-30, so NVIDIA's quarter ending nearest it, Q4 FY2024, 2024-01-28), or the calendar quarter asked
// ("Q3 2023": each company's quarter ending nearest 2023-09-30). Never the same fiscal label for periods
// ending months apart.
import {
  addDays,
  calendarDayOf,
  daysBetween,
  isoDateOf,
  nearestQuarterEnd,
  quarterEnd,
  quarterStart,
  withinDates,
} from "@/lib/core/dates";
import { kindOfSlot, slotLabel, type FiscalSlot, type PeriodKind } from "./calendar";
import type { CompanyInfo } from "./fact-store";
import type { Selection } from "./periods";
import type { PeriodAlignment } from "./types";

/** A period is aligned with the target when it ends within half a quarter of it (a fiscal year: a quarter). */
const ALIGNED_WITHIN_DAYS: Record<PeriodKind, number> = { quarterly: 46, annual: 92 };

/** Whether two periods of one kind ending on these dates count as the same period in a comparison. */
export function endsAligned(kind: PeriodKind, a: string, b: string): boolean {
  return Math.abs(daysBetween(a, b)) <= ALIGNED_WITHIN_DAYS[kind];
}

interface Aligned {
  /** Each company's own selection: the fiscal period of its calendar ending nearest the target. */
  selections: Map<string, Selection>;
  /** What was aligned, for the answer; null when the companies' periods needed no aligning. */
  alignment: PeriodAlignment | null;
}

/**
 * Per company, the period of its own calendar that ends nearest the comparison's date. Applies to a named
 * fiscal period or a single calendar quarter asked of two or more companies; other selections (and a
 * single company) keep the request's selection.
 */
export function alignPeriods(
  selection: Selection,
  companies: readonly CompanyInfo[],
  calendars: ReadonlyMap<string, readonly FiscalSlot[]>,
): Aligned {
  const none: Aligned = { selections: new Map(), alignment: null };
  if (companies.length < 2) return none;
  const target = targetOf(selection, companies, calendars);
  if (target === null) return none;
  const selections = new Map<string, Selection>();
  const periods: PeriodAlignment["periods"] = [];
  for (const company of companies) {
    const slot = nearestSlot(calendars.get(company.ticker) ?? [], target.kind, target.end);
    if (slot === null) continue;
    const days = daysBetween(target.end, slot.end);
    selections.set(company.ticker, {
      mode: "fiscal",
      fiscalYear: slot.fiscalYear,
      fiscalPeriod: slot.fiscalPeriod,
      today: selection.today,
      knownBy: selection.knownBy,
    });
    periods.push({
      ticker: company.ticker,
      companyName: company.name,
      label: slotLabel(slot),
      periodEnd: slot.end,
      daysFromTarget: days,
      aligned: endsAligned(target.kind, target.end, slot.end),
    });
  }
  // Nothing to say or change: every company on the same label and aligned (a named fiscal period), or
  // every quarter ending inside the calendar quarter asked (what the range alone picks).
  const unchanged =
    target.within === null
      ? new Set(periods.map((p) => p.label)).size === 1 && periods.every((p) => p.aligned)
      : periods.every((p) => withinDates(p.periodEnd, target.within!.start, target.end));
  if (periods.length < 2 || unchanged) return none;
  return {
    selections,
    alignment: {
      kind: target.kind,
      target: target.end,
      basis: target.within === null ? "first company" : "calendar quarter",
      calendarQuarterEnd: nearestQuarterEnd(target.end),
      periods,
    },
  };
}

/**
 * What to read so that alignPeriods finds every candidate: a calendar quarter's nearest periods may end up
 * to half a quarter after it (NVIDIA's quarter ending 2023-10-29 is its September one).
 */
export function alignmentReadSelection(selection: Selection): Selection {
  if (selection.mode !== "range" || selection.start === null || !isOneCalendarQuarter(selection.start, selection.end))
    return selection;
  return { ...selection, end: addDays(selection.end, ALIGNED_WITHIN_DAYS.quarterly) };
}

interface Target {
  kind: PeriodKind;
  end: string;
  /** The calendar quarter the question named; null for a company's fiscal period. */
  within: { start: string } | null;
}

function targetOf(
  selection: Selection,
  companies: readonly CompanyInfo[],
  calendars: ReadonlyMap<string, readonly FiscalSlot[]>,
): Target | null {
  if (selection.mode === "fiscal") {
    // The first company (in the question's order) holding the named period sets the date.
    for (const company of companies) {
      const slot = (calendars.get(company.ticker) ?? []).find(
        (s) => s.fiscalYear === selection.fiscalYear && s.fiscalPeriod === selection.fiscalPeriod,
      );
      if (slot) return { kind: kindOfSlot(slot), end: slot.end, within: null };
    }
    return null;
  }
  if (selection.mode === "range" && selection.start !== null && isOneCalendarQuarter(selection.start, selection.end)) {
    return { kind: "quarterly", end: selection.end, within: { start: selection.start } };
  }
  return null;
}

/** "2023-07-01" to "2023-09-30": exactly one calendar quarter, as "Q3 2023" resolves. */
function isOneCalendarQuarter(start: string, end: string): boolean {
  const day = calendarDayOf(start);
  if (day === null) return false;
  return isoDateOf(quarterStart(day, 0)) === start && isoDateOf(quarterEnd(day, 0)) === end;
}

function nearestSlot(calendar: readonly FiscalSlot[], kind: PeriodKind, end: string): FiscalSlot | null {
  let best: FiscalSlot | null = null;
  for (const slot of calendar) {
    if (kindOfSlot(slot) !== kind) continue;
    if (best === null || Math.abs(daysBetween(end, slot.end)) < Math.abs(daysBetween(end, best.end))) best = slot;
  }
  return best;
}
