// Each company's fiscal calendar: its quarters and fiscal years, read from the durations it reported.
// Every metric of a company is then placed on the same periods, so a table of several metrics lines
// up and a period without a value shows as a gap rather than silently shifting the series.
import { fiscalPeriodLabel } from "@/lib/format/periods";
import type { FiscalPeriod } from "@/lib/core/types";
import { addDays } from "@/lib/core/dates";
import type { CalendarRow } from "./fact-store";

export type PeriodKind = "annual" | "quarterly";
export type SlotPeriod = "FY" | "Q1" | "Q2" | "Q3" | "Q4";

/** One reporting period of one company. */
export interface FiscalSlot {
  fiscalYear: number;
  fiscalPeriod: SlotPeriod;
  /** null when unknown (a fourth quarter whose nine months are outside the rows read). */
  start: string | null;
  end: string;
}

const SLOT_PERIODS: readonly FiscalPeriod[] = ["FY", "Q1", "Q2", "Q3", "Q4"];

export function kindOfSlot(slot: Pick<FiscalSlot, "fiscalPeriod">): PeriodKind {
  return slot.fiscalPeriod === "FY" ? "annual" : "quarterly";
}

function isSlotPeriod(period: FiscalPeriod): period is SlotPeriod {
  return SLOT_PERIODS.includes(period);
}

/** "FY2024", "Q1 FY2026": how filings and analysts name fiscal periods. */
export function slotLabel(slot: FiscalSlot): string {
  return fiscalPeriodLabel(slot.fiscalYear, slot.fiscalPeriod);
}

/** Slots per ticker, ordered by end date (a fiscal year before the fourth quarter ending with it). */
export function buildCalendars(rows: readonly CalendarRow[]): Map<string, FiscalSlot[]> {
  const byTicker = new Map<string, CalendarRow[]>();
  for (const row of rows) byTicker.set(row.ticker, [...(byTicker.get(row.ticker) ?? []), row]);
  const calendars = new Map<string, FiscalSlot[]>();
  for (const [ticker, companyRows] of byTicker) calendars.set(ticker, buildCalendar(companyRows));
  return calendars;
}

function buildCalendar(rows: readonly CalendarRow[]): FiscalSlot[] {
  const chosen = mostReportedPeriods(rows);
  const slots: FiscalSlot[] = [];
  for (const row of chosen.values()) {
    if (isSlotPeriod(row.fiscalPeriod))
      slots.push({ fiscalYear: row.fiscalYear, fiscalPeriod: row.fiscalPeriod, start: row.start, end: row.end });
  }
  slots.push(...inferredFourthQuarters(chosen));
  return slots.sort(compareSlots);
}

/** One (start, end) per fiscal period: the one most facts use, so a stray fact cannot move a period. */
function mostReportedPeriods(rows: readonly CalendarRow[]): Map<string, CalendarRow> {
  const chosen = new Map<string, CalendarRow>();
  for (const row of rows) {
    const key = `${row.fiscalYear}:${row.fiscalPeriod}`;
    const current = chosen.get(key);
    if (!current || row.facts > current.facts || (row.facts === current.facts && row.end > current.end))
      chosen.set(key, row);
  }
  return chosen;
}

/**
 * Most companies never file a fourth quarter on its own: the 10-K gives the full year. The quarter
 * still exists (ending with the fiscal year), so it gets a slot, as long as the company reported
 * quarters that year at all; values for it are then looked up like any other and, absent, reported.
 */
function inferredFourthQuarters(chosen: ReadonlyMap<string, CalendarRow>): FiscalSlot[] {
  const slots: FiscalSlot[] = [];
  for (const row of chosen.values()) {
    if (row.fiscalPeriod !== "FY" || chosen.has(`${row.fiscalYear}:Q4`)) continue;
    const nineMonths = chosen.get(`${row.fiscalYear}:M9`);
    const thirdQuarter = chosen.get(`${row.fiscalYear}:Q3`);
    const reportedQuarters = ["Q1", "Q2", "Q3", "M9"].some((p) => chosen.has(`${row.fiscalYear}:${p}`));
    if (!reportedQuarters) continue;
    const priorEnd = nineMonths?.end ?? thirdQuarter?.end ?? null;
    slots.push({
      fiscalYear: row.fiscalYear,
      fiscalPeriod: "Q4",
      start: priorEnd === null ? null : addDays(priorEnd, 1),
      end: row.end,
    });
  }
  return slots;
}

function compareSlots(a: FiscalSlot, b: FiscalSlot): number {
  if (a.end !== b.end) return a.end < b.end ? -1 : 1;
  // Same end: the longer period (the fiscal year) first.
  return (a.start ?? "9999") < (b.start ?? "9999") ? -1 : (a.start ?? "9999") > (b.start ?? "9999") ? 1 : 0;
}
