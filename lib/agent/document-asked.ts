// The document a question names: its form ("10-K", "the annual report", "the earnings call") and the
// fiscal year and quarter said with it ("its FY2022 10-K", "the 2015 annual report", "the Q2 2023
// earnings call", "third-quarter fiscal 2024 10-Q"), or a fiscal year said of what the filings say
// ("fiscal 2022 products"). Read from the question's words and its date reading, by the built-in parser
// and, where the model names none, for the LLM agent (the same function), so both requests agree.
import type { DateRange, DocumentAsked, DocumentForm, SourceRoute } from "./schema";

/** Each form's words. A question naming two forms ("its 10-K and 10-Q") names no one form. */
const FORM_WORDS: ReadonlyArray<{ form: DocumentForm; pattern: RegExp }> = [
  { form: "10-K", pattern: /\b10-?ks?\b|\bannual\s+reports?\b/i },
  { form: "10-Q", pattern: /\b10-?qs?\b|\bquarterly\s+reports?\b/i },
  {
    form: "8-K",
    pattern:
      /\b8-?k\b|\bcurrent\s+reports?\b|\b(?:earnings|press)\s+releases?\b|\bearnings\s+(?:reports?|announcements?)\b/i,
  },
  {
    form: "earnings-call",
    // "the Q2 2021 call", "its fourth-quarter 2021 call", "the latest call": a call named by its period.
    pattern:
      /\bearnings\s+(?:conference\s+)?calls?\b|\bconference\s+calls?\b|\b(?:earnings\s+)?call\s+transcripts?\b|\b(?:Q[1-4]|quarter|(?:19|20)\d{2}|latest|last|recent)\s+calls?\b/i,
  },
];

function formNamed(question: string): DocumentForm | null {
  const forms = FORM_WORDS.filter((f) => f.pattern.test(question)).map((f) => f.form);
  return forms.length === 1 ? forms[0]! : null;
}

const YEAR_START = /^(\d{4})-01-01$/;
/** Each calendar quarter's first and last day (month-day). */
const QUARTER_DAYS: ReadonlyArray<readonly [string, string]> = [
  ["01-01", "03-31"],
  ["04-01", "06-30"],
  ["07-01", "09-30"],
  ["10-01", "12-31"],
];

/** A calendar year or quarter exactly ("2015": 2015-01-01..2015-12-31, "Q2 2023": its three months). */
function calendarPeriodOf(dates: DateRange): { year: number; quarter: number | null } | null {
  const { start, end } = dates;
  if (start === null || end === null || start.slice(0, 4) !== end.slice(0, 4)) return null;
  const year = Number(start.slice(0, 4));
  if (YEAR_START.test(start) && end.endsWith("-12-31")) return { year, quarter: null };
  const quarter = QUARTER_DAYS.findIndex(([first, last]) => start.slice(5) === first && end.slice(5) === last);
  if (quarter >= 0) return { year, quarter: quarter + 1 };
  return null;
}

/** The document the question names, or null. A year or quarter said beside a document names it on the
 * company's fiscal calendar (companies name their reports and calls by fiscal period: "the Q2 2023
 * call" is fiscal Q2); without a form, only a fiscal period said of what the filings or calls say
 * ("fiscal 2022 products") names a document. A range of periods ("FY2021 to FY2023") names no single
 * document: the form alone is kept. */
export function readDocumentAsked(
  question: string,
  dates: DateRange,
  sources: readonly Pick<SourceRoute, "source">[],
): DocumentAsked | null {
  const asksDocuments = sources.some((s) => s.source === "filings" || s.source === "transcripts");
  if (!asksDocuments) return null;
  const form = formNamed(question);
  const single = dates.count === null || dates.count === 1;
  let period: { year: number; quarter: number | null } | null = null;
  if (single && dates.fiscal)
    period = {
      year: dates.fiscal.year,
      quarter: dates.fiscal.period === "FY" ? null : Number(dates.fiscal.period.slice(1)),
    };
  else if (single && form !== null) period = calendarPeriodOf(dates);
  if (form === null && period === null) return null;
  return {
    form,
    fiscalYear: period?.year ?? null,
    // A 10-K is a year's; any other document may be a quarter's.
    fiscalQuarter: form === "10-K" ? null : (period?.quarter ?? null),
  };
}

/** "the FY2022 10-K", "the Q2 FY2023 earnings call", "a FY2022 filing", "the latest 10-K". */
export function describeDocumentAsked(document: DocumentAsked): string {
  const period =
    document.fiscalYear === null
      ? null
      : document.fiscalQuarter === null
        ? `FY${document.fiscalYear}`
        : `Q${document.fiscalQuarter} FY${document.fiscalYear}`;
  const form = document.form === "earnings-call" ? "earnings call" : document.form;
  if (form === null) return `${period} filings`;
  return period === null ? `the latest ${form}` : `the ${period} ${form}`;
}
