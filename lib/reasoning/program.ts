// The small typed program a question over one table and its paragraphs becomes, and its executor:
// operands are cells (row, column) or paragraph spans (character offsets), arithmetic is exact
// (lib/core/decimal.ts), and every input is returned with where it came from. Both the built-in
// analysis (rules.ts) and a model (llm-program.ts) propose programs; only this file computes.
import { z } from "zod";
import { Decimal } from "@/lib/core/decimal";
import { type AnalyzedTable, parseAmount, yearOf } from "./table";

const SCALES = ["none", "thousand", "million", "billion", "percent"] as const;
export type Scale = (typeof SCALES)[number];

const cellOperandSchema = z
  .object({ kind: z.literal("cell"), row: z.number().int().min(0), column: z.number().int().min(0) })
  .strict();
const spanOperandSchema = z
  .object({
    kind: z.literal("span"),
    paragraph: z.number().int().min(0),
    start: z.number().int().min(0),
    end: z.number().int().min(1),
  })
  .strict();
const operandSchema = z.discriminatedUnion("kind", [cellOperandSchema, spanOperandSchema]);
export type Operand = z.infer<typeof operandSchema>;

const operands = z.array(operandSchema);
/** The DSL. `difference` is first − second, `change-ratio` (first − second) / second, `ratio` first /
 * second (× 100 when `percent`), `compare` names the year or label of the largest or smallest operand,
 * `filter` the years or labels of the operands above or below a threshold; `count` counts its operands
 * (those above or below its threshold when it has one). */
export const programSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("span"), operands: operands.length(1) }).strict(),
  z.object({ op: z.literal("multi-span"), operands: operands.min(2) }).strict(),
  z
    .object({
      op: z.literal("count"),
      operands: operands.min(1),
      comparison: z.enum(["above", "below"]).optional(),
      threshold: z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .optional(),
    })
    .strict(),
  z.object({ op: z.literal("sum"), operands: operands.min(2) }).strict(),
  z.object({ op: z.literal("difference"), operands: operands.length(2) }).strict(),
  z.object({ op: z.literal("change-ratio"), operands: operands.length(2) }).strict(),
  z.object({ op: z.literal("average"), operands: operands.min(2) }).strict(),
  z.object({ op: z.literal("ratio"), operands: operands.length(2), percent: z.boolean() }).strict(),
  z
    .object({ op: z.literal("compare"), operands: operands.min(2), direction: z.enum(["largest", "smallest"]) })
    .strict(),
  z
    .object({
      op: z.literal("filter"),
      operands: operands.min(2),
      comparison: z.enum(["above", "below"]),
      threshold: z.string().regex(/^-?\d+(\.\d+)?$/),
    })
    .strict(),
]);
export type Program = z.infer<typeof programSchema>;

/** One input of a program as shown to the person: its text and where it sits. */
type ProgramInput =
  | { kind: "cell"; row: number; column: number; rowLabel: string; columnLabel: string; text: string }
  | { kind: "span"; paragraph: number; start: number; end: number; text: string };

export interface ExecutedProgram {
  /** A number (exact decimal, 2 places for computed values) or the answer spans. */
  values: string[];
  isNumeric: boolean;
  scale: Scale;
  inputs: ProgramInput[];
}

export interface ReasoningContext {
  table: AnalyzedTable;
  paragraphs: string[];
}

/** Why a program cannot run: an operand that does not exist or a value that is no number. */
export class ProgramError extends Error {}

function inputOf(operand: Operand, context: ReasoningContext): ProgramInput {
  if (operand.kind === "cell") {
    const text = context.table.rows[operand.row]?.[operand.column];
    if (text === undefined) throw new ProgramError(`no cell at row ${operand.row}, column ${operand.column}`);
    return {
      kind: "cell",
      row: operand.row,
      column: operand.column,
      rowLabel: context.table.rowLabels[operand.row] ?? "",
      columnLabel: context.table.columnLabels[operand.column] ?? "",
      text,
    };
  }
  const paragraph = context.paragraphs[operand.paragraph];
  if (paragraph === undefined || operand.end > paragraph.length || operand.start >= operand.end) {
    throw new ProgramError(`no span ${operand.start}–${operand.end} in paragraph ${operand.paragraph}`);
  }
  return { ...operand, text: paragraph.slice(operand.start, operand.end) };
}

function amountOf(input: ProgramInput): Decimal {
  const amount = parseAmount(input.text);
  if (amount === null) throw new ProgramError(`"${input.text}" is not a number`);
  return amount.value;
}

