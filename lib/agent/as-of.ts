// Point-in-time questions: "Apple's FY2019 revenue as known on 2020-01-15", "as reported by March
// 2021". The clause sets the request's asOf (values filed by then) and is blanked out of the text, at
// the same length so every other span keeps its position, before the rest is parsed: its date is not
// the period asked about.
import { isCalendarDay, isoDateOf, lastDayOfMonth } from "@/lib/core/dates";
import { MONTH_ABBREVIATIONS, MONTH_PATTERN } from "./lexicon/date-words";

const LEAD = String.raw`\b(?:as|what was)\s+(?:known|reported|filed|available)\s+(?:on|by|at|as of|in)\s+`;

const FORMS: ReadonlyArray<{ re: RegExp; date: (m: RegExpExecArray) => string | null }> = [
  {
    re: new RegExp(`${LEAD}(\\d{4})-(\\d{2})-(\\d{2})\\b`, "i"),
    date: (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3])),
  },
  {
    re: new RegExp(`${LEAD}${MONTH_PATTERN}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "i"),
    date: (m) => isoDate(Number(m[3]), monthNumber(m[1]!), Number(m[2])),
  },
  {
    re: new RegExp(`${LEAD}(?:the end of\\s+)?${MONTH_PATTERN}\\.?,?\\s+(\\d{4})\\b`, "i"),
    date: (m) => endOfMonth(Number(m[2]), monthNumber(m[1]!)),
  },
  { re: new RegExp(`${LEAD}(?:the end of\\s+)?(\\d{4})\\b`, "i"), date: (m) => isoDate(Number(m[1]), 12, 31) },
];

export interface PointInTime {
  /** YYYY-MM-DD, or null when the question has no such clause (or its date does not exist). */
  asOf: string | null;
  /** The question with the clause replaced by spaces of the same length. */
  text: string;
}

export function extractPointInTime(question: string): PointInTime {
  for (const form of FORMS) {
    const match = form.re.exec(question);
    if (!match) continue;
    const asOf = form.date(match);
    if (asOf === null) return { asOf: null, text: question };
    const blanked =
      question.slice(0, match.index) + " ".repeat(match[0].length) + question.slice(match.index + match[0].length);
    return { asOf, text: blanked };
  }
  return { asOf: null, text: question };
}

function monthNumber(word: string): number {
  return MONTH_ABBREVIATIONS.indexOf(word.slice(0, 3).toLowerCase() as (typeof MONTH_ABBREVIATIONS)[number]) + 1;
}

function isoDate(year: number, month: number, day: number): string | null {
  return isCalendarDay(year, month, day) ? isoDateOf({ year, month, day }) : null;
}

function endOfMonth(year: number, month: number): string | null {
  return month < 1 ? null : isoDateOf(lastDayOfMonth(year, month));
}
