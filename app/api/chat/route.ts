// POST /api/chat: answers one question of the signed-in user as an AI SDK UI message stream and stores
// the exchange in their conversation. Questions are rate-limited per user (429 with Retry-After); only
// pages of this app may post them (same Origin, JSON body), so another site cannot ask in the user's name.
import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import { chatAgentFromEnv } from "@/lib/agent/agent-from-env";
import { chatRateRuleFromEnv, hitRateLimit, withRetryAfter } from "@/lib/auth/rate-limit";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { requireApiViewer } from "@/lib/auth/session";
import { llmConfigFromEnv } from "@/lib/llm/llm";
import { chatRequestSchema, MAX_QUESTION_LENGTH, questionOf } from "@/lib/conversation/api";
import { answerQuestion, referenceDate, type AnsweredQuestion } from "@/lib/chat/answer-question";
import { afterFirstTokens, awaitFirstToken } from "@/lib/core/first-token-priority";
import { publicError } from "@/lib/core/errors";
import { apiError, errorResponse, databaseUnavailable, invalidPayload, readJson } from "@/lib/conversation/http";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { getPrisma } from "@/lib/db/client";
import { storeQuestion, storeAnswer } from "@/lib/conversation/store";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { embedderFromEnv } from "@/lib/documents/embeddings";

export async function POST(request: Request): Promise<Response> {
  // From its arrival until its first words this question goes ahead of other chats' deferrable work: the
  // session check and the body are awaited too, and other answers must not run on meanwhile.
  const firstTokenShown = awaitFirstToken();
  try {
    const answer = await respond(request, firstTokenShown);
    if (!answer.streaming) firstTokenShown();
    return answer.response;
  } catch (error) {
    firstTokenShown();
    throw error;
  }
}

/** The answer stream (streaming: its first words release `firstTokenShown`), or the error response. */
async function respond(
  request: Request,
  firstTokenShown: () => void,
): Promise<{ response: Response; streaming: boolean }> {
  const refuse = (response: Response) => ({ response, streaming: false });
  const signedIn = await requireApiViewer(request);
  if ("response" in signedIn) return refuse(signedIn.response);
  const { viewer } = signedIn;
  if (!isSameOriginRequest(request))
    return refuse(apiError(403, "CROSS_ORIGIN", "Questions can only be sent from FinGround's own pages."));
  const json = await readJson(request);
  if (!json.ok) return refuse(json.response);
  const parsed = chatRequestSchema.safeParse(json.body);
  if (!parsed.success) return refuse(invalidPayload(parsed.error));
  const { conversationId, message } = parsed.data;
  const question = questionOf(message);
  if (!question) return refuse(apiError(400, "EMPTY_QUESTION", "Please type a question."));
  if (question.length > MAX_QUESTION_LENGTH) {
    return refuse(
      apiError(
        413,
        "QUESTION_TOO_LONG",
        `Questions are limited to ${MAX_QUESTION_LENGTH.toLocaleString("en-US")} characters; this one has ${question.length.toLocaleString("en-US")}.`,
      ),
    );
  }

  let llm;
  let agent;
  let rateRule;
  let news;
  try {
    llm = llmConfigFromEnv();
    agent = chatAgentFromEnv();
    rateRule = chatRateRuleFromEnv();
    news = { config: newsConfigFromEnv(), embedder: embedderFromEnv() };
  } catch (error) {
    return refuse(errorResponse(error, "chat", "MISCONFIGURED"));
  }
  let prisma;
  let answerId: string;
  try {
    prisma = await getPrisma();
    const rate = rateRule ? await hitRateLimit(prisma, `chat:${viewer.id}`, rateRule) : null;
    if (rate && !rate.allowed) {
      const message = `You asked ${rateRule!.max} questions in ${rateRule!.windowSeconds} s. Try again in ${rate.retryAfterSeconds} s.`;
      return refuse(withRetryAfter(apiError(429, "RATE_LIMITED", message), rate.retryAfterSeconds));
    }
    const reserved = await storeQuestion(prisma, conversationId, question, viewer.id);
    // Someone else's conversation id is answered like an unknown one.
    if (!reserved) return refuse(apiError(404, "NOT_FOUND", "This conversation does not exist."));
    answerId = reserved;
  } catch (error) {
    return refuse(databaseUnavailable(error));
  }

  let answered: AnsweredQuestion | null = null;
  const stream = createUIMessageStream<FinGroundUIMessage>({
    async execute({ writer }) {
      answered = await answerQuestion({
        prisma,
        agent,
        question,
        today: referenceDate(),
        llm,
        writer,
        abortSignal: request.signal,
        news,
        onFirstToken: firstTokenShown,
      });
    },
    // The cause goes to the server log under a reference; the user is told only what they can do.
    onError: (error) => {
      firstTokenShown();
      return publicError(error, `chat ${conversationId}`).message;
    },
    async onEnd({ responseMessage }) {
      firstTokenShown();
      // The row is reserved already: filling it can wait for questions still before their first words.
      await afterFirstTokens();
      await storeAnswer(prisma, answerId, responseMessage, {
        request: answered?.request ?? null,
        model: answered?.model ?? null,
      }).catch((error: unknown) =>
        console.error(`Could not store the answer ${answerId} in ${conversationId}:`, error),
      );
    },
  });
  // no-transform: the server does not gzip the stream (a zlib pass per delta on the request thread, the
  // largest cost after the database in a profile of 20 concurrent chats), and proxies pass it on unbuffered.
  return {
    response: createUIMessageStreamResponse({ stream, headers: { "cache-control": "no-cache, no-transform" } }),
    streaming: true,
  };
}
