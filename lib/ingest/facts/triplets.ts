// Turns the tables of a filing into triplets under one fixed schema: subject `METRIC:Company`, relation
// `HAS_VALUE_IN_<period>`, object value + unit, with attributes and provenance, so every statement line
// can be stored, searched and mapped. Values stay exact decimal strings; the scale is applied exactly.
import { addDays, addYears, daysBetween } from "@/lib/core/dates";
import { Decimal } from "@/lib/core/decimal";
import { layoutOfCellLines } from "@/lib/core/cell-lines";
import { layoutOfFlowText } from "@/lib/core/layout-lines";
import type { FiscalPeriod } from "@/lib/core/types";
import { fiscalPeriodOf } from "@/lib/ingest/fiscal";
import {
  type FilingTable,
  findTables,
  rowUnitOf,
  type StatementKind,
  type TableColumn,
  type ColumnSpan,
} from "./tables";

/** The filing a page belongs to: enough to name the company and the fiscal calendar of its columns. */
export interface FilingRef {
  /** The filing's id in the store, or the document name ("INTEL_2020_10K"). */
  filing: string;
  ticker: string;
  company: string;
  form: string;
  fiscalYearEndMonth: number;
  /** The period end the filing states it reports (its cover), when known. */
  periodEnd?: string | null;
}

export interface Triplet {
  /** `Net revenue:INTC`: the row label as written, then the company. */
  subject: string;
  /** `HAS_VALUE_IN_FY2020`, `HAS_VALUE_IN_Q3_FY2021`, `HAS_VALUE_IN_M9_FY2021`. */
  relation: string;
  /** The value in base units (the printed number times the scale), exact; null for a dash (nil). */
  value: string | null;
  /** "USD", "USD/shares", "shares" or "%". */
  unit: string;
  attributes: {
    entityType: "metric";
    company: string;
    ticker: string;
    label: string;
    /** Lower case, sections joined with " / ", footnote marks and punctuation runs removed. */
    normalizedLabel: string;
    fiscalYear: number;
    fiscalPeriod: FiscalPeriod;
    periodEnd: string;
    periodEndIsExact: boolean;
    /** A duration's first day: the day after the same table's column one period earlier when it has
     * one, otherwise counted back from the end (a 52-week year, a 13-week quarter); null for instants. */
    periodStart: string | null;
    periodStartIsExact: boolean;
    isInstant: boolean;
    /** The number as printed, as an exact decimal string ("-72" for "(72)"). */
    valueAsWritten: string | null;
    scale: number;
    currency: string;
    statement: StatementKind;
    isSubtotal: boolean;
  };
  provenance: {
    filing: string;
    form: string;
    /** 0-based page index (the page-aligned text's index). */
    page: number;
    line: number;
    tableTitle: string;
    columnHeader: string;
    /** 0-based column of the table: two columns may share a header ("2018" under two plans). */
    column: number;
    cellWritten: string;
  };
}

/** Footnote marks ("(1)", "(a)", "*") and the dollar sign carry no meaning for the label. */
export function normalizeLabel(parts: readonly string[]): string {
  return parts
    .map((p) =>
      p
        .toLowerCase()
        .replace(/\((\d{1,2}|[a-z])\)/g, " ")
        .replace(/[*†‡$]/g, " ")
        .replace(/[—–]/g, " ")
        .replace(/\s+/g, " ")
        .replace(/[\s:,;.]+$/, "")
        .trim(),
    )
    .filter((p) => p !== "")
    .join(" / ");
}

