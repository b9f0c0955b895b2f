// Turns the tables of a filing into triplets under one fixed schema: subject `METRIC:Company`, relation
// `HAS_VALUE_IN_<period>`, object value + unit, with attributes and provenance, so every statement line
// can be stored, searched and mapped. Values stay exact decimal strings; the scale is applied exactly.
import { addDays } from "@/lib/core/dates";
import { Decimal } from "@/lib/core/decimal";
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

/** Every cell of one table that sits in a period column, as a triplet. */
function tripletsOfTable(table: FilingTable, ref: FilingRef, page: number): Triplet[] {
  const periods = table.columns.map((c) => periodOf(c, ref.fiscalYearEndMonth));
  const starts = table.columns.map((c) => periodStartOf(c, table.columns));
  return table.rows.flatMap((row) => {
    const labelParts = [...row.sections, row.label];
    const normalizedLabel = normalizeLabel(labelParts);
    return row.cells.flatMap((cell, i): Triplet[] => {
      const period = periods[i];
      const column = table.columns[i]!;
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
            line: row.line,
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

export interface FilingExtraction {
  tables: number;
  skippedRows: number;
  triplets: Triplet[];
}

/** Every table of every page of one filing, as triplets. */
export function extractFiling(pages: readonly string[], ref: FilingRef): FilingExtraction {
  let tables = 0;
  let skippedRows = 0;
  const triplets: Triplet[] = [];
  pages.forEach((text, page) => {
    for (const table of findTables(text, ref.fiscalYearEndMonth)) {
      tables++;
      skippedRows += table.skippedRows;
      triplets.push(...tripletsOfTable(table, ref, page));
    }
  });
  return { tables, skippedRows, triplets };
}
