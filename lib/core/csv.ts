// A small RFC 4180 CSV reader: comma separated, fields optionally double-quoted, quotes inside
// quoted fields doubled, quoted fields may hold commas and line breaks. Records end with CRLF
// (LF and lone CR are accepted too). Each record carries the 1-based line it starts on, so a bad
// row can be reported as file:line.

export type CsvRow = { line: number; fields: string[] } | { line: number; error: string };

const QUOTE = '"';
const isRecordEnd = (c: string | undefined): boolean => c === undefined || c === "\r" || c === "\n";

class Scanner {
  i: number;
  line = 1;
  constructor(readonly text: string) {
    this.i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // byte-order mark
  }
  get done(): boolean {
    return this.i >= this.text.length;
  }
  peek(offset = 0): string | undefined {
    return this.text[this.i + offset];
  }
  /** Consumes one line break (CRLF, LF or CR) if there is one. */
  skipLineBreak(): void {
    if (this.peek() === "\r") {
      this.i++;
      if (this.peek() === "\n") this.i++;
    } else if (this.peek() === "\n") {
      this.i++;
    } else {
      return;
    }
    this.line++;
  }
}

/** Reads a quoted field starting at the opening quote; returns its text or an error. */
function readQuoted(s: Scanner): { value: string } | { error: string } {
  s.i++; // opening quote
  let value = "";
  for (;;) {
    const c = s.peek();
    if (c === undefined) return { error: "unterminated quoted field" };
    if (c === QUOTE) {
      if (s.peek(1) !== QUOTE) break;
      value += QUOTE;
      s.i += 2;
      continue;
    }
    if (c === "\r" || c === "\n") {
      const start = s.i;
      s.skipLineBreak(); // counts the line; the break itself is part of the value
      value += s.text.slice(start, s.i);
      continue;
    }
    value += c;
    s.i++;
  }
  s.i++; // closing quote
  const next = s.peek();
  if (next !== "," && !isRecordEnd(next)) return { error: "text after a closing quote" };
  return { value };
}

function readUnquoted(s: Scanner): { value: string } | { error: string } {
  const start = s.i;
  while (s.peek() !== "," && !isRecordEnd(s.peek())) s.i++;
  const value = s.text.slice(start, s.i);
  return value.includes(QUOTE) ? { error: "quote inside an unquoted field" } : { value };
}

/** Skips the rest of a broken record so reading resumes at the next line. */
function skipToRecordEnd(s: Scanner): void {
  while (!isRecordEnd(s.peek())) s.i++;
}

/** Yields every record of `text`; blank lines are skipped, a malformed record yields an error. */
export function* readCsv(text: string): Generator<CsvRow> {
  const s = new Scanner(text);
  while (!s.done) {
    const line = s.line;
    const fields: string[] = [];
    const startsQuoted = s.peek() === QUOTE;
    let error: string | null = null;
    for (;;) {
      const field = s.peek() === QUOTE ? readQuoted(s) : readUnquoted(s);
      if ("error" in field) {
        error = field.error;
        skipToRecordEnd(s);
        break;
      }
      fields.push(field.value);
      if (s.peek() !== ",") break;
      s.i++;
    }
    s.skipLineBreak();
    if (error !== null) yield { line, error };
    // A lone empty unquoted field is a blank line; written as "" it is an explicit empty value.
    else if (startsQuoted || fields.length > 1 || fields[0] !== "") yield { line, fields };
  }
}

/** The first record of `text` (its header), or null when there is none or it is malformed. */
export function csvHeader(text: string): string[] | null {
  for (const row of readCsv(text)) return "fields" in row ? row.fields : null;
  return null;
}

export type CsvRecord<K extends string> =
  | { ok: true; line: number; values: Record<K, string> }
  | { ok: false; line: number; reason: string };

/**
 * Reads a CSV whose header names its columns and yields each data row as column → text for the
 * `columns` asked for (other columns are allowed and ignored). A header lacking a column yields one
 * failure at its line and nothing else; a row with the wrong number of fields is a failure.
 */
export function* readCsvRecords<K extends string>(text: string, columns: readonly K[]): Generator<CsvRecord<K>> {
  const rows = readCsv(text);
  const first = rows.next();
  if (first.done) return;
  const headerRow = first.value;
  if ("error" in headerRow) {
    yield { ok: false, line: headerRow.line, reason: `malformed header: ${headerRow.error}` };
    return;
  }
  const header = headerRow.fields;
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    yield { ok: false, line: headerRow.line, reason: `header lacks column(s) ${missing.join(", ")}` };
    return;
  }
  const positions = columns.map((c) => [c, header.indexOf(c)] as const);
  for (const row of rows) {
    if ("error" in row) {
      yield { ok: false, line: row.line, reason: `malformed CSV: ${row.error}` };
    } else if (row.fields.length !== header.length) {
      yield { ok: false, line: row.line, reason: `expected ${header.length} fields, found ${row.fields.length}` };
    } else {
      const values = {} as Record<K, string>;
      for (const [name, at] of positions) values[name] = row.fields[at] ?? "";
      yield { ok: true, line: row.line, values };
    }
  }
}
