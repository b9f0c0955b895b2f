// The two answers FinBloom's thesis compares, each as the chat would give it (npm run eval:finbloom).
// Structured: the question → Structured Data Request (parseQuestion, the rules agent) → the Data
// Module's slice (buildSlice) → the built-in analyst's text (writeAnalysis), its numbers checked by the
// number trace. Chunk-RAG: the question's top-k filing chunks of the company from the shared search
// engine (hybrid, the chat's filing ranking) → the extractive reader the chat uses on filing tables
// (firstTableAnswer: lib/reasoning over the best three table chunks; with an LLM the model proposes
// the program for the best one, as in the chat), its result traced to the cells it quotes.
import { parseQuestion } from "@/lib/agent/parse-question";
import { writeAnalysis } from "@/lib/answer/analysis";
import { buildContext } from "@/lib/context/build-context";
import { numberEvidence, traceNumbers } from "@/lib/context/number-trace";
import { buildSlice } from "@/lib/data/build-slice";
import type { PrismaClient } from "@/lib/db/generated/client";
import { NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import { FILINGS_RANKING } from "@/lib/documents/config";
import type { Embedder } from "@/lib/documents/embeddings";
import { firstTableAnswer, resultText } from "@/lib/documents/filings/table-answer";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import { type FilingChunkHit, filingFiltersSchema } from "@/lib/documents/filings/types";
import type { ProgramProposer } from "@/lib/reasoning/answer-over-table";

/** One path's answer to one question: the text it states, whether its answer number is traced to a
 * source, where from, and how long it took. */
export interface PathAnswer {
  /** The stated answer (the analyst's whole text; the reader's result with its scale); "" for none. */
  text: string;
  traced: boolean;
  /** "AAPL Revenue FY2022" (the slice), "page 32, 'Total net sales'" (a passage's page and rows); null untraced. */
  basis: string | null;
  ms: number;
}

/** Parsing needs a "today"; the questions name their fiscal years, so any day after the filings serves. */
const PARSE_TODAY = "2024-06-30";

/** The structured path. The answer number is the first quantity the analyst states; it is traced when
 * the number trace finds it in the slice (a value or its derivation). */
export async function structuredAnswer(prisma: PrismaClient, question: string): Promise<PathAnswer> {
  const started = performance.now();
  const request = parseQuestion(question, { today: PARSE_TODAY });
  const slice = await buildSlice(prisma, request);
  const text = writeAnalysis(slice);
  const ms = performance.now() - started;
  const evidence = numberEvidence({ slice, context: buildContext(slice), documents: NO_DOCUMENTS });
  const first = traceNumbers(text, evidence, true).numbers.find((n) => n.kind !== "date") ?? null;
  const traced = first !== null && first.status !== "untraced";
  return { text, traced, basis: traced ? first.basis : null, ms };
}

/** A cell or result that is one number as printed: "394,328", "(2,852)", "$ 6.15", "25.31". */
const NUMBER_TEXT = /^\(?\$?\s*-?\d[\d,]*(\.\d+)?\)?%?$/;

/** Any numeric answer of the reader: a computation, or the cell a lookup points at. */
const isNumber = (answer: { values: string[] }) =>
  answer.values.length === 1 && NUMBER_TEXT.test(answer.values[0]!.trim());

/** Text without its spacing: the reader joins a cell the page splits ("13.3 %" is the cell "13.3%"). */
const unspaced = (text: string) => text.replace(/\s+/g, "");

/**
 * The reader over retrieved chunks: its result as the chat states a computed one ("25.31%", "252
 * million"), a cell written as a signed number with its table's scale ("(2,852)" in millions: "-2852
 * million"); traced when every input it read is text of the passage it cites (the extractive
 * guarantee), with that passage's page.
 */
export async function readChunks(
  hits: readonly FilingChunkHit[],
  question: string,
  proposeProgram?: ProgramProposer,
): Promise<Omit<PathAnswer, "ms">> {
  const read = await firstTableAnswer({ hits, question, proposeProgram, accept: isNumber });
  if (read === null) return { text: "", traced: false, basis: null };
  const { hit, answer } = read;
  const printed = answer.values[0]!.trim();
  const signed = `${printed.startsWith("(") ? "-" : ""}${printed.replace(/[()$%\s]/g, "")}`;
  // A cell printed as a percent in a table of another scale keeps its own sign of unit.
  const text =
    printed.endsWith("%") && answer.scale !== "percent"
      ? `${signed}%`
      : resultText({ ...answer, values: [signed], isNumeric: true });
  const passage = unspaced(hit.text);
  const traced = answer.inputs.length > 0 && answer.inputs.every((input) => passage.includes(unspaced(input.text)));
  const rows = answer.inputs.map((input) => (input.kind === "cell" ? `'${input.rowLabel}'` : "the caption"));
  return { text, traced, basis: traced ? `page ${hit.page}, ${rows.join(" and ")}` : null };
}

/** The chunk-RAG path: the company's top-k chunks (the question embedded, hybrid ranking), then the reader. */
export async function chunkRagAnswer(options: {
  prisma: PrismaClient;
  embedder: Embedder;
  question: string;
  /** The company filter: the question's own (given, so retrieval is not charged for company parsing). */
  ticker: string;
  proposeProgram?: ProgramProposer;
}): Promise<PathAnswer & { hits: FilingChunkHit[] }> {
  const { prisma, embedder, question, ticker, proposeProgram } = options;
  const started = performance.now();
  const [embedding] = await embedder.embed([question]);
  const hits = await searchFilingChunks(prisma, {
    text: question,
    embedding: embedding ?? null,
    filters: filingFiltersSchema.parse({ tickers: [ticker] }),
    ranking: FILINGS_RANKING,
  });
  const answer = await readChunks(hits, question, proposeProgram);
  return { ...answer, ms: performance.now() - started, hits };
}
