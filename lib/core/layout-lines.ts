// Lines of page-aligned text (pdftotext -layout): a table row is its label followed by value cells,
// separated by runs of ≥ 3 spaces. One splitter for every reader of such tables (the facts reader in
// lib/ingest/facts, the filing tables the chat reasons over in lib/documents/filings).

/** A cell that is a dash: no value ("—", "–", "--"). */
export const DASH_CELL = /^[—–-]{1,2}$/;
/** A number cell as printed: "1,226", "(1,226)", "$5.82", "12.5%", "-7". */
export const NUMBER_CELL = /^\(?-?\$?\(?\d[\d,]*(\.\d+)?\)?%?\)?$/;

export interface LayoutLine {
  /** Leading spaces: nested rows are indented under their heading. */
  indent: number;
  label: string;
  /** The number or dash cells at the end of the line, as written. */
  values: string[];
  /** The label holds number cells of its own before a text cell ("and options   (1)   (6)   5   Demand
   * creation expense   (5)   1   3"): a row of a table with a text column between its values. */
  labelHasValues: boolean;
}

const isValueCell = (cell: string): boolean => {
  const pieces = cell.split(/\s+/).filter((p) => p !== "$");
  return pieces.length > 0 && pieces.every((p) => NUMBER_CELL.test(p) || DASH_CELL.test(p));
};

/** pdftotext sometimes splits "( 1,226 )" or "$ (1,226)": glue a lone parenthesis back to its number. */
function joinSplitNegatives(pieces: string[]): string[] {
  const cells: string[] = [];
  for (const piece of pieces) {
    const previous = cells[cells.length - 1];
    if ((piece === ")" || piece === "%") && previous !== undefined) cells[cells.length - 1] = previous + piece;
    else if (previous === "(") cells[cells.length - 1] = `(${piece}`;
    else cells.push(piece);
  }
  return cells;
}

/** Splits a line into its label and the value cells at its end ("$" signs standing alone dropped). */
export function splitLayoutLine(line: string): LayoutLine {
  const indent = line.length - line.trimStart().length;
  const words = line.trim().split(/\s{3,}/);
  const values: string[] = [];
  while (words.length > 0) {
    const pieces = words[words.length - 1]!.split(/\s+/).filter((p) => p !== "$");
    const cells = joinSplitNegatives(pieces);
    if (cells.length > 0 && !cells.every((p) => NUMBER_CELL.test(p) || DASH_CELL.test(p))) break;
    values.unshift(...cells);
    words.pop();
  }
  return { indent, label: words.join(" ").trim(), values, labelHasValues: words.some(isValueCell) };
}

const MONTH_WORD = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?$/i;
const YEAR_WORD = /^(19|20)\d{2},?$/;
const DAY_WORD = /^\d{1,2},?$/;
/** The words a column header is made of besides dates: "Years ended", "Three Months Ended", "As of". */
const HEADER_WORD =
  /^(years?|ended|ending|three|six|nine|twelve|months?|weeks?|fiscal|as|of|at|quarters?|and|13|26|39|52|53|-|–)$/i;
/** A header spread over more lines than this is no header. */
const MAX_HEADER_LINES = 12;

/** Flow text as page-aligned lines, and each line's index in the flow text (-1: a table break added). */
export interface FlowLayout {
  lines: string[];
  sourceLine: number[];
}

const isHeaderFragment = (line: string): boolean => {
  const words = line.split(/\s+/).filter((w) => w !== "");
  return (
    words.length > 0 &&
    words.every((w) => MONTH_WORD.test(w) || YEAR_WORD.test(w) || DAY_WORD.test(w) || HEADER_WORD.test(w))
  );
};

/**
 * The header cells of a header spread over lines ("Years ended" / "September 28," / "2024 September
 * 30," / "2023"): the words before the first date, then one cell per date ("September 28, 2024") or per
 * bare year. Null when the words hold no year, or mix full dates with bare years.
 */
function flowHeader(text: string): { phrase: string; cells: string[] } | null {
  const words = text.split(/\s+/).filter((w) => w !== "");
  const cells: string[] = [];
  let phraseEnd = -1;
  let dates = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (MONTH_WORD.test(w) && DAY_WORD.test(words[i + 1] ?? "") && YEAR_WORD.test(words[i + 2] ?? "")) {
      cells.push(`${w.replace(/,$/, "")} ${words[i + 1]!.replace(/,$/, "")}, ${words[i + 2]!.replace(/,$/, "")}`);
      if (phraseEnd < 0) phraseEnd = i;
      dates++;
      i += 2;
    } else if (YEAR_WORD.test(w)) {
      cells.push(w.replace(/,$/, ""));
      if (phraseEnd < 0) phraseEnd = i;
    } else if (phraseEnd >= 0) return null; // words after the dates: no header
  }
  if (cells.length === 0 || (dates > 0 && dates < cells.length)) return null;
  return { phrase: words.slice(0, phraseEnd).join(" "), cells };
}

