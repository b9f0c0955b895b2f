// The LLM fallback for tables the reader could not read (facts-llm.ts runs it): a few-shot prompt asking
// for the extractor's triplets (subject `label:TICKER`, relation `HAS_VALUE_IN_<period>`, object value +
// unit, attributes, provenance), and the check of every answer against the table's own text: a value, a
// year or a column header's number that does not occur there drops its triplet, counted. The scale and
// unit come from the table (the reader's rules), never from the model; values stay exact decimals.
import type { ModelMessage } from "ai";
import { z } from "zod";
import { Decimal } from "@/lib/core/decimal";
import { FISCAL_PERIODS, type FiscalPeriod } from "@/lib/core/types";
import { fiscalPeriodOf } from "@/lib/ingest/fiscal";
import { isSubtotalLabel, parseCell, rowUnitOf } from "./tables";
import { type FilingRef, normalizeLabel, type Triplet, type UnreadTable } from "./triplets";
import { matchesOf } from "@/lib/core/regex";

/** Lines of one table sent to the model: a statement page is shorter; a longer excerpt is cut there. */
const MAX_TABLE_LINES = 60;

const RELATION = /^HAS_VALUE_IN_(?:FY(\d{4})|(Q[1-4]|H1|M9)_FY(\d{4}))$/;

/** One triplet as the model writes it; the value as printed (a JSON number is read as its digits). */
const modelTripletSchema = z.object({
  subject: z.string().trim().min(3).max(300),
  relation: z.string().regex(RELATION),
  object: z.object({
    value: z.union([z.string().trim().min(1).max(40), z.number().transform(String)]),
    unit: z.enum(["USD", "USD/shares", "shares", "%", "count"]),
  }),
  attributes: z.object({
    label: z.string().trim().min(1).max(300),
    column_header: z.string().trim().min(1).max(200),
    period_end: z.iso.date(),
    period: z.enum(FISCAL_PERIODS),
    is_instant: z.boolean(),
  }),
  provenance: z.object({ line: z.number().int().min(1) }),
});

/** The answer: a list, each item checked on its own so one bad triplet does not void the others. */
export const modelAnswerSchema = z.object({ triplets: z.array(z.unknown()) });

export const INSTRUCTIONS = `You read one table of a company's filing that a parser could not read, and write its value cells as triplets.
Use only numbers printed in the table. Copy each value exactly as printed (commas, parentheses, minus sign): never scale, round, convert or compute one.
Write one triplet per value cell whose column is a period (a fiscal year, a quarter, six or nine months, or a balance date).
Leave out change columns, percentages of change, dashes, blanks and "n/m".
- subject: the row label as printed, a colon, the ticker ("Cloud services:EXM").
- relation: HAS_VALUE_IN_FY<year> for a fiscal year; HAS_VALUE_IN_Q<n>_FY<year>, HAS_VALUE_IN_H1_FY<year> or HAS_VALUE_IN_M9_FY<year> for a quarter, six or nine months. The fiscal year is the one the period ends in, on the company's calendar (its fiscal year ends in the month given).
- object: {"value": the number as printed, "unit": "USD", "USD/shares", "shares", "%" or "count"}.
- attributes: {"label": the row label, "column_header": the column's header as printed, "period_end": YYYY-MM-DD (the date printed, or the last day of the fiscal year-end month when only a year is printed), "period": FY, Q1, Q2, Q3, Q4, H1 or M9, "is_instant": true for a balance at a date}.
- provenance: {"line": the number of the line the value is on}.
Answer with JSON only: {"triplets": [...]}; {"triplets": []} when no cell is a period's value.`;

/** Hand-written examples (invented companies and figures): an extra change column, a balance with a
 * dash, and a table with no period columns. */
