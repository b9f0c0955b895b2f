// Route parameters and search parameters, parsed the same way by every dynamic route and page: a path or
// query that cannot be percent-decoded, a numeric id beyond what the database can hold, a date that is no
// calendar day, or text with a NUL or another control character (PostgreSQL refuses NUL in text) is
// refused with a message a person can act on, before anything reaches the database.
import { z } from "zod";
import { isIsoDate } from "./dates";

/** PostgreSQL's bigint ends here: a larger numeric id names no row (and the query itself would fail). */
const MAX_DATABASE_ID = 9_223_372_036_854_775_807n;

const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const DIGITS = /^\d{1,19}$/;
const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const URL_PART_SEPARATOR = /[/?&=]/;

export type InputParse<T> = { ok: true; data: T } | { ok: false; message: string };

/** Whether `text` holds a NUL or another control character (tab, newline and carriage return allowed). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** Text a person typed into a path or query: at most `max` characters, no control character. */
export function textInput(what: string, max: number) {
  return z
    .string()
    .max(max, `${what} is limited to ${max.toLocaleString("en-US")} characters`)
    .refine((value) => !hasControlCharacter(value), `${what} holds a control character`);
}

/** A row's numeric id as it appears in a path: 1 to PostgreSQL's bigint maximum, digits only. */
export function databaseIdInput(what: string) {
  return (
    z
      .string()
      .regex(DIGITS, `${what} is a whole number`)
      // zod runs a refinement even when the regex failed: only digits reach BigInt.
      .refine((value) => !DIGITS.test(value) || (BigInt(value) >= 1n && BigInt(value) <= MAX_DATABASE_ID), {
        error: `${what} is out of range`,
      })
  );
}

/** A calendar date written YYYY-MM-DD; 2023-02-30 and 2023-13-45 are refused by name. */
export function isoDateInput(what: string) {
  return z
    .string()
    .regex(ISO_DATE_SHAPE, `${what} must be a date written YYYY-MM-DD`)
    .refine(isIsoDate, { error: (issue) => `${what} ${String(issue.input)} is not a calendar date` });
}

/** `input` parsed by `schema`; the failure names each wrong field in one sentence. */
export function parseRouteInput<Schema extends z.ZodType>(schema: Schema, input: unknown): InputParse<z.infer<Schema>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join("; ") };
}

/** The first value of each search parameter, as Next.js hands them to a page (a repeated one is an array). */
export function firstValues(raw: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
}

/** A path segment decoded once, or null when its percent-encoding is malformed ("%ff", "%E0%A4%A"). */
export function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Whether a URL's path or query (as sent, still encoded) holds a percent-encoding that does not decode to
 * UTF-8: Next.js's router throws on it before any route runs. */
export function hasMalformedPercentEncoding(pathAndQuery: string): boolean {
  if (!pathAndQuery.includes("%")) return false;
  return pathAndQuery.split(URL_PART_SEPARATOR).some((part) => decodedSegment(part.replaceAll("+", " ")) === null);
}