/** A flow line's label and its last value cells: at most `columns` of them when the table's header said
 * how many, so a year or footnote mark inside the label stays in it ("Notes due 2025 1,000 2,000"). */
function flowCells(line: string, columns: number | null): { label: string; values: string[] } {
  const words = line.split(/\s+/).filter((w) => w !== "");
  let start = words.length;
  while (start > 0) {
    const w = words[start - 1]!;
    if (!(NUMBER_CELL.test(w) || DASH_CELL.test(w) || w === "$" || w === ")" || w === "%" || w === "(")) break;
    start--;
  }
  let values = joinSplitNegatives(words.slice(start).filter((w) => w !== "$"));
  let label = words.slice(0, start);
  if (columns !== null && values.length > columns) {
    label = [...label, ...values.slice(0, values.length - columns)];
    values = values.slice(values.length - columns);
  }
  return { label: label.join(" "), values };
}

/**
 * Section-split filings (text extracted from the filing's HTML) print a table row on one line with
 * single spaces ("Products $ 294,866 $ 298,085") and a column header over several lines ("September 28,"
 * / "2024 September 30," / "2023"). Rewritten as page-aligned lines, so one table reader reads both:
 * blank lines dropped, a header joined into one line after a table break, a row's cells spaced apart.
 */
export function layoutOfFlowText(text: string): FlowLayout {
  const source = text.split("\n").map((l) => l.replace(/\u00a0/g, " ").trim());
  const lines: string[] = [];
  const sourceLine: number[] = [];
  let columns: number | null = null;
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "") continue;
    // A header may start at the end of a text line ("(in millions) December 31," / "2024 December 31,"
    // / "2023"): a month and day there, with the year on the next lines.
    const words = source[i]!.split(/\s+/);
    let tail = words.length;
    while (tail > 0 && isHeaderFragment(words[tail - 1]!)) tail--;
    const head =
      tail > 0 && MONTH_WORD.test(words[tail] ?? "") && !words.slice(tail).some((w) => YEAR_WORD.test(w))
        ? { text: words.slice(0, tail).join(" "), fragment: words.slice(tail).join(" ") }
        : null;
    const run: number[] = head === null ? [] : [i];
    for (let j = head === null ? i : i + 1; j < source.length && run.length < MAX_HEADER_LINES; j++) {
      if (source[j] === "") continue;
      if (!isHeaderFragment(source[j]!)) break;
      run.push(j);
    }
    const fragments = run.map((j) => (j === i && head !== null ? head.fragment : source[j]));
    const header = run.length > (head === null ? 0 : 1) ? flowHeader(fragments.join(" ")) : null;
    if (header !== null) {
      if (head !== null) {
        lines.push(head.text);
        sourceLine.push(i);
      }
      // Four blank lines end the table before it (the reader's rule), above the title and span lines
      // that lead to this header (no values, at most eight), then the header on one line.
      let start = lines.length;
      while (
        start > 0 &&
        lines.length - start < 8 &&
        lines[start - 1] !== "" &&
        splitLayoutLine(lines[start - 1]!).values.length === 0
      )
        start--;
      lines.splice(start, 0, "", "", "", "");
      sourceLine.splice(start, 0, -1, -1, -1, -1);
      lines.push([header.phrase, ...header.cells].filter((c) => c !== "").join("   "));
      sourceLine.push(run[run.length - 1]!);
      columns = header.cells.length;
      i = run[run.length - 1]!;
      continue;
    }
    const { label, values } = flowCells(source[i]!, columns);
    // "Six months ended June 30": a day after a month is part of the text, no value.
    const endsWithDate = values.length === 1 && DAY_WORD.test(values[0]!) && MONTH_WORD.test(label.split(" ").at(-1)!);
    // A label wrapped before its values ("… allowances of $985 and $1,000" / "22,365 21,276"): all text.
    let n = i + 1;
    while (n < source.length && source[n] === "") n++;
    const next = columns !== null && values.length > 0 && values.length < columns ? source[n] : undefined;
    const nextCells = next === undefined ? null : flowCells(next, columns);
    const wrapsOnto = nextCells !== null && nextCells.label === "" && nextCells.values.length === columns;
    lines.push(values.length === 0 || endsWithDate || wrapsOnto ? source[i]! : [label, ...values].join("   "));
    sourceLine.push(i);
  }
  return { lines, sourceLine };
}
