// Finds the financial tables in page-aligned filing text (pdftotext -layout: one table row per line,
// cells separated by runs of ≥ 3 spaces) and reads each one: title, column headers and the period each
// column covers, scale, currency, and every row's label and exact values. Pure: text in, tables out.
import { isCalendarDay, isoDateOf, lastDayOfMonth, MONTH_NAMES } from "@/lib/core/dates";
import { DASH_CELL, splitLayoutLine } from "@/lib/core/layout-lines";
import { matchesOf } from "@/lib/core/regex";

export type StatementKind = "income" | "balance" | "cash_flow" | "segment" | "other";

/** How long the period of a column is; "instant" for balances at a date ("As of December 31, 2020"). */
export type ColumnSpan = "instant" | "year" | "nine_months" | "six_months" | "quarter";

export interface TableColumn {
  /** The header text of this column as written, every header line joined ("August 28, 2022"). */
  header: string;
  /** The period's last day; `endDateIsExact` false when only the year was printed. */
  endDate: string | null;
  endDateIsExact: boolean;
  /** The year printed in the header (fiscal years are named by the calendar year they end in). */
  year: number | null;
  span: ColumnSpan | null;
}

/** One value cell: the number as printed, normalized to an exact decimal string (null for a dash). */
interface TableCell {
  /** "(1,226)" → "-1226", "4.98" → "4.98", "—" → null. */
  value: string | null;
  written: string;
  isPercent: boolean;
}

export interface TableRow {
  /** The row label as written (a label wrapped over two lines joined), footnote marks kept. */
  label: string;
  /** Section headings above it ("Earnings per share:" for "Basic"), outermost first. */
  sections: string[];
  /** 0-based line index on the page of the line holding the values. */
  line: number;
  cells: TableCell[];
  isSubtotal: boolean;
}

export interface FilingTable {
  title: string;
  statement: StatementKind;
  /** 1 for units, 1000 for "in thousands", 1e6 for "in millions", 1e9 for "in billions". */
  scale: number;
  /** The phrase the scale was read from, or null when none was printed (values then read as units). */
  scaleWritten: string | null;
  currency: string;
  columns: TableColumn[];
  rows: TableRow[];
  /** First line of the table (its header) on the page. */
  line: number;
  /** The last line holding values, read or left out. */
  lastLine: number;
  /** Rows whose number of values did not match the columns (left out, counted for the report). */
  skippedRows: number;
}

const YEAR = /^(?:fiscal\s+)?((?:19|20)\d{2})$/i;
const MONTH_PATTERN = "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
const MONTH_DAY = new RegExp(`^${MONTH_PATTERN}\\s+(\\d{1,2}),?$`, "i");
const MONTH_DAY_YEAR = new RegExp(`^${MONTH_PATTERN}\\s+(\\d{1,2}),?\\s+((?:19|20)\\d{2})$`, "i");
const MONTH_DAY_IN_TEXT = new RegExp(`${MONTH_PATTERN}\\s+(\\d{1,2}),?\\s*$`, "i");
const SCALE = /\(?\s*(?:\$|dollars|amounts|usd)?\s*(?:in\s+)?(millions|thousands|billions)\b[^)]*\)?/i;
const SCALES: Readonly<Record<string, number>> = { thousands: 1e3, millions: 1e6, billions: 1e9 };
/** Rows whose values are per-share amounts or counts, not money, whatever the table's scale says. */
const PER_SHARE = /per\s+(common\s+)?share|per\s+diluted|per\s+basic|earnings\s+per|\beps\b/i;
const SHARES = /\bshares\b|shares outstanding|weighted[- ]average/i;
/** Headings that name a share count even though they mention per-share figures ("Shares used in per share calculation"). */
const SHARE_COUNT =
  /shares used|weighted[- ]average (number of )?(common )?shares|shares outstanding|number of shares/i;