const EXAMPLES: readonly { table: string; answer: unknown }[] = [
  {
    table: `Company: Example Corp (EXM); fiscal year ends in month 12
Table: Revenue by segment
Scale: (In millions)
1| Year Ended December 31,   2021   2020   Change
2| Cloud services   $   4,210   $   3,650   15 %
3| Devices   (85)   1,020   n/m`,
    answer: {
      triplets: [
        ["Cloud services", "2021", "4,210", 2],
        ["Cloud services", "2020", "3,650", 2],
        ["Devices", "2021", "(85)", 3],
        ["Devices", "2020", "1,020", 3],
      ].map(([label, year, value, line]) => ({
        subject: `${label}:EXM`,
        relation: `HAS_VALUE_IN_FY${year}`,
        object: { value, unit: "USD" },
        attributes: {
          label,
          column_header: `Year Ended December 31, ${year}`,
          period_end: `${year}-12-31`,
          period: "FY",
          is_instant: false,
        },
        provenance: { line },
      })),
    },
  },
  {
    table: `Company: Sample Retail (SMP); fiscal year ends in month 1
Table: Inventories
Scale: (In thousands)
1| As of   May 3, 2025   February 1, 2025
2| Finished goods   12,480   11,905   10,330
3| Work in process   —   310`,
    answer: {
      triplets: [
        {
          subject: "Finished goods:SMP",
          relation: "HAS_VALUE_IN_Q1_FY2026",
          object: { value: "12,480", unit: "USD" },
          attributes: {
            label: "Finished goods",
            column_header: "As of May 3, 2025",
            period_end: "2025-05-03",
            period: "Q1",
            is_instant: true,
          },
          provenance: { line: 2 },
        },
        {
          subject: "Finished goods:SMP",
          relation: "HAS_VALUE_IN_FY2025",
          object: { value: "11,905", unit: "USD" },
          attributes: {
            label: "Finished goods",
            column_header: "As of February 1, 2025",
            period_end: "2025-02-01",
            period: "FY",
            is_instant: true,
          },
          provenance: { line: 2 },
        },
        {
          subject: "Work in process:SMP",
          relation: "HAS_VALUE_IN_FY2025",
          object: { value: "310", unit: "USD" },
          attributes: {
            label: "Work in process",
            column_header: "As of February 1, 2025",
            period_end: "2025-02-01",
            period: "FY",
            is_instant: true,
          },
          provenance: { line: 3 },
        },
      ],
    },
  },
  {
    table: `Company: Example Corp (EXM); fiscal year ends in month 12
Table: Stock options
Scale: none printed
1| Options   Shares   Price   Term
2| Outstanding   1,200   $ 31.40   4.2`,
    answer: { triplets: [] },
  },
];

/** The table as the model sees it: the company and calendar, title, scale and numbered lines. */
function tableText(table: UnreadTable, ref: FilingRef): string {
  return [
    `Company: ${ref.company} (${ref.ticker}); fiscal year ends in month ${ref.fiscalYearEndMonth}`,
    `Table: ${table.table.title || "(no title)"}`,
    `Scale: ${table.table.scaleWritten ?? "none printed"}`,
    ...table.lines.slice(0, MAX_TABLE_LINES).map((l, i) => `${i + 1}| ${l.text.trim()}`),
  ].join("\n");
}

/** The few-shot conversation: each example as a question and its answer, then the table asked about. */
export function promptMessages(table: UnreadTable, ref: FilingRef): ModelMessage[] {
  return [
    ...EXAMPLES.flatMap((e): ModelMessage[] => [
      { role: "user", content: e.table },
      { role: "assistant", content: JSON.stringify(e.answer) },
    ]),
    { role: "user", content: tableText(table, ref) },
  ];
}

export interface TableReading {
  /** Triplets the model returned, and what became of them. */
  returned: number;
  kept: Triplet[];
  droppedNotInSource: number;
  droppedInvalid: number;
  /** Why the first triplet was dropped, for the run's log. */
  firstDrop: string | null;
}

/** Numbers as printed in a line ("$ 4,210", "(85)", "15 %"), not inside words ("COVID-19", "10-K"). */
const NUMBER_IN_TEXT = /(?<![\w.,-])(?:\(\s*\$?\s*\d[\d,]*(?:\.\d+)?\s*\)|-?\$?\d[\d,]*(?:\.\d+)?(?:\s?%)?)(?![\w-])/g;

/** The numbers of a line, each normalized as the reader normalizes cells ("(1,226)" → "-1226"). */
function numbersOf(line: string): { value: string; written: string; isPercent: boolean }[] {
  return matchesOf(line, NUMBER_IN_TEXT).flatMap((m) => {
    const cell = parseCell(m[0].replace(/\s+/g, ""));
    return cell.value === null || cell.value === "" ? [] : [{ ...cell, value: cell.value }];
  });
}

const sameNumber = (a: string, b: string): boolean => new Decimal(a).equals(new Decimal(b));
const EXACT_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The model's triplets for one table, each kept only when its value is a number of the line it cites (or
 * of the one line holding it), and every number of its period (the year ended, the column header's
 * figures) is printed in the table; the fiscal period is placed on the company's calendar as the reader
 * places it, and a relation that disagrees with it is invalid.
 */
