// A model proposes the program for a question over a table (never the answer: code computes it). Its
// JSON is validated by zod, spans are quoted text that must occur in the paragraph named (code finds
// the offsets), cells must exist; anything else throws and answerOverTable falls back to the rules.
import { generateText, Output } from "ai";
import { z } from "zod";
import { createLlmModel, type LlmConfig } from "@/lib/llm/llm";
import type { ProgramProposer } from "./answer-over-table";
import { type Operand, type Program, ProgramError, programSchema, type ReasoningContext } from "./program";

const proposedOperandSchema = z.union([
  z.object({ row: z.number().int().min(0), column: z.number().int().min(0) }).strict(),
  z.object({ paragraph: z.number().int().min(0), text: z.string().min(1) }).strict(),
]);
const proposedProgramSchema = z
  .object({
    op: z.enum([
      "span",
      "multi-span",
      "count",
      "sum",
      "difference",
      "change-ratio",
      "average",
      "ratio",
      "compare",
      "filter",
    ]),
    operands: z.array(proposedOperandSchema).min(1),
    percent: z.boolean().optional(),
    direction: z.enum(["largest", "smallest"]).optional(),
    comparison: z.enum(["above", "below"]).optional(),
    threshold: z.string().optional(),
  })
  .strict();
type ProposedProgram = z.infer<typeof proposedProgramSchema>;

const INSTRUCTIONS = `You turn a question about one financial table and its paragraphs into a program; you never compute.
Operations: span (1 operand), multi-span (2+), count (the operands counted; with comparison and threshold only those that pass), sum, average (2+), difference (first − second),
change-ratio ((first − second) / second, in percent), ratio (first / second; percent: true for a percentage or proportion),
compare (direction largest or smallest: names the year or label of the winning operand),
filter (comparison above or below, threshold a plain number such as "150": names the years or labels of the operands that pass).
An operand is a table cell {"row": r, "column": c} (indices as printed) or a paragraph span {"paragraph": p, "text": "exact words copied from it"}.`;

function promptOf(context: ReasoningContext, question: string): string {
  const table = context.table.rows.map((row, r) => row.map((cell, c) => `[${r},${c}] ${cell}`).join(" | ")).join("\n");
  const paragraphs = context.paragraphs.map((text, p) => `(${p}) ${text}`).join("\n");
  return `Table:\n${table}\n\nParagraphs:\n${paragraphs}\n\nQuestion: ${question}`;
}

function operandOf(proposed: ProposedProgram["operands"][number], context: ReasoningContext): Operand {
  if ("row" in proposed) return { kind: "cell", row: proposed.row, column: proposed.column };
  const paragraph = context.paragraphs[proposed.paragraph] ?? "";
  const start = paragraph.indexOf(proposed.text);
  if (start === -1) throw new ProgramError(`paragraph ${proposed.paragraph} does not contain "${proposed.text}"`);
  return { kind: "span", paragraph: proposed.paragraph, start, end: start + proposed.text.length };
}

/** The model's program in the DSL, or a ProgramError naming what does not exist or does not fit. */
function programOfProposal(proposal: unknown, context: ReasoningContext): Program {
  const proposed = proposedProgramSchema.parse(proposal);
  const operands = proposed.operands.map((operand) => operandOf(operand, context));
  const candidate =
    proposed.op === "ratio"
      ? { op: proposed.op, operands, percent: proposed.percent ?? false }
      : proposed.op === "compare"
        ? { op: proposed.op, operands, direction: proposed.direction ?? "largest" }
        : proposed.op === "filter" || proposed.op === "count"
          ? { op: proposed.op, operands, comparison: proposed.comparison, threshold: proposed.threshold }
          : { op: proposed.op, operands };
  const program = programSchema.safeParse(candidate);
  if (!program.success) throw new ProgramError(`the ${proposed.op} program does not fit: ${program.error.message}`);
  return program.data;
}

/** A proposer backed by the configured OpenAI-compatible endpoint (lib/llm). */
export function modelProgramProposer(config: LlmConfig): ProgramProposer {
  return async (context, question) => {
    const result = await generateText({
      model: await createLlmModel(config),
      instructions: INSTRUCTIONS,
      prompt: promptOf(context, question),
      output: Output.object({
        schema: proposedProgramSchema,
        name: "table_program",
        description: "The program that answers the question over the table's cells and the paragraphs' spans.",
      }),
      temperature: 0,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(config.timeoutMs),
    });
    return programOfProposal(result.output, context);
  };
}
