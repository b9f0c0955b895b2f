// One question through the whole pipeline, in one direction:
// question → agent → StructuredDataRequest → Data Module → DataSlice → context → answer stream.
// Each stage's output is written to the UI stream as soon as it exists, with its time.
import { appConfig, type Config } from "@/lib/core/config";
import type { UIMessageStreamWriter } from "ai";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { FinancialAgent } from "@/lib/agent/agent";
import type { LlmConfig } from "@/lib/llm/llm";
import { streamAnswer } from "@/lib/answer/stream-answer";
import { buildContext } from "@/lib/context/build-context";
import { buildSlice } from "@/lib/data/build-slice";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { FinGroundUIMessage, StageTimings } from "@/lib/conversation/message";
import type { NewsConfig } from "@/lib/documents/config";
import type { Embedder } from "@/lib/documents/embeddings";
import { newsForRequest } from "@/lib/documents/news/for-request";
import { afterFirstTokens } from "./first-token-priority";

export interface AnswerQuestionOptions {
  prisma: PrismaClient;
  agent: FinancialAgent;
  question: string;
  /** Reference date for relative dates (YYYY-MM-DD). */
  today: string;
  llm: LlmConfig | null;
  writer: UIMessageStreamWriter<FinGroundUIMessage>;
  abortSignal?: AbortSignal;
  /** News search for the answer's context; absent: answers without news. */
  news?: { config: NewsConfig; embedder: Embedder };
  /** Called once the answer's first words are out. */
  onFirstToken?: () => void;
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

  mark = performance.now();
  const searchNews = () =>
    options.news ? newsForRequest({ prisma, request, ...options.news }).catch(newsFailed) : Promise.resolve(null);
  // An LLM's prompt needs the news: it is searched while the Data Module reads. The built-in analyst
  // writes the data part first, so its news is searched after the slice: the slice's queries (before
  // the first token) never queue behind a news search, on PGlite one query at a time across all chats.
  const searchedBeside = llm ? searchNews() : null;
  const slice = await buildSlice(prisma, request);
  const dataMs = elapsed(mark);
  // The analyst's news comes after its first words: it yields to questions still waiting for theirs.
  const newsSearch = searchedBeside ?? afterFirstTokens().then(searchNews);
  writer.write({ type: "data-slice", data: slice });
  let contextMs = 0;
  const withNews = newsSearch.then((news) => {
    if (news) writer.write({ type: "data-news", data: news });
    const contextStarted = performance.now();
    const context = buildContext(slice, news?.hits);
    contextMs = elapsed(contextStarted);
    writer.write({ type: "data-prompt", data: context });
    return { hits: news?.hits ?? [], context };
  });

  // An LLM's prompt needs the news. The built-in analyst reads the slice, not the prompt: it starts
  // writing at once (given the data-only prompt) and adds its news paragraph when news arrives.
  const answerInput = llm ? await withNews : { hits: withNews.then((n) => n.hits), context: buildContext(slice) };
  // A stopped answer never reads the news: its failure, if any, surfaces through `withNews` below.
  if (answerInput.hits instanceof Promise) answerInput.hits.catch(() => undefined);
  const answerStarted = performance.now();
  let firstTokenMs: number | null = null;
  const { model } = await streamAnswer({
    slice,
    news: answerInput.hits,
    context: answerInput.context,
    llm,
    writer,
    abortSignal,
    onFirstToken: () => {
      firstTokenMs ??= elapsed(answerStarted);
      options.onFirstToken?.();
    },
  }).finally(() => withNews); // nothing may be written after the answer, even when it was stopped
  const timings: StageTimings = { agentMs, dataMs, contextMs, firstTokenMs, totalMs: elapsed(started) };
  writer.write({ type: "data-timings", data: timings });
  writer.write({ type: "message-metadata", messageMetadata: { model, createdAt: new Date().toISOString() } });
  return { request, model, timings };
}

/** News is context, not the answer: a failed search is logged and the answer goes on without it. */
function newsFailed(error: unknown): null {
  console.warn(`[news] search failed: ${(error as Error).message}; answering without news`);
  return null;
}

/** Today's date for resolving "last 8 quarters"; FINGROUND_TODAY pins it (reproducible runs). */
export function referenceDate(config: Config = appConfig()): string {
  return config.FINGROUND_TODAY ?? new Date().toISOString().slice(0, 10);
}
