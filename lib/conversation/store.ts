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

/** Stores the user's question, creating the conversation (owned by `ownerId`) on its first question,
 * and reserves the row of its answer before it streams, so an answer the user saw always has a row to
 * be stored in. A question resent after its answer failed ("Try again") is the same question: it is
 * stored once and its unfilled answer row is reused. One statement (one round trip, atomic), because
 * every chat waits for it before its first token. Returns the answer row's id, or null, storing
 * nothing, when the conversation exists and belongs to someone else (or to no one). */
export async function storeQuestion(
  prisma: PrismaClient,
  conversationId: string,
  question: string,
  ownerId: string,
): Promise<string | null> {
  const parts: FinGroundUIMessage["parts"] = [{ type: "text", text: question }];
  // The last two messages (newest first) see past an unfilled answer to its question. The answer row is
  // stamped 1 ms after its question so it sorts after it (created_at has millisecond precision).
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    WITH conversation AS (
      INSERT INTO conversations (id, title, owner_id, created_at, updated_at)
      VALUES (${conversationId}::uuid, ${titleFor(question)}, ${ownerId}, now(), now())
      ON CONFLICT (id) DO UPDATE SET updated_at = now() WHERE conversations.owner_id = ${ownerId}
      RETURNING id
    ), latest AS (
      SELECT id, role, parts, row_number() OVER (ORDER BY created_at DESC, role DESC) AS position
      FROM messages WHERE conversation_id = ${conversationId}::uuid
      ORDER BY created_at DESC, role DESC LIMIT 2
    ), unfilled AS (
      SELECT id, position FROM latest WHERE role = 'assistant' AND parts = '[]'::jsonb
    ), asked AS (
      INSERT INTO messages (id, conversation_id, role, parts, created_at)
      SELECT ${randomUUID()}::uuid, id, 'user'::message_role, ${JSON.stringify(parts)}::jsonb, now() FROM conversation
      WHERE NOT EXISTS (
        SELECT 1 FROM (SELECT role, parts FROM latest WHERE id NOT IN (SELECT id FROM unfilled) ORDER BY position LIMIT 1) AS last
        WHERE last.role = 'user' AND jsonb_array_length(last.parts) = 1 AND last.parts->0->>'text' = ${question})
      RETURNING id
    ), reused AS (
      SELECT unfilled.id FROM unfilled, conversation
      WHERE unfilled.position = 1 AND NOT EXISTS (SELECT 1 FROM asked)
    ), reserved AS (
      INSERT INTO messages (id, conversation_id, role, parts, created_at)
      SELECT ${randomUUID()}::uuid, id, 'assistant'::message_role, '[]'::jsonb, now() + interval '1 millisecond' FROM conversation
      WHERE NOT EXISTS (SELECT 1 FROM reused)
      RETURNING id
    )
    SELECT id::text FROM reused UNION ALL SELECT id::text FROM reserved`;
  return rows[0]?.id ?? null;
}

/** An answer row reserved before streaming and not yet filled (the server stopped mid-answer). */
const UNFILLED_PARTS: Prisma.InputJsonValue = [];

/** Messages that are part of the conversation: everything but unfilled answer rows. */
export const SHOWN_MESSAGE: Prisma.MessageWhereInput = {
  NOT: { role: "assistant", parts: { equals: UNFILLED_PARTS } },
};

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
      // One statement: the row and its conversation's activity time, in a single round trip.
      const updated = await prisma.$executeRaw`
        WITH stored AS (
          UPDATE messages SET parts = ${JSON.stringify(message.parts)}::jsonb,
            request = ${answer.request ? JSON.stringify(answer.request) : null}::jsonb, model = ${answer.model}
          WHERE id = ${answerId}::uuid
          RETURNING conversation_id
        )
        UPDATE conversations SET updated_at = now() FROM stored WHERE conversations.id = stored.conversation_id`;
      if (updated === 0) throw new Error(`the answer row ${answerId} does not exist`);
      return;
    } catch (error) {
      if (attempt === STORE_ATTEMPTS) throw error;
      console.warn(
        `[chat] storing answer ${answerId} failed (attempt ${attempt} of ${STORE_ATTEMPTS}): ${(error as Error).message.trim()}`,
      );
      await new Promise((resolve) => setTimeout(resolve, STORE_FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
}

/** The owner's conversations, newest first. Conversations stored before accounts (no owner) are
 * nobody's: they are listed to no one. */
export async function listConversations(
  prisma: PrismaClient,
  ownerId: string,
  limit = 100,
): Promise<ConversationSummary[]> {
  const rows = await prisma.conversation.findMany({ where: { ownerId }, orderBy: { updatedAt: "desc" }, take: limit });
  return rows.map(toSummary);
}

/** One conversation of `ownerId`; null when it does not exist or is someone else's (the caller cannot
 * tell which). */
export async function getConversation(
  prisma: PrismaClient,
  id: string,
  ownerId: string,
): Promise<ConversationDetail | null> {
  const row = await prisma.conversation.findFirst({
    where: { id, ownerId },
    include: {
      messages: {
        where: SHOWN_MESSAGE,
        orderBy: [{ createdAt: "asc" }, { role: "asc" }],
        include: { author: { select: { name: true } } },
      },
    },
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
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
