// Section texts that print a table one cell per line (the neo4j 10-K sections: a row's label on a line,
// then "$", each value and "%" on lines of their own; the column header one line per column), rewritten
// as page-aligned lines so the one table reader (lib/ingest/facts/tables.ts) reads them. Only the period
// columns are kept (the "% change" columns between them are derived); a table whose columns cannot be
// placed for certain yields no lines, and so does a row whose cells do not fill its table's columns.
import { DASH_CELL, type FlowLayout, NUMBER_CELL } from "./layout-lines";

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** A period column's header: "2023", "FISCAL 2023", "Fiscal Year 2023", "May 31, 2023". */
const YEAR_LINE = new RegExp(`^(?:fiscal\\s+(?:year\\s+)?|${MONTH}\\s+\\d{1,2},?\\s+)?(?:19|20)\\d{2}$`, "i");
const BARE_YEAR = /^(?:19|20)\d{2}$/;
/** "June 25," over "2023": a date printed over two lines. */
const MONTH_DAY_LINE = new RegExp(`^${MONTH}\\s+\\d{1,2},?$`, "i");
/** A cell that is no number: "n/m", "NM", "N/A", basis points ("20 bps", "(10) bps"). */
const OTHER_CELL = /^(n\/?m|n\/a|\(?-?\d[\d,.]*\)?\s*(bps|pts?))$/i;
/** "(1)": a footnote mark after a label, or a negative value; only the row's cell count tells. */
const AMBIGUOUS_MARK = /^\(\d{1,2}\)$/;
/** Marks that are never values: "(a)", "(1),(4)", "*". */
const FOOTNOTE_MARK = /^(\(([a-z]|\d{1,2})\)(\s*,\s*\(([a-z]|\d{1,2})\))*|\*{1,3})$/i;
/** A page number set apart from a running title by a wide gap, before or after it. */
const RUNNING_HEAD = /^\d{1,3}\s{4,}\S.*[^\d\s]$|^\S.*[^\d\s]\s{4,}\d{1,3}$/;
const SCALE_WORD = /\b(millions|thousands|billions)\b/i;
/** A line outside any table that states a scale: for every table after it ("Tabular dollars are presented
 * in millions"), or, introducing one, for that table alone ("The following table compares … (in millions):"). */
const STATED_SCALE = /\bin (millions|thousands|billions)\b/i;
const TABLE_INTRO = /\b(following|below)\b.*\btables?\b|\btables?\b.*\b(follows?|below)\b|:$/i;
/** The exceptions a scale may name that the table reader places itself (per-share rows, percentages). */
const PLACED_EXCEPTIONS =
  /\b(unless|otherwise|noted|for|per|share|shares|data|amounts?|and|percentages?|percent|ratios?|par|value)\b|[\s,.;)-]/gi;
/** Headers over an average or a trailing sum ("AVERAGE FOR THE TRAILING FIVE QUARTERS ENDED") name no
 * fiscal period; such a table is left out rather than read as one. */
const NOT_A_PERIOD = /\b(average|trailing)\b/i;
/** Lines above a header that still belong to it (title, scale, "Years Ended", "June 30,"). */
const MAX_LEAD_LINES = 6;
/** One period column is too little to tell a table from a year printed in a sentence ("Fiscal 2023"). */
const MIN_PERIOD_COLUMNS = 2;
/** Label lines without values in a row before the table is taken to have ended. */
const MAX_HEADING_RUN = 3;