export function verifiedTriplets(answer: readonly unknown[], table: UnreadTable, ref: FilingRef): TableReading {
  const lines = table.lines.slice(0, MAX_TABLE_LINES);
  const numbers = lines.map((l) => numbersOf(l.text));
  const text = lines.map((l) => l.text).join("\n");
  const printed = (digits: string) => new RegExp(`(?<!\\d)${digits}(?!\\d)`).test(text);
  const used = new Set<string>();
  const reading: TableReading = {
    returned: answer.length,
    kept: [],
    droppedNotInSource: 0,
    droppedInvalid: 0,
    firstDrop: null,
  };
  const drop = (kind: "notInSource" | "invalid", why: string) => {
    if (kind === "notInSource") reading.droppedNotInSource++;
    else reading.droppedInvalid++;
    reading.firstDrop ??= why;
  };
  for (const item of answer) {
    const parsed = modelTripletSchema.safeParse(item);
    if (!parsed.success) {
      drop("invalid", `not a triplet: ${parsed.error.issues[0]?.message ?? "?"}`);
      continue;
    }
    const t = parsed.data;
    const a = t.attributes;
    const value = parseCell(t.object.value.replace(/\s+/g, "")).value;
    if (!t.subject.endsWith(`:${ref.ticker}`) || value === null || !EXACT_NUMBER.test(value)) {
      drop("invalid", `subject "${t.subject}" or value "${t.object.value}" is not of the table's company or a number`);
      continue;
    }
    // The cited line when it holds the number, else the one line that does (a value on two lines is unplaced).
    const cited = t.provenance.line - 1;
    const holding = numbers.flatMap((ns, i) => (ns.some((n) => sameNumber(n.value, value)) ? [i] : []));
    const at = holding.includes(cited) ? cited : holding.length === 1 ? holding[0]! : null;
    const periodNumbers = [a.period_end.slice(0, 4), ...(a.column_header.match(/\d+/g) ?? [])];
    const unprinted = periodNumbers.find((n) => !printed(n));
    if (at === null || unprinted !== undefined) {
      drop(
        "notInSource",
        at === null ? `${t.object.value} is not on one line of the table` : `${unprinted} is not in the table`,
      );
      continue;
    }
    const column = numbers[at]!.findIndex((n, i) => sameNumber(n.value, value) && !used.has(`${at}|${i}`));
    if (column === -1) {
      drop("invalid", `${t.object.value} on line ${at + 1} is claimed twice`);
      continue;
    }
    const period = periodOf(a.period_end, a.period, ref.fiscalYearEndMonth);
    if (period === null || period.relation !== t.relation) {
      drop("invalid", `${t.relation} is not the ${a.period} ending ${a.period_end} on the company's calendar`);
      continue;
    }
    used.add(`${at}|${column}`);
    const cell = numbers[at]![column]!;
    // The table's scale and the reader's unit rules, whatever unit the model named.
    const { unit, scale } = cell.isPercent
      ? { unit: "%", scale: 1 }
      : rowUnitOf(table.table, { label: a.label, sections: [] });
    reading.kept.push({
      subject: `${a.label}:${ref.ticker}`,
      relation: period.relation,
      value: new Decimal(cell.value).times(scale).toFixed(),
      unit,
      attributes: {
        entityType: "metric",
        company: ref.company,
        ticker: ref.ticker,
        label: a.label,
        normalizedLabel: normalizeLabel([a.label]),
        fiscalYear: period.fiscalYear,
        fiscalPeriod: period.fiscalPeriod,
        periodEnd: a.period_end,
        // Exact when the header prints the day, not only the year ("December 31, 2022" over "2022").
        periodEndIsExact: (a.column_header.match(/\d+/g) ?? []).some(
          (n) => n.length <= 2 && Number(n) === Number(a.period_end.slice(8)),
        ),
        // Not stored for facts (only catalog values need a start) and these are never mapped.
        periodStart: null,
        periodStartIsExact: false,
        isInstant: a.is_instant,
        valueAsWritten: cell.value,
        scale,
        currency: table.table.currency,
        statement: table.table.statement,
        isSubtotal: isSubtotalLabel(a.label),
      },
      provenance: {
        filing: ref.filing,
        form: ref.form,
        page: table.page,
        line: lines[at]!.line,
        tableTitle: table.table.title,
        columnHeader: a.column_header,
        // The number's place among the numbers of its line.
        column,
        cellWritten: cell.written,
      },
    });
  }
  return reading;
}

/** The relation of a period ending on `periodEnd`, on the company's fiscal calendar; null when a fiscal
 * year or quarter claimed does not end there. */
function periodOf(
  periodEnd: string,
  period: FiscalPeriod,
  fiscalYearEndMonth: number,
): { fiscalYear: number; fiscalPeriod: FiscalPeriod; relation: string } | null {
  const placed = fiscalPeriodOf(null, periodEnd, fiscalYearEndMonth);
  if (placed === null) return null;
  const quarter = placed.fiscalPeriod === "FY" ? "Q4" : placed.fiscalPeriod;
  // The quarter a period ends in: six months end with Q2, nine with Q3, a year with the fiscal year.
  const endsWith: Record<FiscalPeriod, string> = {
    FY: "FY",
    Q1: "Q1",
    Q2: "Q2",
    Q3: "Q3",
    Q4: "Q4",
    H1: "Q2",
    M9: "Q3",
  };
  if ((period === "FY" ? placed.fiscalPeriod : quarter) !== endsWith[period]) return null;
  const { fiscalYear } = placed;
  return {
    fiscalYear,
    fiscalPeriod: period,
    relation: period === "FY" ? `HAS_VALUE_IN_FY${fiscalYear}` : `HAS_VALUE_IN_${period}_FY${fiscalYear}`,
  };
}