/** A count printed as is ("Number of warehouses"), whatever the table's scale says. */
const COUNT_LABEL = /^(total )?number of\b/i;
const MONEY_WORDS = /\$|amount|repurchase|dividend|cost|value|proceeds|compensation/i;
const SUBTOTAL =
  /^(total\b|net cash|gross (margin|profit)|operating income|income before|net (income|earnings|loss)|net (increase|decrease|change))/i;
const PARENT_ONLY = /parent company only|financial information of (the )?registrant/i;
/** Whether a row label names a total or subtotal line ("Total assets", "Net income"). */
export const isSubtotalLabel = (label: string): boolean => SUBTOTAL.test(label);
const SPAN_PHRASES: ReadonlyArray<[RegExp, ColumnSpan]> = [
  [/(three months|quarter|13 weeks|twelve weeks|12 weeks|14 weeks|16 weeks)/gi, "quarter"],
  [/(six months|26 weeks|24 weeks|28 weeks)/gi, "six_months"],
  [/(nine months|39 weeks|36 weeks|40 weeks)/gi, "nine_months"],
  [/(years? ended|fiscal years?|twelve months|52 weeks|53 weeks|year end(ed|ing)?)/gi, "year"],
  [/(as of|\bat\b|balance)/gi, "instant"],
];

function monthNumber(word: string): number {
  const prefix = word.toLowerCase().slice(0, 3);
  return MONTH_NAMES.findIndex((m) => m.startsWith(prefix)) + 1;
}

/** "(1,226)" → "-1226"; "$5.82" → "5.82"; "12.5%" → "12.5"; dashes → null. */
export function parseCell(written: string): TableCell {
  if (DASH_CELL.test(written)) return { value: null, written, isPercent: false };
  const isNegative = written.includes("(") || written.startsWith("-");
  const digits = written.replace(/[()$,%\s-]/g, "");
  return {
    value: isNegative && !/^0*\.?0*$/.test(digits) ? `-${digits}` : digits,
    written,
    isPercent: written.endsWith("%") || written.endsWith("%)"),
  };
}

/** A column beside the periods holding the change between them ("% Change", "Increase (Decrease)"): no period. */
const CHANGE_HEADER =
  /^(?:[$%]\s*)?(?:change|variance|increase\s*\/?\s*\(?decrease\)?|inc\.?\s*\/?\s*\(?dec\.?\)?)(?:\s*%)?$/i;
/** A phrase ending in a month and day or "ended", then a year: "Years ended December 31, 2022". */
const GLUED_YEAR = new RegExp(
  `^(?<phrase>.*(?:${MONTH_PATTERN}\\s+\\d{1,2},|\\bended|\\bending))\\s+(?<year>(?:19|20)\\d{2})$`,
  "i",
);
const isChangeHeader = (cell: string): boolean => CHANGE_HEADER.test(cell);
const isDatedCell = (cell: string): boolean =>
  MONTH_DAY.test(cell) || MONTH_DAY_YEAR.test(cell) || /^fiscal\s+\d{4}$/i.test(cell) || YEAR.test(cell);

/** The header cells of a line: the year or date segments (and change columns right of them), and the text before them. */
function headerCells(line: string): { text: string; cells: string[] } | null {
  const segments = line
    .trim()
    .split(/\s{3,}/)
    .map((s) => s.trim());
  const cells: string[] = [];
  while (segments.length > 0) {
    const last = segments[segments.length - 1]!;
    const years = last.split(/\s+/).every((w) => YEAR.test(w)) ? last.split(/\s+/) : null;
    // "December 31,   2022   2021": a lone month and day left of bare years is the text every year shares.
    const isSharedMonthDay =
      MONTH_DAY.test(last) &&
      cells.some((c) => YEAR.test(c)) &&
      !cells.some((c) => MONTH_DAY.test(c) || MONTH_DAY_YEAR.test(c)) &&
      !isDatedCell(segments[segments.length - 2] ?? "");
    if (years !== null && !/^fiscal$/i.test(last)) cells.unshift(...years);
    else if (isSharedMonthDay) break;
    else if (isDatedCell(last) || isChangeHeader(last)) cells.unshift(last);
    else break;
    segments.pop();
  }
  // "Years ended December 31, 2022   2021   2020": the first year glued to the phrase over the years.
  const glued = GLUED_YEAR.exec(segments[segments.length - 1] ?? "");
  if (glued && cells.length > 0 && cells.every((c) => YEAR.test(c) || isChangeHeader(c))) {
    segments[segments.length - 1] = glued.groups!.phrase!;
    cells.unshift(glued.groups!.year!);
  }
  // A change column is one only right of a period ("2022   2021   % Change"), never alone.
  while (cells.length > 0 && isChangeHeader(cells[0]!)) segments.push(cells.shift()!);
  return cells.length === 0 ? null : { text: segments.join(" "), cells };
}