type Token =
  | { kind: "text"; text: string; line: number }
  /** A page's running head or foot ("The Example Company        17"): no table goes on past it. */
  | { kind: "page_break"; line: number }
  | { kind: "value"; text: string; line: number }
  | { kind: "dollar"; line: number }
  /** "(" printed on the line before its number ("(", "11", ")"). */
  | { kind: "opening"; line: number }
  /** "%" or ")" printed on the line after its number ("(952", ")"). */
  | { kind: "closing"; text: string; line: number };

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  text.split("\n").forEach((raw, line) => {
    const spaced = raw.replace(/\u00a0/g, " ").trim();
    const t = spaced.replace(/\s+/g, " ");
    if (t === "") return;
    if (RUNNING_HEAD.test(spaced)) tokens.push({ kind: "page_break", line });
    else if (t === "$") tokens.push({ kind: "dollar", line });
    else if (t === "(") tokens.push({ kind: "opening", line });
    else if (t === "%" || t === ")") tokens.push({ kind: "closing", text: t, line });
    else if (!BARE_YEAR.test(t) && (NUMBER_CELL.test(t) || DASH_CELL.test(t) || OTHER_CELL.test(t)))
      tokens.push({ kind: "value", text: t, line });
    else tokens.push({ kind: "text", text: t, line });
  });
  return tokens;
}

const textOf = (token: Token | undefined): string | null => (token?.kind === "text" ? token.text : null);
const isMark = (token: Token): boolean =>
  (token.kind === "value" && AMBIGUOUS_MARK.test(token.text)) ||
  (token.kind === "text" && FOOTNOTE_MARK.test(token.text));

/** A text line that is no table line: prose, a bullet, a page's running head or footer. */
function isProse(text: string): boolean {
  return (
    text.length > 100 ||
    (/[.;]$/.test(text) && text.split(" ").length >= 6) ||
    text === "•" ||
    /^table of contents?$/i.test(text) ||
    /\bform 10-k\b/i.test(text)
  );
}

/** A row's label: starts with a word, an opening mark or "%" ("% of revenues"), its parentheses closed,
 * no sentence cut before a number ("… in exchange for $", "(approximately"). Anything else ends a table. */