/** The fiscal period of a column: its year and length, on the company's calendar. */
function periodOf(
  column: TableColumn,
  fiscalYearEndMonth: number,
): { fiscalYear: number; fiscalPeriod: FiscalPeriod; relation: string } | null {
  if (column.endDate === null || column.span === null) return null;
  const placed = fiscalPeriodOf(null, column.endDate, fiscalYearEndMonth);
  if (placed === null) return null;
  const fiscalYear = column.endDateIsExact ? placed.fiscalYear : (column.year ?? placed.fiscalYear);
  const quarter = placed.fiscalPeriod === "FY" ? "Q4" : placed.fiscalPeriod;
  const fiscalPeriod: FiscalPeriod | null =
    column.span === "year"
      ? "FY"
      : column.span === "quarter"
        ? quarter
        : column.span === "six_months"
          ? "H1"
          : column.span === "nine_months"
            ? "M9"
            : placed.fiscalPeriod;
  if (column.span === "year" && placed.fiscalPeriod !== "FY") return null; // a year ending off the fiscal calendar
  const relation =
    fiscalPeriod === "FY" ? `HAS_VALUE_IN_FY${fiscalYear}` : `HAS_VALUE_IN_${fiscalPeriod}_FY${fiscalYear}`;
  return { fiscalYear, fiscalPeriod, relation };
}

const SPAN_DAYS: Readonly<Record<Exclude<ColumnSpan, "instant">, number>> = {
  year: 364,
  nine_months: 273,
  six_months: 182,
  quarter: 91,
};

function periodStartOf(
  column: TableColumn,
  columns: readonly TableColumn[],
): { start: string; isExact: boolean } | null {
  if (column.endDate === null || column.span === null || column.span === "instant") return null;
  // Only a year's start can be read off the table: the year before ends the day before it starts.
  const earlier =
    column.span === "year" && column.endDateIsExact && column.year !== null
      ? columns.find((c) => c.span === "year" && c.endDateIsExact && c.year === column.year! - 1 && c.endDate !== null)
      : undefined;
  if (earlier?.endDate) return { start: addDays(earlier.endDate, 1), isExact: true };
  return { start: addDays(column.endDate, -SPAN_DAYS[column.span] + 1), isExact: false };
}

/** How near a column's computed end must fall to the filing's stated period end to be that period. */
const SAME_PERIOD_DAYS = 31;

/**
 * A year printed without month and day ("Fiscal 2024") is read as the fiscal year ending in that
 * calendar year, but some filers name a year by the calendar year it starts in (Home Depot's fiscal 2024
 * ends February 2, 2025). When no column of the table is the period the filing states it reports and
 * the latest such column ends a year before it, the filer names years that way: each moves a year on.
 */
function alignedToFilingPeriod(columns: readonly TableColumn[], periodEnd: string | null | undefined): TableColumn[] {
  const inexact = columns.filter((c) => !c.endDateIsExact && c.endDate !== null && c.year !== null);
  if (!periodEnd || inexact.length === 0) return [...columns];
  const near = (date: string) => Math.abs(daysBetween(date, periodEnd)) <= SAME_PERIOD_DAYS;
  const latest = inexact.reduce((a, b) => (b.endDate! > a.endDate! ? b : a));
  if (columns.some((c) => c.endDate !== null && near(c.endDate)) || !near(addYears(latest.endDate!, 1)))
    return [...columns];
  return columns.map((c) => (inexact.includes(c) ? { ...c, endDate: addYears(c.endDate!, 1), year: c.year! + 1 } : c));
}

/** Every cell of one table that sits in a period column, as a triplet; `sourceLine` gives a row's line
 * in the page as stored (the same line for page-aligned text). */