const isBlank = (line: string): boolean => line.trim() === "";

/** The span each column has, from the phrases over the columns ("Three Months Ended   Nine Months Ended"). */
function columnSpans(headerText: string, count: number, statement: StatementKind): (ColumnSpan | null)[] {
  const found: { index: number; span: ColumnSpan }[] = [];
  for (const [pattern, span] of SPAN_PHRASES) {
    for (const match of matchesOf(headerText, pattern)) found.push({ index: match.index, span });
  }
  found.sort((a, b) => a.index - b.index);
  const spans = found.map((f) => f.span).filter((s, i, all) => i === 0 || s !== all[i - 1] || found.length <= count);
  // A year column without a phrase is the fiscal year (its total, or its closing balance).
  const fallback: ColumnSpan = statement === "balance" ? "instant" : "year";
  if (spans.length === 0) return Array.from({ length: count }, () => fallback);
  // Several phrases share the columns evenly, in the order they are printed.
  const per = Math.max(1, Math.floor(count / spans.length));
  return Array.from({ length: count }, (_, i) => spans[Math.min(spans.length - 1, Math.floor(i / per))] ?? fallback);
}

function statementOf(title: string, labels: string[]): StatementKind {
  const text = title.toLowerCase();
  if (/segment/.test(text)) return "segment";
  // "Balance sheet classification", "balance sheet location": a note placing amounts on the statement.
  if (/classification|location/.test(text)) return "other";
  if (/cash flows?/.test(text)) return "cash_flow";
  if (/balance sheets?|statements? of (consolidated )?financial (position|condition)/.test(text)) return "balance";
  if (
    /statements? of (consolidated )?(income|operations|earnings)|income statements?|statements? of (comprehensive )?(income|loss)/.test(
      text,
    )
  )
    return "income";
  // Without a statement title, only a full statement's lines decide (a pro forma or note table with a
  // revenue and a net income line is no income statement).
  const all = labels.join(" | ").toLowerCase();
  if (labels.length < 8) return "other";
  if (/net cash (provided|used)/.test(all) && /investing activities/.test(all)) return "cash_flow";
  if (/total assets/.test(all) && /total liabilities and/.test(all) && /total current/.test(all)) return "balance";
  if (
    /(revenue|net sales)/.test(all) &&
    /net (income|earnings|loss)/.test(all) &&
    /per share/.test(all) &&
    /(cost of|operating income|income before)/.test(all)
  )
    return "income";
  return "other";
}

/** The column period of one header: a date, a month and day over a year, or a year alone. */
function columnOf(
  header: string,
  monthDay: { month: number; day: number } | null,
  fiscalYearEndMonth: number,
  span: ColumnSpan | null,
): TableColumn {
  const full = MONTH_DAY_YEAR.exec(header);
  const yearMatch = /((?:19|20)\d{2})/.exec(header);
  const year = yearMatch ? Number(yearMatch[1]) : null;
  const month = full ? monthNumber(full[1]!) : monthDay?.month;
  const day = full ? Number(full[2]) : monthDay?.day;
  if (year !== null && month !== undefined && month > 0 && day !== undefined && isCalendarDay(year, month, day)) {
    return { header, endDate: isoDateOf({ year, month, day }), endDateIsExact: true, year, span };
  }
  if (year === null) return { header, endDate: null, endDateIsExact: false, year, span };
  return { header, endDate: isoDateOf(lastDayOfMonth(year, fiscalYearEndMonth)), endDateIsExact: false, year, span };
}

