// The filings evaluation's fixed inputs (npm run eval:filings, scripts/eval-filings.ts): which
// FinanceBench documents it ingests, the shape of its hand-written questions (queries.json) and the key
// its judgments (judgments.json) use for a chunk. Kept apart from the script so the test can check the
// files against them without running the evaluation.
import { z } from "zod";
import type { FilingChunkHit } from "@/lib/documents/filings/types";
import { articleKey } from "@/lib/documents/ranking-metrics";

/** Under FINGROUND_DATA_DIR. */
export const TEXT_DIR = "financebench/docs_text";

/** 14 filings of 10 companies and four forms, 2,851 chunks: small enough to embed twice in minutes. */
export const SUBSET = [
  "COSTCO_2021_10K",
  "NETFLIX_2017_10K",
  "AMAZON_2019_10K",
  "BESTBUY_2023_10K",
  "BESTBUY_2024Q2_10Q",
  "AMCOR_2023Q2_10Q",
  "MGMRESORTS_2023Q2_10Q",
  "AMCOR_2022_8K_dated-2022-07-01",
  "FOOTLOCKER_2022_8K_dated_2022-08-19",
  "JOHNSON_JOHNSON_2023_8K_dated-2023-08-30",
  "JOHNSON_JOHNSON_2022Q4_EARNINGS",
  "PEPSICO_2023Q1_EARNINGS",
  "ULTABEAUTY_2023Q4_EARNINGS",
  "MGMRESORTS_2022Q4_EARNINGS",
] as const;

const querySchema = z.object({ id: z.string().min(1), filing: z.enum(SUBSET), query: z.string().min(1) }).strict();
export type EvalQuery = z.infer<typeof querySchema>;

/** queries.json: each question tied to one subset filing (its FinanceBench name), ids unique. */
export function parseQueries(json: unknown): EvalQuery[] {
  const queries = z.array(querySchema).parse(json);
  const ids = new Set(queries.map((q) => q.id));
  if (ids.size !== queries.length) throw new Error("eval/filings/queries.json: question ids repeat");
  return queries;
}

/** A chunk's key in the judgments: a hash of its filing's source key, page and character offsets, which
 * the chunker derives from the text alone, so it is the same with and without headers and across
 * re-ingests (no text in the file). */
export const chunkKey = (sourceKey: string, hit: Pick<FilingChunkHit, "pageIndex" | "charStart" | "charEnd">) =>
  articleKey(`${sourceKey}#${hit.pageIndex}:${hit.charStart}-${hit.charEnd}`);