function tripletsOfTable(
  table: FilingTable,
  ref: FilingRef,
  page: number,
  sourceLine: (line: number) => number,
): Triplet[] {
  const columns = alignedToFilingPeriod(table.columns, ref.periodEnd);
  const periods = columns.map((c) => periodOf(c, ref.fiscalYearEndMonth));
  const starts = columns.map((c) => periodStartOf(c, columns));
  return table.rows.flatMap((row) => {
    const labelParts = [...row.sections, row.label];
    const normalizedLabel = normalizeLabel(labelParts);
    return row.cells.flatMap((cell, i): Triplet[] => {
      const period = periods[i];
      const column = columns[i]!;
      if (!period || column.endDate === null) return [];
      const { unit, scale } = cell.isPercent ? { unit: "%", scale: 1 } : rowUnitOf(table, row);
      return [
        {
          subject: `${row.label}:${ref.ticker}`,
          relation: period.relation,
          value: cell.value === null ? null : new Decimal(cell.value).times(scale).toFixed(),
          unit,
          attributes: {
            entityType: "metric",
            company: ref.company,
            ticker: ref.ticker,
            label: row.label,
            normalizedLabel,
            fiscalYear: period.fiscalYear,
            fiscalPeriod: period.fiscalPeriod,
            periodEnd: column.endDate,
            periodStart: starts[i]?.start ?? null,
            periodStartIsExact: starts[i]?.isExact ?? false,
            periodEndIsExact: column.endDateIsExact,
            isInstant: column.span === "instant",
            valueAsWritten: cell.value,
            scale,
            currency: table.currency,
            statement: table.statement,
            isSubtotal: row.isSubtotal,
          },
          provenance: {
            filing: ref.filing,
            form: ref.form,
            page,
            line: sourceLine(row.line),
            tableTitle: table.title,
            columnHeader: column.header,
            column: i,
            cellWritten: cell.written,
          },
        },
      ];
    });
  });
}

/** A table the finder detected that the reader turned into no triplet (rows whose cells did not match
 * the columns, or columns without a period): what an LLM may read (facts-llm.ts). */
export interface UnreadTable {
  page: number;
  table: Pick<FilingTable, "title" | "statement" | "scale" | "scaleWritten" | "currency">;
  /** The table's lines from its header to its last line of values, each with its line in the page as stored. */
  lines: { text: string; line: number }[];
}

export interface FilingExtraction {
  /** Tables read (two or more rows); unread ones are listed apart. */
  tables: number;
  skippedRows: number;
  triplets: Triplet[];
  unreadTables: UnreadTable[];
}

/**
 * How a filing's text was made: "page_aligned" (pdftotext -layout, one PDF page each), "flow" (the
 * edgartools sections, text taken from HTML: one section each, a row's cells one space apart) or
 * "cell_per_line" (the neo4j sections: a row's label and each of its cells on a line of its own).
 */
export type TextLayout = "page_aligned" | "flow" | "cell_per_line";

/** The layout of a stored filing's text, by the source it was ingested from (filings.source). */
export function textLayoutOfSource(source: string): TextLayout {
  if (source === "financebench") return "page_aligned";
  return source === "neo4j-sections" ? "cell_per_line" : "flow";
}

/** Every table of every page of one filing, as triplets. */
export function extractFiling(
  pages: readonly string[],
  ref: FilingRef,
  layout: TextLayout = "page_aligned",
): FilingExtraction {
  let tables = 0;
  let skippedRows = 0;
  const triplets: Triplet[] = [];
  const unreadTables: UnreadTable[] = [];
  pages.forEach((text, page) => {
    // Section texts are first rewritten as page-aligned lines, each remembering its line in the section.
    const rewritten =
      layout === "flow" ? layoutOfFlowText(text) : layout === "cell_per_line" ? layoutOfCellLines(text) : null;
    const sourceLine =
      rewritten === null ? (line: number) => line : (line: number) => rewritten.sourceLine[line] ?? line;
    const lines = rewritten === null ? text.split("\n") : rewritten.lines;
    // The cell-per-line layout writes the tables alone: a table without its own scale has none above it.
    const scaleAtPageTop = layout !== "cell_per_line";
    for (const table of findTables(lines.join("\n"), ref.fiscalYearEndMonth, { scaleAtPageTop })) {
      const read = tripletsOfTable(table, ref, page, sourceLine);
      if (table.rows.length >= 2) {
        tables++;
        skippedRows += table.skippedRows;
      }
      if (read.length > 0) triplets.push(...read);
      else
        unreadTables.push({
          page,
          table,
          lines: lines
            .slice(table.line, table.lastLine + 1)
            .map((line, i) => ({ text: line, line: sourceLine(table.line + i) })),
        });
    }
  });
  return { tables, skippedRows, triplets, unreadTables };
}