interface HeaderBlock {
  first: number;
  last: number;
  columns: TableColumn[];
  text: string;
}

/** The header lines ending at `index` (the line with the years), upward while they belong to it. */
function readHeader(lines: string[], index: number, fiscalYearEndMonth: number): HeaderBlock | null {
  const cells = headerCells(lines[index]!);
  if (cells === null) return null;
  const isPeriod = cells.cells.map((c) => !isChangeHeader(c));
  const periodCount = isPeriod.filter(Boolean).length;
  let first = index;
  const texts = [cells.text];
  let monthDays: ({ month: number; day: number; written: string } | null)[] = cells.cells.map(() => null);
  // Month-day lines name the period columns in order; a change column has none.
  const onPeriods = (days: { month: number; day: number; written: string }[]) => {
    let next = 0;
    return isPeriod.map((p) => (p ? days[next++]! : null));
  };
  // Up to three lines above: month-day lines ("August 28,   August 29,"), span phrases, group names.
  for (let above = index - 1; above >= Math.max(0, index - 3); above--) {
    const line = lines[above]!;
    if (isBlank(line)) break;
    const parts = line.trim().split(/\s{3,}/);
    const dates = parts.filter((p) => MONTH_DAY.test(p));
    if (dates.length === periodCount && monthDays.every((m) => m === null)) {
      monthDays = onPeriods(
        dates.map((d) => {
          const m = MONTH_DAY.exec(d)!;
          return { month: monthNumber(m[1]!), day: Number(m[2]), written: d.replace(/,$/, "") };
        }),
      );
      texts.unshift(parts.filter((p) => !MONTH_DAY.test(p)).join(" "));
    } else if (splitLayoutLine(line).values.length > 0 || line.trim().length > 110) {
      break;
    } else texts.unshift(line.trim());
    first = above;
  }
  const text = texts.join(" ");
  // A single month and day in the text before the years applies to each ("Year Ended June 30,   2020   2019").
  const shared = MONTH_DAY_IN_TEXT.exec(text.replace(/\(.*?\)/g, "").trim());
  if (shared && monthDays.every((m) => m === null)) {
    const written = shared[0].trim().replace(/,$/, "");
    const day = { month: monthNumber(shared[1]!), day: Number(shared[2]), written };
    monthDays = onPeriods(Array.from({ length: periodCount }, () => day));
  }
  return {
    first,
    last: index,
    text,
    columns: cells.cells.map((c, i) => {
      const written = monthDays[i] && !MONTH_DAY_YEAR.test(c) ? `${monthDays[i]!.written}, ${c}` : c;
      return columnOf(written, monthDays[i] ?? null, fiscalYearEndMonth, null);
    }),
  };
}

/** The title: the nearest line above the header that names a statement, else the nearest text line. */
function titleAbove(lines: string[], header: HeaderBlock): string {
  let nearest = "";
  for (let i = header.last - 1; i >= Math.max(0, header.first - 8); i--) {
    const text = lines[i]!.trim();
    if (text === "" || /^table of contents$/i.test(text) || (SCALE.test(text) && text.length < 40)) continue;
    if (splitLayoutLine(lines[i]!).values.length > 0) break;
    // A sentence that mentions a statement ("… included in our Consolidated Statements of Income …") is no title.
    const isTitleLike = text.length < 90 && !/[.:]$/.test(text) && !/\b(our|were|was|are|the following)\b/i.test(text);
    if (isTitleLike && /statements?|balance sheets?|financial position|segment|summary|results/i.test(text))
      return text;
    if (nearest === "" && isTitleLike) nearest = text;
  }
  return nearest;
}

