// The documents stage's one entry: what a Structured Data Request needs of the news, the filings and the
// earnings calls, searched at once, and the computation over a retrieved filing table when one was asked.
// Each kind is context, not the answer: one failing is logged and leaves the others.
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { LlmConfig } from "@/lib/llm/llm";
import { modelProgramProposer } from "@/lib/reasoning/llm-program";
import type { AnswerDocuments } from "./answer-documents";
import { FILINGS_RANKING, type NewsConfig } from "./config";
import type { Embedder } from "./embeddings";
import { filingSearchFor } from "./filings/elasticsearch";
import { type AnswerFilings, filingsForRequest } from "./filings/for-request";
import { heldFilingsOf } from "./filings/store";
import { answerFromFilingTables } from "./filings/table-answer";
import { type AnswerNews, newsForRequest } from "./news/for-request";
import { transcriptSearchFor } from "./transcripts/elasticsearch";
import { type AnswerTranscripts, transcriptsForRequest } from "./transcripts/for-request";
import { transcriptsPerQuarter } from "./transcripts/search";
import { heldCallsOf } from "./transcripts/store";

export interface DocumentSearchOptions {
  prisma: PrismaClient;
  request: StructuredDataRequest;
  config: NewsConfig;
  embedder: Embedder;
  /** The answer's LLM, which may propose the program of a table computation (code computes it). */
  llm: LlmConfig | null;
  /** Called with what the searches found, before the table computation (which may wait for the LLM). */
  onSearched?: (found: Omit<RequestDocuments, "documents">) => void;
}

/** What each search found (null: not searched, or failed), and the documents the answer cites. */
export interface RequestDocuments {
  news: AnswerNews | null;
  filings: AnswerFilings | null;
  transcripts: AnswerTranscripts | null;
  documents: AnswerDocuments;
}

export async function documentsForRequest(options: DocumentSearchOptions): Promise<RequestDocuments> {
  const { prisma, request, config, embedder, llm, onSearched } = options;
  const embed = embedOneWith(embedder);
  const [news, filings, transcripts] = await Promise.all([
    newsForRequest({ prisma, request, config, embedder }).catch(searchFailed("news")),
    filingsForRequest({
      request,
      search: filingSearchFor(prisma, config),
      embed,
      ranking: FILINGS_RANKING,
      held: (tickers) => heldFilingsOf(prisma, tickers),
    }).catch(searchFailed("filings")),
    transcriptsForRequest({
      request,
      search: transcriptSearchFor(prisma, config),
      embed,
      ranking: { ...config.ranking, k: transcriptsPerQuarter() },
      held: (tickers) => heldCallsOf(prisma, tickers),
    }).catch(searchFailed("transcripts")),
  ]);
  onSearched?.({ news, filings, transcripts });
  const tableAnswer = filings
    ? await answerFromFilingTables({
        request,
        hits: filings.hits,
        proposeProgram: llm ? modelProgramProposer(llm) : undefined,
      }).catch(computationFailed)
    : null;
  const notices = [...(filings?.notices ?? []), ...(transcripts?.notices ?? [])];
  return {
    news,
    filings,
    transcripts,
    documents: {
      news: news?.hits ?? [],
      filings: filings?.hits ?? [],
      transcripts: transcripts?.hits ?? [],
      ...(tableAnswer ? { tableAnswer } : {}),
      ...(notices.length > 0 ? { notices } : {}),
    },
  };
}

/** The encoder for one text: a question's vector for the filing and call searches. */
export function embedOneWith(embedder: Embedder): (text: string) => Promise<number[] | null> {
  return async (text) => (await embedder.embed([text]))[0] ?? null;
}

/** Documents are context, not the answer: a failed search is logged and the answer goes on without it. */
function searchFailed(kind: "news" | "filings" | "transcripts"): (error: unknown) => null {
  return (error) => {
    console.warn(`[${kind}] search failed: ${(error as Error).message}; answering without ${kind}`);
    return null;
  };
}

/** A computed fact is an addition to the documents: a failure is logged and the answer goes on without it. */
function computationFailed(error: unknown): null {
  console.warn(
    `[filings] the computation over a filing table failed: ${(error as Error).message}; answering without it`,
  );
  return null;
}
