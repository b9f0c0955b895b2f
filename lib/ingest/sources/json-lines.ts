// The one JSON Lines reader of the ingest sources (filings, news, transcripts): each non-empty line parsed and
// turned into a record by the source's own reader, or the problem with it, named "file:line".
import type { Parsed } from "@/lib/core/types";

/** `recordOf` returns the line's record, or the reason it is none. */
export function* parseJsonLines<T>(
  text: string,
  file: string,
  recordOf: (value: unknown) => T | string,
): Generator<Parsed<T>> {
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      yield { ok: false, problem: { where, reason: `invalid JSON: ${(error as Error).message}` } };
      continue;
    }
    const record = recordOf(value);
    yield typeof record === "string" ? { ok: false, problem: { where, reason: record } } : { ok: true, record };
  }
}