function scaleNear(lines: string[], from: number, to: number): { scale: number; written: string | null } {
  for (let i = to; i >= Math.max(0, from); i--) {
    const match = SCALE.exec(lines[i]!);
    if (match) return { scale: SCALES[match[1]!.toLowerCase()]!, written: match[0].trim() };
  }
  return { scale: 1, written: null };
}

/** A header over this many value lines, none of them read, is still a table: one the reader could not read. */
const MIN_UNREAD_ROWS = 2;

/**
 * Every table of one page that has period columns and at least two rows of values, read or not (a table
 * whose rows all had another number of values than its columns has no rows and its skippedRows).
 * `scaleAtPageTop`: whether a table printing no scale takes the one printed once at the top of its page
 * (statements' pages do); text holding tables alone has no such line, only other tables' scales.
 */
export function findTables(
  page: string,
  fiscalYearEndMonth: number,
  { scaleAtPageTop = true }: { scaleAtPageTop?: boolean } = {},
): FilingTable[] {
  const lines = page.split("\n");
  const tables: FilingTable[] = [];
  let index = 0;
  while (index < lines.length) {
    const header = readHeader(lines, index, fiscalYearEndMonth);
    if (header === null) {
      index++;
      continue;
    }
    const table = readBody(lines, header, scaleAtPageTop);
    if (table.rows.length >= 2 || (table.rows.length === 0 && table.skippedRows >= MIN_UNREAD_ROWS)) tables.push(table);
    index = Math.max(index + 1, (table.rows[table.rows.length - 1]?.line ?? index) + 1);
  }
  return tables;
}

interface Section {
  indent: number;
  label: string;
  /** Whether rows more indented than the heading followed it (then a row back at its indent ends it). */
  hasNested: boolean;
}

/** A new heading closes the headings at its indent or deeper. */
function openSection(sections: Section[], section: Section): void {
  while (sections.length > 0 && sections[sections.length - 1]!.indent >= section.indent) sections.pop();
  sections.push(section);
}

