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
  const last = await prisma.message.findFirst({
    where: { conversationId },
    orderBy: [{ createdAt: "desc" }, { role: "desc" }],
    select: { role: true, parts: true },
  });
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

/** The text of a stored user message (JSONB does not keep key order, so compare values). */
function questionText(parts: Prisma.JsonValue): string | null {
  if (!Array.isArray(parts) || parts.length !== 1) return null;
  const [part] = parts;
  return part && typeof part === "object" && !Array.isArray(part) && typeof part.text === "string" ? part.text : null;
}

export async function appendAssistantMessage(
  prisma: PrismaClient,
  conversationId: string,
  message: FinGroundUIMessage,
  answer: { request: StructuredDataRequest | null; model: string | null },
): Promise<void> {
  await prisma.$transaction([
    prisma.message.create({
      data: {
        id: randomUUID(),
        conversationId,
        role: "assistant",
        parts: message.parts as Prisma.InputJsonValue,
        request: (answer.request ?? undefined) as Prisma.InputJsonValue | undefined,
        model: answer.model,
      },
    }),
    prisma.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } }),
  ]);
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
    include: { messages: { orderBy: [{ createdAt: "asc" }, { role: "asc" }], include: { author: { select: { name: true } } } } },
  });
  if (!row) return null;
  return {
    ...toSummary(row),
    messages: row.messages.map((m) => ({
      id: m.id,
      // An advisor's reply is an answer in the chat, marked by its metadata.
      role: m.role === "user" ? "user" : "assistant",
      // Stored exactly as streamed to the browser by this app (see appendAssistantMessage).
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
