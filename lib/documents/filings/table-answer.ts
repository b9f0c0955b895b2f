// Numeric reasoning over a retrieved filing table (issue 18, "in the chat"): a filing question that asks
// for a computation no catalog formula makes ("the change in deferred revenue between 2018 and 2019") is
// answered by lib/reasoning over the table chunk the search found. The chunk's page-aligned lines become
// the engine's rows and cells, its caption its paragraphs; code executes the program exactly, and every
// input keeps its [F#], page, row and column. It sits in documents (above reasoning, below context and
// answer) because both the LLM's prompt (a computed fact) and the built-in analyst show it.
import type { StructuredDataRequest } from "@/lib/agent/schema";
import { metricByKey } from "@/lib/catalog/metrics";
import { splitLayoutLine } from "@/lib/core/layout-lines";
import { untrustedLine } from "@/lib/documents/fence";
import {
  answerOverTable,
  type ProgramProposer,
  type TableAnswer,
  type TableQuestion,
} from "@/lib/reasoning/answer-over-table";
import { describeFiling, filingLabel } from "./prompt";
import type { FilingChunkHit } from "./types";

type AnsweredTable = Extract<TableAnswer, { status: "answered" }>;

/** A computed answer over one retrieved table, with the hit it came from. */
export interface FilingTableAnswer {
  /** The hit's place in the answer's filings: cited [F(hitIndex + 1)]. */
  hitIndex: number;
  hit: FilingChunkHit;
  answer: AnsweredTable;
}

/** Table chunks tried, best ranked first. */
const TABLES_TRIED = 3;

/** Programs that only point at cells or text answer nothing the quoted passages do not: no computation. */
const isComputation = (answer: AnsweredTable) => answer.program.op !== "span" && answer.program.op !== "multi-span";

/**
 * A table chunk's text as the engine's input: each line with value cells is a row (its label, then the
 * cells aligned right, as printed), a line of text column headers a row of them, a line of words alone
 * a section heading inside the table, or before the first row the caption (a paragraph, where the
 * engine also finds "in millions"). Null when no line has cells.
 */
export function tableQuestionOfChunk(text: string, question: string): TableQuestion | null {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const parsed = lines.map((line) => ({ line, ...splitLayoutLine(line) }));
  const width = Math.max(0, ...parsed.map((p) => p.values.length));
  if (width === 0) return null;
  const aligned = (label: string, cells: string[]) => [
    label,
    ...Array.from({ length: width - cells.length }, () => ""),
    ...cells,
  ];
  const table: string[][] = [];
  const paragraphs: string[] = [];
  for (const { line, label, values } of parsed) {
    if (values.length > 0) {
      table.push(aligned(label, values));
      continue;
    }
    const segments = line.trim().split(/\s{3,}/);
    if (segments.length > 1) {
      const cells = segments.slice(-width);
      table.push(aligned(segments.slice(0, segments.length - cells.length).join(" "), cells));
    } else if (table.length === 0) paragraphs.push(label);
    else table.push(aligned(label, []));
  }
  return { table, paragraphs, question };
}

/**
 * The engine's answer over the best-ranked table chunks, or null: when the request asks for a metric
 * the catalog computes by formula (the Financial Data has it), when no table was retrieved, or when no
 * table gives a computation (the engine could not decide, or only pointed at a cell: quoting answers).
 */
export async function answerFromFilingTables(options: {
  request: StructuredDataRequest;
  hits: readonly FilingChunkHit[];
  /** The model's proposer (lib/reasoning/llm-program.ts) when an LLM is configured. */
  proposeProgram?: ProgramProposer;
}): Promise<FilingTableAnswer | null> {
  const { request, hits, proposeProgram } = options;
  if (request.metrics.some((m) => metricByKey(m.key)?.formula)) return null;
  return firstTableAnswer({ hits, question: request.question, proposeProgram, accept: isComputation });
}