function readBody(lines: string[], header: HeaderBlock, scaleAtPageTop: boolean): FilingTable {
  const count = header.columns.length;
  const rows: TableRow[] = [];
  const sections: Section[] = [];
  let pendingLabel: { text: string; indent: number } | null = null;
  let blanks = 0;
  let skippedRows = 0;
  let lastLine = header.last;
  for (let i = header.last + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlank(line)) {
      // Statements leave two blank lines between sections; four end the table.
      if (++blanks >= 4 && rows.length > 0) break;
      continue;
    }
    blanks = 0;
    const parts = splitLayoutLine(line);
    // The next table's header (a line of bare years, or of dates and change columns) ends this one.
    if (headerCells(line) !== null && parts.values.every((v) => YEAR.test(v))) break;
    if (parts.values.length === 0) {
      // Prose ends the table: a long line without values that the next line does not continue with values.
      if (
        parts.label.length > 130 &&
        (pendingLabel !== null || splitLayoutLine(lines[i + 1] ?? "").values.length === 0)
      )
        break;
      if (/:$/.test(parts.label) || parts.label === parts.label.toUpperCase()) {
        openSection(sections, { indent: parts.indent, label: parts.label.replace(/:$/, ""), hasNested: false });
        pendingLabel = null;
      } else
        pendingLabel = pendingLabel
          ? { text: `${pendingLabel.text} ${parts.label}`, indent: pendingLabel.indent }
          : { text: parts.label, indent: parts.indent };
      continue;
    }
    lastLine = i;
    // A value cell left of a text cell: no column header places it (a misread must yield nothing).
    if (parts.values.length !== count || parts.labelHasValues) {
      skippedRows++;
      pendingLabel = null;
      continue;
    }
    // A label wrapped over two lines: the first line has no values, the second goes on in lower case.
    // A line without values that the next row does not continue is a heading ("Basic Earnings Per Share").
    const isContinuation = pendingLabel !== null && (/^[a-z(]/.test(parts.label) || parts.label === "");
    if (pendingLabel !== null && !isContinuation)
      openSection(sections, { ...pendingLabel, label: pendingLabel.text, hasNested: false });
    const label = isContinuation ? `${pendingLabel!.text} ${parts.label}`.trim() : parts.label;
    const indent = isContinuation ? pendingLabel!.indent : parts.indent;
    pendingLabel = null;
    // A heading ends at the first row back at its indent once rows were indented under it; a heading
    // whose rows share its indent ("Earnings per share––basic:" over flush rows) lasts until the next one.
    // One exception: the flush total under a per-share heading is still per share ("Net income
    // attributable to …   $ 0.41" after the indented lines of "Earnings per share––basic:").
    const closesPerShare =
      isSubtotalLabel(label) && sections.some((s) => s.indent === indent && PER_SHARE.test(s.label));
    while (sections.length > 0 && !closesPerShare) {
      const top = sections[sections.length - 1]!;
      if (top.indent > indent || (top.indent === indent && top.hasNested)) sections.pop();
      else break;
    }
    for (const section of sections) if (section.indent < indent) section.hasNested = true;
    if (label === "") continue;
    rows.push({
      label,
      sections: sections.map((s) => s.label),
      line: i,
      cells: parts.values.map(parseCell),
      isSubtotal: isSubtotalLabel(label),
    });
  }
  const title = titleAbove(lines, header);
  // Schedule I prints the parent's own statements under statement titles: no consolidated figure.
  const isParentOnly = lines.slice(Math.max(0, header.first - 12), header.last + 1).some((l) => PARENT_ONLY.test(l));
  const statement = isParentOnly
    ? "other"
    : statementOf(
        title,
        rows.map((r) => r.label),
      );
  const spans = columnSpans(`${title} ${header.text}`, count, statement);
  // The scale is printed near the header, or once at the top of a page of statements.
  const near = scaleNear(lines, header.first - 6, Math.min(lines.length - 1, header.last + 2));
  const { scale, written } = near.written === null && scaleAtPageTop ? scaleNear(lines, 0, header.last) : near;
  return {
    title,
    statement,
    scale,
    scaleWritten: written,
    currency: "USD",
    columns: header.columns.map((c, i) => ({ ...c, span: spans[i] ?? null })),
    rows,
    line: header.first,
    lastLine,
    skippedRows,
  };
}

/**
 * What a row's values count, from the row's own label outward through its headings (the nearest that
 * says decides): per-share amounts (never scaled), share counts (with their own scale when one is
 * printed, "(000's)"), or money at the table's scale.
 */
export function rowUnitOf(
  table: Pick<FilingTable, "scale" | "scaleWritten" | "currency">,
  row: Pick<TableRow, "label" | "sections">,
): { unit: string; scale: number } {
  for (const part of [row.label, ...[...row.sections].reverse()]) {
    const isCount = SHARE_COUNT.test(part) || (SHARES.test(part) && !MONEY_WORDS.test(part) && !PER_SHARE.test(part));
    if (!isCount && PER_SHARE.test(part)) return { unit: `${table.currency}/shares`, scale: 1 };
    if (isCount) {
      const own = /\(000['’]?s\)|in thousands/i.test(part) ? 1e3 : /in millions/i.test(part) ? 1e6 : null;
      const sharesInThousands = /shares[^)]*in thousands/i.test(table.scaleWritten ?? "");
      return { unit: "shares", scale: own ?? (sharesInThousands ? 1e3 : table.scale) };
    }
  }
  // "Number of warehouses", "Number of employees (in thousands)": a count printed as is in a table of
  // money, not in the table's scale or currency.
  if (COUNT_LABEL.test(row.label) && !MONEY_WORDS.test(row.label)) {
    return { unit: "count", scale: /in thousands|\(000['’]?s\)/i.test(row.label) ? 1e3 : 1 };
  }
  return { unit: table.currency, scale: table.scale };
}
