// Contextual chunk summaries (FinRAG-QA): an LLM writes 50–100 tokens placing each filing chunk in its
// filing (what the passage is about, for whom, which period), stored in filing_chunks.summary. The
// full-text vector already indexes the summary beside the text (weight B, the migration's generated
// column); the embedded text is the header with the summary joined to it, so a summarized chunk is set
// to be embedded again. Resumable: only chunks without a summary are asked, in id order; a chunk whose
// answer fails (endpoint error, timeout, an answer out of bounds) stays without one for the next run.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { generateText } from "ai";
import { z } from "zod";
import type { Progress } from "@/lib/core/progress";
import type { PrismaClient } from "@/lib/db/generated/client";

/** Chunks read from the database at a time. */
const SUMMARY_PAGE = 32;
/** Requests at once: a local server serves a few in parallel; more only queue there. */
const SUMMARY_CONCURRENCY = 4;
/** About 50–100 tokens; a little slack either side, and nothing that reads as an essay. */
const summarySchema = z.string().trim().min(120).max(800);

const INSTRUCTIONS = `You write the context of one passage of a company filing, for a search index.
In 50 to 100 words: say which company, form and period it comes from, which section, and what the passage is about
(the subject, the figures it reports, the events or risks it describes). Plain sentences, no lists, no preamble.
Use only what the header and the passage say.`;

interface ChunkRow {
  id: bigint;
  header: string;
  text: string;
}

export interface SummaryRun {
  summarized: number;
  failed: number;
  /** The first failure's reason, when any failed. */
  firstFailure: string | null;
}

/** Fills the summary of every chunk that has none, `concurrency` requests at a time. */
export async function summarizeFilingChunks(
  prisma: PrismaClient,
  model: LanguageModelV4,
  progress: Progress,
  options: { concurrency?: number; timeoutMs: number; signal?: AbortSignal },
): Promise<SummaryRun> {
  const concurrency = Math.max(1, options.concurrency ?? SUMMARY_CONCURRENCY);
  const [{ n }] = await prisma.$queryRaw<[{ n: number }]>`
    SELECT count(*)::int AS n FROM filing_chunks WHERE summary IS NULL`;
  const run: SummaryRun = { summarized: 0, failed: 0, firstFailure: null };
  if (n === 0) return run;
  progress.start("summarizing filing chunks", n);
  let afterId = 0n;
  while (!options.signal?.aborted) {
    const page = await prisma.$queryRaw<ChunkRow[]>`
      SELECT id, header, text FROM filing_chunks WHERE summary IS NULL AND id > ${afterId} ORDER BY id LIMIT ${SUMMARY_PAGE}`;
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    let next = 0;
    const worker = async () => {
      while (next < page.length && !options.signal?.aborted) {
        const chunk = page[next++]!;
        try {
          const summary = await summaryOf(model, chunk, options.timeoutMs);
          // Summarized chunks are embedded again, with the summary in their embedded header.
          await prisma.$executeRaw`
            UPDATE filing_chunks SET summary = ${summary}, embedding_model = NULL WHERE id = ${chunk.id} AND summary IS NULL`;
          run.summarized++;
        } catch (error) {
          run.failed++;
          run.firstFailure ??= `chunk ${chunk.id}: ${(error as Error).message}`;
        }
        progress.advance(1);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, page.length) }, worker));
  }
  progress.finish();
  return run;
}

async function summaryOf(model: LanguageModelV4, chunk: ChunkRow, timeoutMs: number): Promise<string> {
  const result = await generateText({
    model,
    instructions: INSTRUCTIONS,
    prompt: `Header: ${chunk.header}\n\nPassage:\n${chunk.text}`,
    temperature: 0,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(timeoutMs),
  });
  const checked = summarySchema.safeParse(result.text.replace(/\s+/g, " "));
  if (!checked.success) throw new Error(`the answer is not a 50–100 word summary (${result.text.length} characters)`);
  return checked.data;
}
