// Period selection without a database: how a DateRange becomes a Selection, and how a company's
// calendar (with its inferred fourth quarters) is filtered by it.
import { describe, expect, it } from "vitest";
import type { DateRange } from "@/lib/agent/schema";
import { buildCalendars, slotLabel, type FiscalSlot } from "./calendar";
import type { CalendarRow } from "./fact-store";
import { factWindow, pickSlots, resolveSelection } from "./periods";

const dates = (d: Partial<DateRange>): DateRange => ({
  expression: null,
  start: null,
  end: null,
  latest: false,
  granularity: "any",
  fiscal: null,
  count: null,
  ...d,
});
const today = "2026-11-30";

describe("resolveSelection", () => {
  it("prefers a named fiscal period over everything else", () => {
    expect(
      resolveSelection({
        today,
        dates: dates({ fiscal: { year: 2023, period: "Q3" }, start: "2023-07-01", end: "2023-09-30" }),
      }),
    ).toEqual({
      mode: "fiscal",
      fiscalYear: 2023,
      fiscalPeriod: "Q3",
      today,
      knownBy: null,
    });
  });

  it("counts periods up to the end, or up to today", () => {
    expect(resolveSelection({ today, dates: dates({ count: 8, granularity: "quarterly" }) })).toMatchObject({
      mode: "count",
      count: 8,
      end: today,
      kind: "quarterly",
      daily: false,
    });
    expect(resolveSelection({ today, dates: dates({ count: 3 }) })).toMatchObject({ kind: "annual" });
    expect(
      resolveSelection({ today, dates: dates({ count: 10, granularity: "daily", end: "2020-03-31" }) }),
    ).toMatchObject({ end: "2020-03-31", daily: true });
  });

  it("lets the span decide the kind of period for granularity any", () => {
    const kinds = (start: string, end: string) => {
      const selection = resolveSelection({ today, dates: dates({ start, end }) });
      return selection.mode === "range" ? selection.kinds : null;
    };
    expect(kinds("2019-01-01", "2023-12-31")).toEqual(["annual"]);
    expect(kinds("2024-01-01", "2024-12-31")).toEqual(["annual", "quarterly"]);
    expect(kinds("2024-07-01", "2024-09-30")).toEqual(["quarterly"]);
  });

  it("reads no date as latest", () => {
    expect(resolveSelection({ today, dates: dates({ latest: true }) })).toEqual({
      mode: "latest",
      end: today,
      kinds: ["annual", "quarterly"],
      today,
      knownBy: null,
    });
    expect(resolveSelection({ today, dates: dates({}) })).toMatchObject({ mode: "latest" });
  });
});

// Apple's fiscal 2025 as the database reports it: three quarters, nine months, the year.
const appleRows: CalendarRow[] = [
  { ticker: "AAPL", fiscalYear: 2025, fiscalPeriod: "Q1", start: "2024-09-29", end: "2024-12-28", facts: 30 },
  { ticker: "AAPL", fiscalYear: 2025, fiscalPeriod: "Q2", start: "2024-12-29", end: "2025-03-29", facts: 30 },
  { ticker: "AAPL", fiscalYear: 2025, fiscalPeriod: "Q3", start: "2025-03-30", end: "2025-06-28", facts: 30 },
  { ticker: "AAPL", fiscalYear: 2025, fiscalPeriod: "M9", start: "2024-09-29", end: "2025-06-28", facts: 20 },
  { ticker: "AAPL", fiscalYear: 2025, fiscalPeriod: "FY", start: "2024-09-29", end: "2025-09-27", facts: 40 },
  // A stray fact with a shifted end must not move the year.
  { ticker: "AAPL", fiscalYear: 2025, fiscalPeriod: "FY", start: "2024-09-29", end: "2025-09-30", facts: 1 },
  { ticker: "AAPL", fiscalYear: 2026, fiscalPeriod: "Q1", start: "2025-09-28", end: "2025-12-27", facts: 30 },
];

describe("fiscal calendars", () => {
  const calendar = buildCalendars(appleRows).get("AAPL")!;

  it("infers the fourth quarter a 10-K reports only inside the year", () => {
    expect(calendar.map((s) => `${slotLabel(s)} ${s.start}..${s.end}`)).toEqual([
      "Q1 FY2025 2024-09-29..2024-12-28",
      "Q2 FY2025 2024-12-29..2025-03-29",
      "Q3 FY2025 2025-03-30..2025-06-28",
      "FY2025 2024-09-29..2025-09-27",
      "Q4 FY2025 2025-06-29..2025-09-27",
      "Q1 FY2026 2025-09-28..2025-12-27",
    ]);
  });

  const always = (_slot: FiscalSlot) => true;
  const labels = (slots: FiscalSlot[]) => slots.map(slotLabel);

  it("picks periods whose end falls in a calendar interval", () => {
    const selection = resolveSelection({
      today,
      dates: dates({ start: "2025-01-01", end: "2025-09-30", granularity: "quarterly" }),
    });
    expect(labels(pickSlots(selection, calendar, "quarterly", always))).toEqual([
      "Q2 FY2025",
      "Q3 FY2025",
      "Q4 FY2025",
    ]);
  });

  it("picks the last N periods ending on or before the end", () => {
    const selection = resolveSelection({
      today,
      dates: dates({ count: 3, granularity: "quarterly", end: "2025-12-31" }),
    });
    expect(labels(pickSlots(selection, calendar, "quarterly", always))).toEqual([
      "Q3 FY2025",
      "Q4 FY2025",
      "Q1 FY2026",
    ]);
  });

  it("picks the latest period that holds a value", () => {
    const selection = resolveSelection({ today, dates: dates({ latest: true }) });
    const heldBefore2026 = (slot: FiscalSlot) => slot.fiscalYear < 2026 && slot.fiscalPeriod !== "Q4";
    expect(labels(pickSlots(selection, calendar, "quarterly", heldBefore2026))).toEqual(["Q3 FY2025"]);
    expect(labels(pickSlots(selection, calendar, "annual", always))).toEqual(["FY2025"]);
  });

  it("reads only a window around the data for count and latest", () => {
    const selection = resolveSelection({ today, dates: dates({ count: 4, granularity: "quarterly" }) });
    expect(
      factWindow(selection, [
        { annual: "2025-09-27", quarterly: "2025-12-27" },
        { annual: null, quarterly: null },
      ]),
    ).toEqual({
      from: "2024-09-23",
      to: today, // 2025-12-27 less (4 + 1) × 92 days
    });
    expect(factWindow(selection, [])).toBeNull();
  });
});
