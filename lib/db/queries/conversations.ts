// Conversations and their messages. A question is stored before it is answered, so a failed or
// interrupted answer never loses what the user asked.
import { randomUUID } from "node:crypto";
import type { StructuredDataRequest } from "@/lib/agent/schema";
import type { ConversationDetail, ConversationSummary } from "@/lib/chat/api";
import type { FinGroundUIMessage } from "@/lib/chat/message";
import type { Prisma, PrismaClient } from "../generated/client";

const TITLE_LENGTH = 80;

export function titleFor(question: string): string {
  const oneLine = question.replace(/\s+/g, " ").trim();
  return oneLine.length > TITLE_LENGTH ? `${oneLine.slice(0, TITLE_LENGTH - 1)}…` : oneLine;
}

/** Stores the user's question, creating the conversation on its first question. A question resent
 * after its answer failed ("Try again") is the same question: it is stored once. */
export async function appendUserMessage(
  prisma: PrismaClient,
  conversationId: string,
  question: string,
): Promise<void> {
  const parts: FinGroundUIMessage["parts"] = [{ type: "text", text: question }];
  const last = await prisma.message.findFirst({
    where: { conversationId },
    orderBy: [{ createdAt: "desc" }, { role: "desc" }],
    select: { role: true, parts: true },
  });
  if (last?.role === "user" && questionText(last.parts) === question) return;
  await prisma.$transaction([
    prisma.conversation.upsert({
      where: { id: conversationId },
      create: { id: conversationId, title: titleFor(question) },
      update: { updatedAt: new Date() },
    }),
    prisma.message.create({
      data: { id: randomUUID(), conversationId, role: "user", parts: parts as Prisma.InputJsonValue },
    }),
  ]);
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

export async function listConversations(prisma: PrismaClient, limit = 100): Promise<ConversationSummary[]> {
  const rows = await prisma.conversation.findMany({ orderBy: { updatedAt: "desc" }, take: limit });
  return rows.map(toSummary);
}

export async function getConversation(prisma: PrismaClient, id: string): Promise<ConversationDetail | null> {
  const row = await prisma.conversation.findUnique({
    where: { id },
    include: { messages: { orderBy: [{ createdAt: "asc" }, { role: "asc" }] } },
  });
  if (!row) return null;
  return {
    ...toSummary(row),
    messages: row.messages.map((m) => ({
      id: m.id,
      role: m.role,
      // Stored exactly as streamed to the browser by this app (see appendAssistantMessage).
      parts: m.parts as unknown as FinGroundUIMessage["parts"],
      metadata: { model: m.model ?? undefined, createdAt: m.createdAt.toISOString() },
    })),
  };
}

function toSummary(row: { id: string; title: string; createdAt: Date; updatedAt: Date }): ConversationSummary {
  return { id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
