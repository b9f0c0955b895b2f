// Conversations and their messages. A question is stored before it is answered, so a failed or
// interrupted answer never loses what the user asked.
import { randomUUID } from "node:crypto";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { ConversationDetail, ConversationSummary } from "./api";
import type { FinGroundUIMessage } from "./message";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";

const TITLE_LENGTH = 80;

export function titleFor(question: string): string {
  const oneLine = question.replace(/\s+/g, " ").trim();
  return oneLine.length > TITLE_LENGTH ? `${oneLine.slice(0, TITLE_LENGTH - 1)}…` : oneLine;
}

/** Stores the user's question, creating the conversation (owned by `ownerId`) on its first question.
 * A question resent after its answer failed ("Try again") is the same question: it is stored once.
 * Returns false, storing nothing, when the conversation exists and belongs to someone else. */
export async function appendUserMessage(
  prisma: PrismaClient,
  conversationId: string,
  question: string,
  ownerId: string,
): Promise<boolean> {
  const existing = await prisma.conversation.findUnique({ where: { id: conversationId }, select: { ownerId: true } });
  if (existing && existing.ownerId !== ownerId) return false;
  const parts: FinGroundUIMessage["parts"] = [{ type: "text", text: question }];
  const [last] = (await latestMessages(prisma, conversationId)).filter((m) => !isUnfilledAnswer(m));
  if (last?.role === "user" && questionText(last.parts) === question) return true;
  await prisma.$transaction([
    prisma.conversation.upsert({
      where: { id: conversationId },
      create: { id: conversationId, title: titleFor(question), ownerId },
      update: { updatedAt: new Date() },
    }),
    prisma.message.create({
      data: { id: randomUUID(), conversationId, role: "user", parts: parts as Prisma.InputJsonValue },
    }),
  ]);
  return true;
}

/** The last two messages: enough to see past an unfilled answer to the question it belongs to. */
function latestMessages(prisma: PrismaClient, conversationId: string) {
  return prisma.message.findMany({
    where: { conversationId },
    orderBy: [{ createdAt: "desc" }, { role: "desc" }],
    take: 2,
    select: { id: true, role: true, parts: true },
  });
}

/** An answer row reserved before streaming and not yet filled (the server stopped mid-answer). */
const UNFILLED_PARTS: Prisma.InputJsonValue = [];

function isUnfilledAnswer(message: { role: string; parts: Prisma.JsonValue }): boolean {
  return message.role === "assistant" && Array.isArray(message.parts) && message.parts.length === 0;
}

/** Messages that are part of the conversation: everything but unfilled answer rows. */
export const SHOWN_MESSAGE: Prisma.MessageWhereInput = { NOT: { role: "assistant", parts: { equals: UNFILLED_PARTS } } };

/** The text of a stored user message (JSONB does not keep key order, so compare values). */
function questionText(parts: Prisma.JsonValue): string | null {
  if (!Array.isArray(parts) || parts.length !== 1) return null;
  const [part] = parts;
  return part && typeof part === "object" && !Array.isArray(part) && typeof part.text === "string" ? part.text : null;
}

/** Reserves the row of the answer to the conversation's last question before it streams, so an answer
 * the user saw always has a row to be stored in. A retried question reuses its unfilled row. */
export async function reserveAnswer(prisma: PrismaClient, conversationId: string): Promise<string> {
  const [last] = await latestMessages(prisma, conversationId);
  if (last && isUnfilledAnswer(last)) return last.id;
  const id = randomUUID();
  await prisma.message.create({ data: { id, conversationId, role: "assistant", parts: UNFILLED_PARTS } });
  return id;
}

const STORE_ATTEMPTS = 6;
const STORE_FIRST_BACKOFF_MS = 200;

/** Fills a reserved answer row with the answer as streamed. A busy or briefly unreachable database
 * is retried (about 6 s in all): the user has already read this answer. Each statement is idempotent
 * and needs no transaction, so no attempt waits for one. */
export async function storeAnswer(
  prisma: PrismaClient,
  answerId: string,
  message: FinGroundUIMessage,
  answer: { request: StructuredDataRequest | null; model: string | null },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const stored = await prisma.message.update({
        where: { id: answerId },
        data: {
          parts: message.parts as Prisma.InputJsonValue,
          request: (answer.request ?? undefined) as Prisma.InputJsonValue | undefined,
          model: answer.model,
        },
        select: { conversationId: true },
      });
      await prisma.conversation.update({ where: { id: stored.conversationId }, data: { updatedAt: new Date() } });
      return;
    } catch (error) {
      if (attempt === STORE_ATTEMPTS) throw error;
      console.warn(`[chat] storing answer ${answerId} failed (attempt ${attempt} of ${STORE_ATTEMPTS}): ${(error as Error).message.trim()}`);
      await new Promise((resolve) => setTimeout(resolve, STORE_FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
}

/** The owner's conversations, newest first. Conversations stored before accounts (no owner) are
 * nobody's: they are listed to no one. */
export async function listConversations(prisma: PrismaClient, ownerId: string, limit = 100): Promise<ConversationSummary[]> {
  const rows = await prisma.conversation.findMany({ where: { ownerId }, orderBy: { updatedAt: "desc" }, take: limit });
  return rows.map(toSummary);
}

/** One conversation of `ownerId`; null when it does not exist or is someone else's (the caller cannot
 * tell which). */
export async function getConversation(prisma: PrismaClient, id: string, ownerId: string): Promise<ConversationDetail | null> {
  const row = await prisma.conversation.findFirst({
    where: { id, ownerId },
    include: { messages: { where: SHOWN_MESSAGE, orderBy: [{ createdAt: "asc" }, { role: "asc" }], include: { author: { select: { name: true } } } } },
  });
  if (!row) return null;
  return {
    ...toSummary(row),
    messages: row.messages.map((m) => ({
      id: m.id,
      // An advisor's reply is an answer in the chat, marked by its metadata.
      role: m.role === "user" ? "user" : "assistant",
      // Stored exactly as streamed to the browser by this app (see storeAnswer).
      parts: m.parts as unknown as FinGroundUIMessage["parts"],
      metadata: {
        model: m.model ?? undefined,
        createdAt: m.createdAt.toISOString(),
        ...(m.role === "advisor" ? { advisor: { name: m.author?.name ?? "Your advisor" } } : {}),
      },
    })),
  };
}

function toSummary(row: { id: string; title: string; createdAt: Date; updatedAt: Date }): ConversationSummary {
  return { id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
