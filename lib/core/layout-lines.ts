// Lines of page-aligned text (pdftotext -layout): a table row is its label followed by value cells,
// separated by runs of ≥ 3 spaces. One splitter for every reader of such tables (the facts reader in
// lib/ingest/facts, the filing tables the chat reasons over in lib/documents/filings).

/** A cell that is a dash: no value ("—", "–", "--"). */
export const DASH_CELL = /^[—–-]{1,2}$/;
const NUMBER_CELL = /^\(?-?\$?\(?\d[\d,]*(\.\d+)?\)?%?\)?$/;

export interface LayoutLine {
  /** Leading spaces: nested rows are indented under their heading. */
  indent: number;
  label: string;
  /** The number or dash cells at the end of the line, as written. */
  values: string[];
}

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
  return { indent, label: words.join(" ").trim(), values };
}
