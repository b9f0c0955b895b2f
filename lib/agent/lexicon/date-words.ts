// Date words: month names, ordinals, the units of "last N <unit>" and the leads of "last year".

/** A month's name or abbreviation, as one capture group of a case-insensitive pattern. */
export const MONTH_PATTERN =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

/** Units of "last N <unit>" read only with a number ("last 5y", "last 4 qs"). */
export const SHORT_UNITS: ReadonlySet<string> = new Set(["qs", "y"]);

/** Ordinals of quarters: "third quarter", "3rd qtr". */
export const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  "1st": 1,
  "2nd": 2,
  "3rd": 3,
  "4th": 4,
};

/** Leads that make "<lead> <unit>" the previous full period ("last year" = the year before this one). */
export const PREVIOUS_PERIOD_LEADS: ReadonlySet<string> = new Set(["last", "previous", "prior", "preceding"]);

/** Month abbreviations, January first: the month's number is its index + 1. */
export const MONTH_ABBREVIATIONS = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
] as const;