const PLACES = 2;

function fixed(value: Decimal): string {
  return value.toDecimalPlaces(PLACES).toString();
}

/** The scale of values computed from these inputs: the table's, or percent when they are percentages. */
function scaleOfInputs(inputs: ProgramInput[], context: ReasoningContext): Scale {
  const isPercent = inputs.some(
    (input) =>
      parseAmount(input.text)?.isPercent === true ||
      (input.kind === "cell" && context.table.percentColumns.has(input.column)) ||
      (input.kind === "cell" && context.table.percentRows.has(input.row)),
  );
  if (isPercent) return "percent";
  return inputs.some((input) => input.kind === "cell" && context.table.unitRows.has(input.row))
    ? "none"
    : context.table.scale;
}

function labelOfCell(input: ProgramInput, inputs: ProgramInput[]): string {
  if (input.kind !== "cell") return input.text;
  // Operands in one row differ by column (years): name the column; otherwise name the row.
  const sameRow = inputs.every((other) => other.kind === "cell" && other.row === input.row);
  return sameRow ? (yearOf(input.columnLabel) ?? input.columnLabel) : input.rowLabel;
}

/** The inputs above or below the program's threshold (all of them without one). */
function passing(
  program: { comparison?: "above" | "below"; threshold?: string },
  inputs: ProgramInput[],
): ProgramInput[] {
  if (program.comparison === undefined || program.threshold === undefined) return inputs;
  const threshold = new Decimal(program.threshold);
  return inputs.filter((input) =>
    program.comparison === "above" ? amountOf(input).gt(threshold) : amountOf(input).lt(threshold),
  );
}

export function executeProgram(program: Program, context: ReasoningContext): ExecutedProgram {
  const inputs = program.operands.map((operand) => inputOf(operand, context));
  const numeric = (values: Decimal[], scale: Scale): ExecutedProgram => ({
    values: values.map(fixed),
    isNumeric: true,
    scale,
    inputs,
  });
  switch (program.op) {
    case "span":
    case "multi-span": {
      const isAmount = (input: ProgramInput) =>
        input.kind === "cell" && input.row >= context.table.firstDataRow && parseAmount(input.text) !== null;
      const spanScale = inputs.every(isAmount) ? scaleOfInputs(inputs, context) : "none";
      // A header cell answers with the year it names ("January 31, 2020" → "2020"): headers are labels.
      const valueOf = (input: ProgramInput) =>
        input.kind === "cell" && input.row < context.table.firstDataRow
          ? (yearOf(input.text) ?? input.text.trim())
          : input.text.trim();
      return { values: inputs.map(valueOf), isNumeric: false, scale: spanScale, inputs };
    }
    case "count":
      return numeric([new Decimal(passing(program, inputs).length)], "none");
    case "sum":
      return numeric([inputs.map(amountOf).reduce((a, b) => a.plus(b))], scaleOfInputs(inputs, context));
    case "average":
      return numeric(
        [
          inputs
            .map(amountOf)
            .reduce((a, b) => a.plus(b))
            .dividedBy(inputs.length),
        ],
        scaleOfInputs(inputs, context),
      );
    case "difference": {
      const [first, second] = inputs.map(amountOf) as [Decimal, Decimal];
      return numeric([first.minus(second)], scaleOfInputs(inputs, context));
    }
    case "change-ratio": {
      const [first, second] = inputs.map(amountOf) as [Decimal, Decimal];
      if (second.isZero()) throw new ProgramError("change from zero");
      return numeric([first.minus(second).dividedBy(second).times(100)], "percent");
    }
    case "ratio": {
      const [first, second] = inputs.map(amountOf) as [Decimal, Decimal];
      if (second.isZero()) throw new ProgramError("division by zero");
      const ratio = first.dividedBy(second);
      return program.percent ? numeric([ratio.times(100)], "percent") : numeric([ratio], "none");
    }
    case "filter": {
      const kept = passing(program, inputs);
      return { values: kept.map((input) => labelOfCell(input, inputs)), isNumeric: false, scale: "none", inputs };
    }
    case "compare": {
      const amounts = inputs.map(amountOf);
      let best = 0;
      amounts.forEach((amount, index) => {
        const isBetter = program.direction === "largest" ? amount.gt(amounts[best]!) : amount.lt(amounts[best]!);
        if (isBetter) best = index;
      });
      return { values: [labelOfCell(inputs[best]!, inputs)], isNumeric: false, scale: "none", inputs };
    }
  }
}
