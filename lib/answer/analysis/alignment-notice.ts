// A comparison across fiscal calendars says at the top which period of each company it compares
// (lib/data/align.ts read them): never "Q1 FY2024 against Q1 FY2024" when those end months apart.
import type { DataSlice } from "@/lib/data/types";
import { calendarQuarterLabel } from "@/lib/format/periods";
import { formatDate, listOf, shortCompanyName } from "../format";

export function alignmentNotice(slice: DataSlice): string | null {
  const alignment = slice.alignment;
  if (!alignment) return null;
  const quarters = alignment.kind === "quarterly";
  const anchor = alignment.periods.find((p) => p.daysFromTarget === 0);
  const nearest =
    alignment.basis === "calendar quarter" || !anchor
      ? `${calendarQuarterLabel(alignment.calendarQuarterEnd)} (ended ${formatDate(alignment.target)})`
      : `${shortCompanyName(anchor.companyName)}'s ${anchor.label} (ended ${formatDate(anchor.periodEnd)})`;
  const each = alignment.periods.map(
    (p) => `${shortCompanyName(p.companyName)} ${p.label} (ended ${formatDate(p.periodEnd)})`,
  );
  const sentences = [
    `**Periods compared:** the companies' fiscal calendars differ, so each is read for its ${quarters ? "quarter" : "fiscal year"} ending nearest ${nearest}: ${listOf(each, "and")}.`,
  ];
  for (const p of alignment.periods.filter((x) => !x.aligned)) {
    const apart = `${Math.abs(p.daysFromTarget)} days ${p.daysFromTarget < 0 ? "earlier" : "later"}`;
    sentences.push(
      `No ${quarters ? "quarter" : "fiscal year"} of ${shortCompanyName(p.companyName)} ends within ${quarters ? "half a quarter" : "three months"} of that date: its nearest, ${p.label}, ended ${apart}, so the periods overlap only in part${quarters ? "" : " (trailing-twelve-month figures, such as revenue TTM, compare the same twelve months)"}.`,
    );
  }
  return sentences.join(" ");
}
