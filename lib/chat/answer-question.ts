// One question through the whole pipeline, in one direction:
// question → agent → StructuredDataRequest → Data Module → DataSlice → context → answer stream.
// Each stage's output is written to the UI stream as soon as it exists, with its time.
import { appConfig, type Config } from "@/lib/core/config";
import type { UIMessageStreamWriter } from "ai";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { FinancialAgent } from "@/lib/agent/agent";
import type { LlmConfig } from "@/lib/llm/llm";
import { answersFromDocuments } from "@/lib/answer/analysis/documents";
import { streamAnswer } from "@/lib/answer/stream-answer";
import { buildContext } from "@/lib/context/build-context";
import { buildSlice } from "@/lib/data/build-slice";
import { type Clock, QuestionDeadline } from "@/lib/data/budget";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { FinGroundUIMessage, StageTimings } from "@/lib/conversation/message";
import type { NewsConfig } from "@/lib/documents/config";
import { NO_DOCUMENTS } from "@/lib/documents/answer-documents";
import type { Embedder } from "@/lib/documents/embeddings";
import { documentsForRequest, embedOneWith, type RequestDocuments } from "@/lib/documents/for-request";
import { factLabelSearchOf } from "@/lib/documents/filings/fact-labels";
import { afterFirstTokens } from "@/lib/core/first-token-priority";

export interface AnswerQuestionOptions {
  prisma: PrismaClient;
  agent: FinancialAgent;
  question: string;
  /** Reference date for relative dates (YYYY-MM-DD). */
  today: string;
  llm: LlmConfig | null;
  writer: UIMessageStreamWriter<FinGroundUIMessage>;
  abortSignal?: AbortSignal;
  /** The news configuration and the encoder, for the news and filing searches of the answer's context;
   * absent: answers without documents. */
  news?: { config: NewsConfig; embedder: Embedder };
  /** Called once the answer's first words are out. */
  onFirstToken?: () => void;
  /** The question deadline's clock (tests step it by hand). */
  clock?: Clock;
}

export interface AnsweredQuestion {
  request: StructuredDataRequest;
  model: string;
  timings: StageTimings;
}

export async function answerQuestion(options: AnswerQuestionOptions): Promise<AnsweredQuestion> {
  const { prisma, agent, question, today, llm, writer, abortSignal } = options;
  const started = performance.now();
  const elapsed = (from: number) => Math.round((performance.now() - from) * 10) / 10;

  let mark = performance.now();
  const request = await agent.parse(question, { today, abortSignal });
  const agentMs = elapsed(mark);
  writer.write({ type: "data-request", data: request });
  // The server's time for this question starts now: the agent's wait has its own timeout (AGENT_TIMEOUT_MS).
  const deadline = new QuestionDeadline(undefined, options.clock);

  mark = performance.now();
  const { news } = options;
  // The cards go out as soon as the searches end; the prompt waits for the table computation too.
  const writeFound = (found: Omit<RequestDocuments, "documents">) => {
    if (found.news) writer.write({ type: "data-news", data: found.news });
    if (found.filings) writer.write({ type: "data-filings", data: found.filings });
    if (found.transcripts) writer.write({ type: "data-transcripts", data: found.transcripts });
  };
  const searchDocuments = (): Promise<RequestDocuments | null> =>
    news ? documentsForRequest({ prisma, request, ...news, llm, onSearched: writeFound }) : Promise.resolve(null);
  // An LLM's prompt needs the news: it is searched while the Data Module reads. The built-in analyst
  // writes the data part first, so its news is searched after the slice: the slice's queries (before
  // the first token) never queue behind a news search, on PGlite one query at a time across all chats.
  const searchedBeside = llm ? searchDocuments() : null;
  // Statement lines by another phrasing than their label; by keyword alone without an encoder.
  const labelSearch = factLabelSearchOf(prisma, news ? embedOneWith(news.embedder) : async () => null);
  const slice = await buildSlice(prisma, request, { labelSearch, deadline });
  const dataMs = elapsed(mark);
  // The analyst's news comes after its first words: it yields to questions still waiting for theirs.
  // When the passages are the answer (what a call or filing says, no figure asked), they are its
  // first words: searched at once.
  const documentsSearch =
    searchedBeside ?? (answersFromDocuments(request) ? searchDocuments() : afterFirstTokens().then(searchDocuments));
  writer.write({ type: "data-slice", data: slice });
  let contextMs = 0;
  const withDocuments = documentsSearch.then((found) => {
    const documents = found?.documents ?? NO_DOCUMENTS;
    const contextStarted = performance.now();
    const context = buildContext(slice, documents);
    contextMs = elapsed(contextStarted);
    writer.write({ type: "data-prompt", data: context });
    return { documents, context };
  });

  // An LLM's prompt needs the news. The built-in analyst reads the slice, not the prompt: it starts
  // writing at once (given the data-only prompt) and adds its news paragraph when news arrives.
  const answerInput = llm
    ? await withDocuments
    : { documents: withDocuments.then((d) => d.documents), context: buildContext(slice) };
  // A stopped answer never reads the documents: a failure, if any, surfaces through `withDocuments` below.
  if (answerInput.documents instanceof Promise) answerInput.documents.catch(() => undefined);
  const answerStarted = performance.now();
  let firstTokenMs: number | null = null;
  const { model } = await streamAnswer({
    slice,
    documents: answerInput.documents,
    context: answerInput.context,
    llm,
    writer,
    abortSignal,
    deadline,
    onFirstToken: () => {
      firstTokenMs ??= elapsed(answerStarted);
      options.onFirstToken?.();
    },
  }).finally(() => withDocuments); // nothing may be written after the answer, even when it was stopped
  const timings: StageTimings = { agentMs, dataMs, contextMs, firstTokenMs, totalMs: elapsed(started) };
  writer.write({ type: "data-timings", data: timings });
  writer.write({ type: "message-metadata", messageMetadata: { model, createdAt: new Date().toISOString() } });
  return { request, model, timings };
}

/** Today's date for resolving "last 8 quarters"; FINGROUND_TODAY pins it (reproducible runs). */
export function referenceDate(config: Config = appConfig()): string {
  return config.FINGROUND_TODAY ?? new Date().toISOString().slice(0, 10);
}
