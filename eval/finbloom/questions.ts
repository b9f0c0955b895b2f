// FinBloom's thesis, measured (npm run eval:finbloom, scripts/eval-finbloom.ts): the shape of the
// hand-checked questions (questions.json; how they were made: LABELLING.md), the exact answer their
// printed inputs give, and the rule that scores a stated answer against it. Kept apart from the script
// so the test checks the file and the rule without the data folder.
import { z } from "zod";
import { statedQuantities, type StatedQuantity } from "@/lib/context/number-trace";
import { Decimal } from "@/lib/core/decimal";

/** Under FINGROUND_DATA_DIR: the folders a question's document may be in. */
export const TEXT_DIRS = ["financebench/docs_text", "financebench/extra_10k_text_2020_2022"] as const;

const SCALES = { units: 1, thousands: 1e3, millions: 1e6 } as const;

const inputSchema = z
  .object({
    /** As printed on the page: "394,328", "(4,935)" for a negative, "6.15". */
    printed: z.string().regex(/^\(?\d{1,3}(,\d{3})*(\.\d+)?\)?$/),
    /** The table's printed scale ("In millions"); per-share values are units. */
    scale: z.enum(Object.keys(SCALES) as [keyof typeof SCALES, ...(keyof typeof SCALES)[]]),
    /** 1-based page of the document's text. */
    page: z.number().int().positive(),
    /** The row label as printed (its start is enough to find it). */
    row: z.string().min(1),
    fiscalYear: z.number().int().min(2000).max(2030),
  })
  .strict();

const KIND_INPUTS = { value: 1, ratio: 2, growth: 2, average: 3 } as const;

const questionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** In an investor's words. */
    question: z.string().min(10),
    ticker: z.string().min(1),
    /** The FinanceBench document name (a file of one of TEXT_DIRS). */
    document: z.string().regex(/^[A-Z_]+_\d{4}_10K$/),
    fiscalYear: z.number().int(),
    /** value: the first input; ratio: a / b; growth: a / b − 1 (b the year before); average: the mean. */
    kind: z.enum(Object.keys(KIND_INPUTS) as [keyof typeof KIND_INPUTS, ...(keyof typeof KIND_INPUTS)[]]),
    unit: z.enum(["USD", "USD/share", "ratio"]),
    inputs: z.array(inputSchema).min(1),
    /** The answer as a person would write it, rounded: checked against the inputs' exact result. */
    answer: z.string().min(1),
  })
  .strict()
  .refine((q) => q.inputs.length === KIND_INPUTS[q.kind], { message: "the kind's number of inputs" });
export type FinbloomQuestion = z.infer<typeof questionSchema>;

/** questions.json: ids unique, each written answer agreeing with the exact result of its inputs. */
export function parseFinbloomQuestions(json: unknown): FinbloomQuestion[] {
  const questions = z.object({ about: z.string(), questions: z.array(questionSchema) }).parse(json).questions;
  const ids = new Set(questions.map((q) => q.id));
  if (ids.size !== questions.length) throw new Error("eval/finbloom/questions.json: question ids repeat");
  for (const q of questions) {
    if (!scoreStated(q.answer, exactAnswer(q)).correct)
      throw new Error(
        `eval/finbloom/questions.json ${q.id}: "${q.answer}" is not ${exactAnswer(q).toString()} rounded`,
      );
  }
  return questions;
}

function printedValue(input: FinbloomQuestion["inputs"][number]): Decimal {
  const negative = input.printed.startsWith("(");
  const value = new Decimal(input.printed.replace(/[(),]/g, "")).times(SCALES[input.scale]);
  return negative ? value.negated() : value;
}

/** The exact answer, in base units (USD, USD per share, a ratio as a fraction). */
export function exactAnswer(q: FinbloomQuestion): Decimal {
  const [a, b] = q.inputs.map(printedValue) as [Decimal, Decimal | undefined];
  switch (q.kind) {
    case "value":
      return a;
    case "ratio":
      return a.dividedBy(b!);
    case "growth":
      return a.dividedBy(b!).minus(1);
    case "average":
      return q.inputs
        .map(printedValue)
        .reduce((sum, v) => sum.plus(v))
        .dividedBy(q.inputs.length);
  }
}

/** An answer rounded coarser than this many significant digits ("$3 billion", "2%") is not exact. */
const MIN_SIGNIFICANT_DIGITS = 2;

export interface Score {
  /** The quantity taken as the answer: the first the text states; null when it states none. */
  stated: StatedQuantity | null;
  correct: boolean;
}

/**
 * Exact within the rounding the answer states: the first quantity of the text, read as the number
 * trace reads it ("$394.3 billion", "25.31%", "394,328 million"), is correct when the exact value lies
 * within half a unit of its last digit and it shows at least MIN_SIGNIFICANT_DIGITS digits. Signs are
 * compared as the trace compares them, not at all: "a net loss of $4.9 billion" states −4.9 billion.
 */
export function scoreStated(text: string, exact: Decimal): Score {
  const stated = statedQuantities(text)[0] ?? null;
  if (stated === null) return { stated, correct: false };
  const digits = stated.text.replace(/\D/g, "").replace(/^0+/, "").length;
  const rounds = exact.abs().minus(stated.value.abs()).abs().lessThanOrEqualTo(stated.tolerance);
  return { stated, correct: rounds && digits >= MIN_SIGNIFICANT_DIGITS };
}