function isRowLabel(text: string): boolean {
  const opened = (text.match(/\(/g) ?? []).length;
  const closed = (text.match(/\)/g) ?? []).length;
  return /^[\p{L}\d(“"'‘%]/u.test(text) && opened === closed && !/[$(,–-]$/.test(text);
}

/** The period column a header starts at `at` with, and how many lines it takes (a date over two lines). */
function yearAt(tokens: readonly Token[], at: number): { text: string; length: number } | null {
  const text = textOf(tokens[at]);
  if (text === null) return null;
  if (YEAR_LINE.test(text)) return { text, length: 1 };
  const next = textOf(tokens[at + 1]);
  // "June 30," over "2023" and "2022": one month and day for every year, a line of the header's phrase.
  const sharedBy = textOf(tokens[at + 2]);
  if (MONTH_DAY_LINE.test(text) && next !== null && BARE_YEAR.test(next) && !(sharedBy && BARE_YEAR.test(sharedBy)))
    return { text: `${text.replace(/,$/, "")}, ${next}`, length: 2 };
  return null;
}

interface Header {
  /** Every column label after the first year, in order: a year, or another column ("% CHANGE"). */
  columns: { year: string | null; label?: string }[];
  years: string[];
  /** Scale lines printed among the column labels ("(in thousands, except percentages)"). */
  scaleLines: number[];
  /** The source line of the last year. */
  line: number;
  /** The token after the header. */
  end: number;
}

/**
 * The column header starting at `start` (its first year): years, footnote marks, and the labels of other
 * columns, up to the first row's label (a text line followed by a cell) or a heading ("Net sales:").
 * Null when a year is followed by a cell (a row labelled by a year: "2024   $ 199").
 */
function headerAt(tokens: readonly Token[], start: number): Header | null {
  const header: Header = { columns: [], years: [], scaleLines: [], line: -1, end: start };
  let at = start;
  while (at < tokens.length) {
    const token = tokens[at]!;
    if (token.kind === "page_break") break;
    const year = yearAt(tokens, at);
    if (year !== null) {
      header.columns.push({ year: year.text });
      header.years.push(year.text);
      header.line = tokens[at + year.length - 1]!.line;
      at += year.length;
      continue;
    }
    if (token.kind === "value") {
      if (!AMBIGUOUS_MARK.test(token.text)) return null;
      at++; // a footnote mark on a column header
      continue;
    }
    if (token.kind === "opening") return null; // a value follows: a row labelled by a year
    if (token.kind === "dollar" || token.kind === "closing") {
      header.columns.push({ year: null }); // "$   %": the columns of a change
      at++;
      continue;
    }
    // The first row's label is followed by a cell ("Revenues", "$", "51,217"), past its footnote marks.
    let next = at + 1;
    while (next < tokens.length && isMark(tokens[next]!)) next++;
    const startsRow = tokens[next]?.kind === "value" || tokens[next]?.kind === "dollar";
    if (FOOTNOTE_MARK.test(token.text)) at++;
    else if (isProse(token.text) || startsRow || /:$/.test(token.text)) break;
    else if (SCALE_WORD.test(token.text)) header.scaleLines.push(at++);
    else {
      header.columns.push({ year: null, label: token.text.toLowerCase() });
      at++;
    }
  }
  header.end = at;
  return header;
}

interface Row {
  label: string;
  line: number;
  cells: string[];
  /** Whether the first cell came right after the label and may be its footnote mark ("(2)"). */
  firstMayBeMark: boolean;
  /** The token the row starts at. */
  token: number;
}

/** A row with no cells yet, or only a "(1)" that may be its label's footnote mark. */
const isHeadingSoFar = (row: Row): boolean => row.cells.length === 0 || (row.cells.length === 1 && row.firstMayBeMark);

/** The rows after a header, up to prose, a page break or the next header; headings are rows without cells. */
function rowsFrom(tokens: readonly Token[], start: number): { rows: Row[]; end: number } {
  const rows: Row[] = [];
  let isOpened = false; // a "(" before the next value
  let at = start;
  for (; at < tokens.length; at++) {
    const token = tokens[at]!;
    const row = rows.at(-1);
    if (token.kind === "page_break" || yearAt(tokens, at) !== null) break;
    if (token.kind === "text") {
      if (isProse(token.text)) break;
      const isMarkOrColon = FOOTNOTE_MARK.test(token.text) || /^[:;]$/.test(token.text);
      if (row !== undefined && isHeadingSoFar(row)) {
        // "… Equivalent Basis", "(1)", ":": a heading and its footnote mark, no cell.
        row.label += row.cells.map((c) => ` ${c}`).join("");
        row.cells = [];
      }
      if (row !== undefined && row.cells.length === 0 && isMarkOrColon)
        row.label += /^[:;]$/.test(token.text) ? token.text : ` ${token.text}`;
      // A footnote's mark after the rows (its text follows), or a sentence cut around numbers.
      else if (isMarkOrColon || !isRowLabel(token.text)) break;
      else {
        let headings = 0;
        while (headings < rows.length && rows[rows.length - 1 - headings]!.cells.length === 0) headings++;
        if (headings >= MAX_HEADING_RUN) break;
        rows.push({ label: token.text, line: token.line, cells: [], firstMayBeMark: false, token: at });
      }
      continue;
    }
    if (row === undefined) break;
    if (token.kind === "dollar") continue;
    if (token.kind === "opening") {
      isOpened = true;
      continue;
    }
    if (token.kind === "closing") {
      const last = row.cells.length - 1;
      if (last >= 0 && !row.cells[last]!.endsWith(token.text)) row.cells[last] += token.text;
      if (last === 0) row.firstMayBeMark = false; // "(7)", "%": a value, no footnote mark takes a "%"
      continue;
    }
    // "(1)" before the text of a footnote is the footnote's mark: the table ended above it.
    const next = textOf(tokens[at + 1]);
    if (AMBIGUOUS_MARK.test(token.text) && next !== null && isProse(next)) break;
    if (row.cells.length === 0) row.firstMayBeMark = !isOpened && AMBIGUOUS_MARK.test(token.text);
    row.cells.push(isOpened ? `(${token.text}` : token.text);
    isOpened = false;
  }
  // Label lines after the last row belong to what follows (the next table's title and header lines).
  while (rows.length > 0 && rows.at(-1)!.cells.length === 0) at = rows.pop()!.token;
  return { rows, end: at };
}

/** The number of columns most rows fit: a row whose first cell may be its label's footnote mark fits its
 * count without it too (the larger count on a tie). */
function commonCount(rows: readonly Row[]): number {
  const fits = new Map<number, number>();
  const countFit = (count: number) => fits.set(count, (fits.get(count) ?? 0) + 1);
  for (const r of rows) {
    if (r.cells.length > 0) countFit(r.cells.length);
    if (r.firstMayBeMark && r.cells.length > 1) countFit(r.cells.length - 1);
  }
  let best = 0;
  for (const [count, n] of fits) if (n > (fits.get(best) ?? 0) || (n === fits.get(best) && count > best)) best = count;
  return best;
}

/**
 * Which of a table's `total` cells are its period columns: all when there are as many years; the years'
 * places when the header names every column; the first ones when the years lead the header and other
 * columns follow them ("2023   2022   % Change"), unless a label repeats: columns under each year
 * ("Amount   % of Net Sales" twice). Null when the header does not say.
 */
function periodPositions(header: Header, total: number): number[] | null {
  const count = header.years.length;
  if (total === count) return header.years.map((_, i) => i);
  if (total < count) return null;
  if (header.columns.length === total) return header.columns.flatMap((c, i) => (c.year === null ? [] : [i]));
  const yearsLead = header.columns.slice(0, count).every((c) => c.year !== null);
  const labels = header.columns.flatMap((c) => (c.label === undefined ? [] : [c.label]));
  const isRepeated = new Set(labels).size < labels.length;
  return yearsLead && header.columns.length > count && !isRepeated ? header.years.map((_, i) => i) : null;
}

/** The row's cells in the table's columns: a footnote mark moved back to the label, a page number after
 * the table's last row dropped. Null when the cells still do not fill the columns. */
function fitted(row: Row, total: number, isLast: boolean): { label: string; cells: string[] } | null {
  let { label, cells } = row;
  if (cells.length === total + 1 && row.firstMayBeMark) {
    label = `${label} ${cells[0]}`;
    cells = cells.slice(1);
  }
  if (isLast && cells.length === total + 1 && /^\d{1,3}$/.test(cells[total]!)) cells = cells.slice(0, total);
  return cells.length === total ? { label, cells } : null;
}

/** The first of the text lines above a header that belong to it (title, scale, "Years Ended"), not
 * before `free` (the end of the table before). */
function leadOf(tokens: readonly Token[], header: number, free: number): number {
  let lead = header;
  while (lead > free && header - lead < MAX_LEAD_LINES) {
    const above = textOf(tokens[lead - 1]);
    // The tail of a word split over lines ("Table of Content", "s") is none either.
    if (above === null || isProse(above) || YEAR_LINE.test(above) || above.length < 2) break;
    lead--;
  }
  return lead;
}

/** A table's rows as page-aligned lines of its period cells: headings as they are, rows that do not fit
 * the columns left out. */
function rowLines(
  rows: readonly { row: Row; fit: { label: string; cells: string[] } | null }[],
  positions: readonly number[],
): { line: string; source: number }[] {
  // A row of 100% ("Sales   100.0%   100.0%") heads a table of percentages of it, printed without "%".
  const isPercentOf = rows.some(
    ({ fit }) => fit !== null && positions.every((p) => /^100(\.0+)?%$/.test(fit.cells[p]!)),
  );
  return rows.flatMap(({ row, fit }) => {
    if (row.cells.length === 0) return [{ line: row.label, source: row.line }];
    if (fit === null) return [];
    const cells = positions
      .map((p) => fit.cells[p]!)
      .map((c) => (isPercentOf && NUMBER_CELL.test(c) && !c.endsWith("%") ? `${c}%` : c));
    // A period cell that is no number ("n/m") leaves the row out, and so does a money row with a scale of
    // its own ("Revenue (in millions)" in a table of thousands): the table's scale is not its.
    const hasOwnScale = SCALE_WORD.test(fit.label) && !/\bshares?\b|number of/i.test(fit.label);
    if (hasOwnScale || !cells.every((c) => NUMBER_CELL.test(c) || DASH_CELL.test(c))) return [];
    return [{ line: [fit.label, ...cells].join("   "), source: row.line }];
  });
}

/**
 * Tables printed one cell per line, as page-aligned lines (four blank lines between tables, a header of
 * the period columns, one line per row), and each line's index in the source (-1: a break added). Only
 * the tables are written: the text between them holds no rows.
 */
export function layoutOfCellLines(text: string): FlowLayout {
  const tokens = tokensOf(text);
  const layout: FlowLayout = { lines: [], sourceLine: [] };
  const push = (line: string, source: number) => {
    layout.lines.push(line);
    layout.sourceLine.push(source);
  };
  // Scale statements outside the tables, by token index: a table's own lead lines are no such statement.
  const statedScales: number[] = [];
  let free = 0; // the first token no table has taken
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (token.kind === "text" && STATED_SCALE.test(token.text)) statedScales.push(at);
    if (yearAt(tokens, at) === null) continue;
    const header = headerAt(tokens, at);
    if (header === null) continue;
    const { rows, end } = rowsFrom(tokens, header.end);
    const lead = leadOf(tokens, at, free);
    const leadTokens = tokens.slice(lead, at).flatMap((t) => (t.kind === "text" ? [t] : []));
    const total = commonCount(rows);
    const positions = periodPositions(header, total);
    const isPeriod = !leadTokens.some((t) => NOT_A_PERIOD.test(t.text));
    while (statedScales.length > 0 && statedScales.at(-1)! >= lead) statedScales.pop();
    // The statement since the table before, else the last one stated for every table.
    const stated =
      statedScales.filter((i) => i >= free).at(-1) ??
      statedScales.filter((i) => !TABLE_INTRO.test(textOf(tokens[i])!)).at(-1);
    at = Math.max(at, end - 1);
    free = end;
    // A year printed twice heads two tables side by side ("2023   2022" in dollars, then as a percent of
    // revenue): which cells are which is not printed.
    const hasDistinctYears =
      new Set(header.years.map((y) => /(?:19|20)\d{2}/.exec(y)![0])).size === header.years.length;
    if (positions === null || !isPeriod || !hasDistinctYears || header.years.length < MIN_PERIOD_COLUMNS) continue;
    const fittedRows = rows.map((row, i) => ({ row, fit: fitted(row, total, i === rows.length - 1) }));
    if (fittedRows.filter((r) => r.fit !== null).length < 2) continue;
    // A row whose period cells mix amounts and percentages ("3,647.1   73.5%") shows the columns misplaced.
    const isMisplaced = fittedRows.some(({ fit }) => {
      const percents = fit === null ? [] : positions.map((p) => fit.cells[p]!.endsWith("%"));
      return percents.includes(true) && percents.includes(false);
    });
    if (isMisplaced) continue;
    const ownScale = [...leadTokens.map((t) => t.text), ...header.scaleLines.map((i) => textOf(tokens[i])!)].find((t) =>
      SCALE_WORD.test(t),
    );
    const scaleLine = ownScale === undefined && stated !== undefined ? tokens[stated]! : null;
    // "(in thousands, except yield amounts)": rows the exception covers cannot be told from the others.
    const exceptions = /\bexcept\b(.*)$/i.exec(ownScale ?? textOf(scaleLine ?? undefined) ?? "")?.[1] ?? "";
    if (exceptions.replace(PLACED_EXCEPTIONS, "") !== "") continue;
    for (let i = 0; i < 4; i++) push("", -1); // four blank lines end the table before (the reader's rule)
    // Above the title, so the header's own lines stay next to it ("Years Ended", "June 30,").
    if (scaleLine?.kind === "text") push(scaleLine.text, scaleLine.line);
    for (const t of leadTokens) push(t.text, t.line);
    for (const i of header.scaleLines) push(textOf(tokens[i])!, tokens[i]!.line);
    push(header.years.join("   "), header.line);
    for (const { line, source } of rowLines(fittedRows, positions)) push(line, source);
  }
  return layout;
}
