// A question through the whole chat pipeline, as the chat route runs it without an LLM: the rules agent,
// the Data Module, the document searches and the built-in analyst, its streamed message parts collected.
import { createUIMessageStream, readUIMessageStream } from "ai";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { answerQuestion } from "@/lib/chat/answer-question";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import { readConfig } from "@/lib/core/config";
import type { Clock } from "@/lib/data/budget";
import type { PrismaClient } from "@/lib/db/generated/client";
import { newsConfigFromEnv } from "@/lib/documents/config";
import type { Embedder } from "@/lib/documents/embeddings";

export async function answeredParts(options: {
  prisma: PrismaClient;
  question: string;
  today: string;
  /** The documents' encoder; absent: an answer without documents. */
  embedder?: Embedder;
  clock?: Clock;
  onFirstToken?: () => void;
}): Promise<FinGroundUIMessage["parts"]> {
  const { embedder } = options;
  const stream = createUIMessageStream<FinGroundUIMessage>({
    execute: async ({ writer }) => {
      await answerQuestion({
        prisma: options.prisma,
        agent: rulesAgent,
        question: options.question,
        today: options.today,
        llm: null,
        writer,
        ...(embedder ? { news: { config: newsConfigFromEnv(readConfig({})), embedder } } : {}),
        clock: options.clock,
        onFirstToken: options.onFirstToken,
      });
    },
  });
  let message: FinGroundUIMessage | undefined;
  for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
  return message?.parts ?? [];
}
