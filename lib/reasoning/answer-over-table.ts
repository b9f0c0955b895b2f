// The entry point of numeric reasoning over one table and its paragraphs: the question becomes a
// program (proposed by the model when one is configured, else by the built-in rules), code executes
// it exactly, and the answer carries the program and every input with its origin. A model's program
// that fails validation or execution falls back to the rules; the rules say when they cannot decide.
import { z } from "zod";
import { executeProgram, type ExecutedProgram, type Program, ProgramError, type ReasoningContext } from "./program";
import { programByRules } from "./rules";
import { analyzeTable } from "./table";

const tableQuestionSchema = z
  .object({
    /** Rows × columns of text cells, as the report prints them. */
    table: z.array(z.array(z.string())).min(1),
    paragraphs: z.array(z.string()),
    question: z.string().trim().min(1),
  })
  .strict();
export type TableQuestion = z.infer<typeof tableQuestionSchema>;

export type TableAnswer =
  | ({ status: "answered"; program: Program; proposedBy: "rules" | "model" } & ExecutedProgram)
  | { status: "cannot-decide"; reason: string };

/** Proposes a program for a question (the model behind lib/llm); throws or returns null to fall back. */
export type ProgramProposer = (context: ReasoningContext, question: string) => Promise<Program | null>;

function answerByRules(context: ReasoningContext, question: string): TableAnswer {
  const outcome = programByRules(context, question);
  if ("cannotDecide" in outcome) return { status: "cannot-decide", reason: outcome.cannotDecide };
  try {
    return {
      status: "answered",
      program: outcome.program,
      proposedBy: "rules",
      ...executeProgram(outcome.program, context),
    };
  } catch (error) {
    if (error instanceof ProgramError) return { status: "cannot-decide", reason: error.message };
    throw error;
  }
}

function contextOf(input: TableQuestion): ReasoningContext {
  return { table: analyzeTable(input.table, input.paragraphs), paragraphs: input.paragraphs };
}

/** The built-in engine alone: synchronous, no model (the eval's speed figures are of this). */
export function answerOverTableByRules(input: TableQuestion): TableAnswer {
  const parsed = tableQuestionSchema.parse(input);
  return answerByRules(contextOf(parsed), parsed.question);
}

/** The answer to a question over a table; with `proposeProgram` (llm-program.ts) the model proposes first. */
export async function answerOverTable(input: TableQuestion, proposeProgram?: ProgramProposer): Promise<TableAnswer> {
  const parsed = tableQuestionSchema.parse(input);
  const context = contextOf(parsed);
  if (proposeProgram) {
    try {
      const program = await proposeProgram(context, parsed.question);
      if (program !== null)
        return { status: "answered", program, proposedBy: "model", ...executeProgram(program, context) };
    } catch (error) {
      console.warn(`answerOverTable: the model's program failed, the rules answer: ${String(error)}`);
    }
  }
  return answerByRules(context, parsed.question);
}
