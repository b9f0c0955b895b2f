// The slice's interval: the dates actually covered and a sentence naming the periods, so an answer
// to "what is Apple's revenue?" can say which period "latest" turned out to be.
import type { DataSlice, PeriodAlignment, Series } from "./types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import type { Selection } from "./periods";

interface CompanyPeriods {
  /** Filed periods by label: their end dates, and whether they are balances (instants). */
  periods: Map<string, { end: string; instant: boolean }>;
  firstDay: string | null;
  lastDay: string | null;
}

/** `kinds` says what was asked: filed periods, trading days or both (it words the range). */
export function describeInterval(
  selection: Selection,
  series: readonly Series[],
  kinds: { filed: boolean; market: boolean },
  /** Companies compared on the periods ending nearest one date (align.ts). */
  alignment: PeriodAlignment | null = null,
): DataSlice["interval"] {
  const span = pointSpan(series);
  const byCompany = periodsByCompany(series);
  const start = span?.start ?? requestedStart(selection);
  const end = span?.end ?? requestedEnd(selection);
  const description = alignment
    ? withCompanies(alignedBase(alignment), byCompany, "dates")
    : describe(selection, byCompany, kinds);
  return { start, end, description };
}

/** "the quarters ending nearest 2023-12-30 (AAPL Q1 FY2024), each company's own". */
function alignedBase(alignment: PeriodAlignment): string {
  const periods = alignment.kind === "annual" ? "fiscal years" : "quarters";
  const anchor = alignment.periods.find((p) => p.daysFromTarget === 0);
  const of =
    alignment.basis === "calendar quarter" || !anchor
      ? `the calendar quarter ending ${alignment.target}`
      : `${anchor.ticker} ${anchor.label}`;
  return `the ${periods} ending nearest ${alignment.target} (${of}), on each company's own fiscal calendar`;
}

function requestedStart(selection: Selection): string | null {
  return selection.mode === "range" || selection.mode === "count" ? selection.start : null;
}

function requestedEnd(selection: Selection): string | null {
  return selection.mode === "fiscal" ? null : selection.end;
}

function pointSpan(series: readonly Series[]): { start: string; end: string } | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const point of series.flatMap((s) => s.points)) {
    const from = point.periodStart ?? point.periodEnd;
    if (start === null || from < start) start = from;
    if (end === null || point.periodEnd > end) end = point.periodEnd;
  }
  return start === null || end === null ? null : { start, end };
}

function periodsByCompany(series: readonly Series[]): Map<string, CompanyPeriods> {
  const byCompany = new Map<string, CompanyPeriods>();
  for (const s of series) {
    const entry: CompanyPeriods = byCompany.get(s.ticker) ?? { periods: new Map(), firstDay: null, lastDay: null };
    for (const point of s.points) {
      if (point.fiscalYear !== null && point.fiscalPeriod !== null) {
        const label = fiscalPeriodLabel(point.fiscalYear, point.fiscalPeriod);
        // A label shared by a flow and a balance (FY2024) reads as the period: "ended".
        const instant = point.periodStart === null && (entry.periods.get(label)?.instant ?? true);
        entry.periods.set(label, { end: point.periodEnd, instant });
      } else {
        if (entry.firstDay === null || point.periodEnd < entry.firstDay) entry.firstDay = point.periodEnd;
        if (entry.lastDay === null || point.periodEnd > entry.lastDay) entry.lastDay = point.periodEnd;
      }
    }
    byCompany.set(s.ticker, entry);
  }
  return byCompany;
}

function describe(
  selection: Selection,
  byCompany: ReadonlyMap<string, CompanyPeriods>,
  kinds: { filed: boolean; market: boolean },
): string {
  switch (selection.mode) {
    case "fiscal":
      return withCompanies(
        `${selection.years ? `${fiscalPeriodLabel(selection.fiscalYear - selection.years + 1, selection.fiscalPeriod)}–` : ""}${fiscalPeriodLabel(selection.fiscalYear, selection.fiscalPeriod)}, on each company's own fiscal calendar`,
        byCompany,
        "dates",
      );
    case "range": {
      const what = [
        ...(kinds.filed ? [`${selection.kinds.join(" and ")} periods ending in it`] : []),
        ...(kinds.market ? ["trading days in it"] : []),
      ];
      const range = selection.start === null ? `up to ${selection.end}` : `from ${selection.start} to ${selection.end}`;
      return withCompanies(what.length > 0 ? `${range} (${what.join("; ")})` : range, byCompany, "span");
    }
    case "count": {
      const unit = selection.daily ? "trading days" : selection.kind === "annual" ? "fiscal years" : "quarters";
      return withCompanies(
        `the last ${selection.count} ${unit} ending on or before ${selection.end}`,
        byCompany,
        "span",
      );
    }
    case "latest":
      return withCompanies(`latest available as of ${selection.end}`, byCompany, "dates");
  }
}

/** "…: AAPL FY2025 (ended 2025-09-27) and Q1 FY2026 (ended 2025-12-27); NVDA …" */
function withCompanies(base: string, byCompany: ReadonlyMap<string, CompanyPeriods>, style: "dates" | "span"): string {
  const parts = [...byCompany]
    .map(([ticker, entry]) => `${ticker} ${companySummary(entry, style)}`)
    .filter((p) => p.length > 0);
  return parts.length === 0 ? `${base}; no values found` : `${base}: ${parts.join("; ")}`;
}

function companySummary(entry: CompanyPeriods, style: "dates" | "span"): string {
  const periods = [...entry.periods].sort((a, b) => (a[1].end < b[1].end ? -1 : a[1].end > b[1].end ? 1 : 0));
  const parts: string[] = [];
  if (periods.length > 0) {
    const dated = ([label, { end, instant }]: (typeof periods)[number]) =>
      `${label} (${instant ? "as of" : "ended"} ${end})`;
    if (style === "dates" || periods.length === 1) parts.push(periods.map(dated).join(" and "));
    else parts.push(`${periods[0]![0]} to ${periods[periods.length - 1]![0]}`);
  }
  if (entry.firstDay !== null && entry.lastDay !== null) {
    parts.push(
      entry.firstDay === entry.lastDay
        ? `trading day ${entry.firstDay}`
        : `trading days ${entry.firstDay} to ${entry.lastDay}`,
    );
  }
  return parts.join(", ");
}
