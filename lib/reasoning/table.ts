// One table of a report read for reasoning: which rows are headers, each column's label (years
// above all), each row's label (with its section heading), which rows or columns hold percentages,
// and the scale the amounts are stated in (from the table's own headers or its paragraphs).
import { Decimal } from "@/lib/core/decimal";
import type { Scale } from "./program";

export interface AnalyzedTable {
  /** The table as given: rows of text cells. */
  rows: string[][];
  /** The first data row (rows before it are headers). */
  firstDataRow: number;
  /** Per column: the header text above it, merged header cells included. */
  columnLabels: string[];
  /** Per column: the year its header names, if any. */
  columnYears: (string | null)[];
  /** Per row: its label with the section heading it sits under. */
  rowLabels: string[];
  percentColumns: Set<number>;
  percentRows: Set<number>;
  /** Rows of values per unit (per share, cents, days, ratios): the table's scale does not apply to them. */
  unitRows: Set<number>;
  scale: Scale;
}

export interface Amount {
  value: Decimal;
  isPercent: boolean;
}

const DASHES = /^[-–—]+$/;
const AMOUNT = /^\(?-?\(?[$€£¥]?\s*\(?-?\d[\d,]*(\.\d+)?\)?\s*%?\)?$|^\(?-?[$€£¥]?\s*\.\d+\)?%?$/;

/** A cell or span as an amount: "$ 1,452.4", "(12.5)" (negative), "-3", "22%"; null when it is text. */
export function parseAmount(text: string): Amount | null {
  const trimmed = text.replace(/\s+/g, " ").trim();
  if (trimmed === "" || DASHES.test(trimmed) || !AMOUNT.test(trimmed)) return null;
  const isNegative = trimmed.includes("(") || /^-|^\$\s*-/.test(trimmed);
  const digits = trimmed.replace(/[^\d.]/g, "");
  if (digits === "" || digits === ".") return null;
  const value = new Decimal(digits);
  return { value: isNegative ? value.negated() : value, isPercent: trimmed.includes("%") };
}

const YEAR = /\b(19[5-9]\d|20[0-4]\d)\b/;

/** Some reports space out header digits ("2 0 1 8"). */
function collapseSpacedDigits(text: string): string {
  return /^[\d\s]+$/.test(text) ? text.replace(/\s+/g, "") : text;
}

export function yearOf(raw: string): string | null {
  const text = collapseSpacedDigits(raw);
  // "2018/19" and "2017/2018" name the later year.
  const split = /\b(19|20)(\d{2})\s?\/\s?(?:(?:19|20)?(\d{2}))\b/.exec(text);
  if (split) return `${split[1]}${split[3]}`;
  const full = YEAR.exec(text);
  if (full) return full[1]!;
  const short = /\b(?:fy|fiscal|f)\s?'?(\d{2})\b/i.exec(text);
  return short ? `20${short[1]}` : null;
}

function isYearCell(text: string): boolean {
  return /^\s*(fy\s?|fiscal\s)?'?\d{2,4}\s*$/i.test(text) ? yearOf(text) !== null || /^\s*\d{4}\s*$/.test(text) : false;
}

function isHeaderRow(row: string[]): boolean {
  const values = row.slice(1).filter((cell) => cell.trim() !== "");
  return values.every((cell) => parseAmount(cell) === null || isYearCell(cell));
}

const QUOTE = "['’‘]";
const CURRENCY = "(?:[$€£¥]|\\b(?:us\\$?|usd|rmb|eur|gbp|aud|cad|nt\\$?|hk\\$?|r|s\\$))";
const SCALE_PATTERNS: [RegExp, Scale][] = [
  [
    new RegExp(
      `\\bin\\s+billions?\\b|\\(\\s*billions?\\b|\\bbillions of\\b|${CURRENCY}\\s?${QUOTE}?\\s?(bn|billions?)\\b`,
      "i",
    ),
    "billion",
  ],
  [
    new RegExp(
      `\\bin\\s+millions?\\b|\\(\\s*millions?\\b|\\bmillions of\\b|${CURRENCY}\\s?${QUOTE}?\\s?(m|mn|mio|millions?)\\b|^\\s*millions?\\s*$`,
      "im",
    ),
    "million",
  ],
  [
    new RegExp(
      `\\bin\\s+thousands?\\b|\\(\\s*thousands?\\b|\\bthousands of\\b|${QUOTE}\\s?000|\\(000s?\\)|\\b000s\\b|\\(1,000\\)|${CURRENCY}\\s?(k|thousands?)\\b`,
      "i",
    ),
    "thousand",
  ],
];

/** The scale named by a text ("in millions", "$'000"), if any. */
function scaleNamedBy(text: string): Scale | null {
  for (const [pattern, scale] of SCALE_PATTERNS) if (pattern.test(text)) return scale;
  return null;
}

const PER_UNIT =
  /\bper (share|unit|day|employee|tonne|ton)\b|\bcents\b|\beps\b|\bratio\b|\(years\)|\bdays\b|\bnumber of\b|\bheadcount\b/i;

export function analyzeTable(rows: string[][], paragraphs: string[]): AnalyzedTable {
  let firstDataRow = 0;
  while (firstDataRow < rows.length - 1 && isHeaderRow(rows[firstDataRow]!)) firstDataRow++;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const columnLabels = Array.from({ length: width }, (_, column) => {
    const parts: string[] = [];
    for (let r = 0; r < firstDataRow; r++) {
      const row = rows[r]!;
      // A merged header cell is written once, in its first column: it labels the empty cells after it.
      let c = column;
      while (c > 0 && (row[c] ?? "").trim() === "" && r < firstDataRow - 1) c--;
      const text = collapseSpacedDigits((row[c] ?? "").trim());
      if (text !== "" && (c === column || c > 0)) parts.push(text);
    }
    return parts.join(" ");
  });
  const columnYears = columnLabels.map((label, column) => (column === 0 ? null : yearOf(label)));
  let section = "";
  const rowLabels = rows.map((row, index) => {
    const label = (row[0] ?? "").trim();
    if (index < firstDataRow) return label;
    const isSection = row.slice(1).every((cell) => cell.trim() === "");
    if (isSection) {
      section = label;
      return label;
    }
    return section && label ? `${label} (${section})` : label;
  });
  // Only a column's own header cells mark it as percentages: a merged heading above may span other units.
  const ownHeaders = (column: number) =>
    rows
      .slice(0, firstDataRow)
      .map((row) => row[column] ?? "")
      .join(" ");
  const percentColumns = new Set(
    columnLabels.flatMap((_, column) => (column > 0 && /%|percent/i.test(ownHeaders(column)) ? [column] : [])),
  );
  const percentRows = new Set(
    rowLabels.flatMap((label, row) => (row >= firstDataRow && /%|\bpercent(age)?\b/i.test(label) ? [row] : [])),
  );
  const headerText = rows
    .slice(0, firstDataRow)
    .flat()
    .concat(rows.map((row) => row[0] ?? ""))
    .join(" ");
  const scale = scaleNamedBy(headerText) ?? scaleNamedBy(paragraphs.join(" ")) ?? "none";
  const unitRows = new Set(
    rowLabels.flatMap((label, row) => (row >= firstDataRow && PER_UNIT.test(label) ? [row] : [])),
  );
  return { rows, firstDataRow, columnLabels, columnYears, rowLabels, percentColumns, percentRows, unitRows, scale };
}