/**
 * The first answer `accept` takes over the best-ranked table chunks (TABLES_TRIED of them), or null.
 * The chat accepts computations only; the FinBloom baseline (eval/finbloom) any number, a cell too.
 */
export async function firstTableAnswer(options: {
  hits: readonly FilingChunkHit[];
  question: string;
  proposeProgram?: ProgramProposer;
  accept: (answer: AnsweredTable) => boolean;
}): Promise<FilingTableAnswer | null> {
  const { hits, question, proposeProgram, accept } = options;
  const tables = hits.flatMap((hit, hitIndex) => (hit.isTable ? [{ hit, hitIndex }] : [])).slice(0, TABLES_TRIED);
  for (const [tried, { hit, hitIndex }] of tables.entries()) {
    const input = tableQuestionOfChunk(hit.text, question);
    if (input === null) continue;
    // The model proposes for the best-ranked table only: each proposal may take up to the LLM timeout,
    // and the answer's prompt waits for it.
    const answer = await answerOverTable(input, tried === 0 ? proposeProgram : undefined);
    if (answer.status === "answered" && accept(answer)) return { hitIndex, hit, answer };
  }
  return null;
}

/** "252 million", "12.5%", "2019": the result with its scale. */
export function resultText(answer: AnsweredTable): string {
  const value = answer.values.join(", ");
  if (!answer.isNumeric || answer.scale === "none") return value;
  return answer.scale === "percent" ? `${value}%` : `${value} ${answer.scale}`;
}

/** The program over its inputs as written: "1,452 − 1,200". */
export function formulaText(answer: AnsweredTable): string {
  const texts = answer.inputs.map((input) => input.text.trim());
  const { program } = answer;
  switch (program.op) {
    case "difference":
      return `${texts[0]} − ${texts[1]}`;
    case "change-ratio":
      return `(${texts[0]} − ${texts[1]}) / ${texts[1]} × 100`;
    case "ratio":
      return `${texts[0]} / ${texts[1]}${program.percent ? " × 100" : ""}`;
    case "sum":
      return texts.join(" + ");
    case "average":
      return `(${texts.join(" + ")}) / ${texts.length}`;
    case "compare":
      return `the ${program.direction} of ${texts.join(", ")}`;
    case "count":
    case "filter": {
      const condition = program.comparison ? ` ${program.comparison} ${program.threshold}` : "";
      return `${program.op === "count" ? "how many" : "which"} of ${texts.join(", ")}${condition}`;
    }
    default:
      return texts.join(", ");
  }
}

/** Each input as a line: its cell text, its row and column (or the caption), its page and [F#]. */
export function inputLines(tableAnswer: FilingTableAnswer, quote: (text: string) => string): string[] {
  const { hit, hitIndex, answer } = tableAnswer;
  return answer.inputs.map((input) => {
    const where =
      input.kind === "cell"
        ? `row "${quote(input.rowLabel)}", column "${quote(input.columnLabel)}"`
        : "the table's caption";
    return `- ${quote(input.text)}: ${where}, page ${hit.page} [${filingLabel(hitIndex)}]`;
  });
}

export const TABLE_ANSWER_SYSTEM_RULE =
  "The Computed from a filing table section gives a result FinGround's code computed exactly from the table cells it cites: " +
  "state that result as given, with its program and its inputs cited [F#] with page, row and column; never recompute it or compute another figure from those cells.";

/** The computed fact in the LLM's prompt (labels are filing text: one untrusted line each). */
export function tableAnswerSection(tableAnswer: FilingTableAnswer): string {
  const { answer, hit, hitIndex } = tableAnswer;
  return [
    `Computed from a filing table ([${filingLabel(hitIndex)}], ${untrustedLine(describeFiling(hit))}):`,
    `Result: ${untrustedLine(resultText(answer))}`,
    `Program: ${answer.program.op} = ${untrustedLine(formulaText(answer))}`,
    "Inputs:",
    ...inputLines(tableAnswer, untrustedLine),
  ].join("\n");
}
