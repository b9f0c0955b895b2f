// The chat's HTTP contract, shared by the route handlers and the browser.
//   POST /api/chat                 { conversationId, message }  → AI SDK UI message stream (SSE)
//   GET  /api/conversations        → ConversationSummary[] (newest first)
//   GET  /api/conversations/[id]   → ConversationDetail (404 when unknown)
import { z } from "zod";
import { typedTextSchema } from "@/lib/agent/agent-request";
import type { FinGroundUIMessage } from "./message";

/** Questions longer than this are refused with a clear message rather than truncated. */
export const MAX_QUESTION_LENGTH = 2000;

export const conversationIdSchema = z.uuid({ message: "conversationId must be a UUID" });

const textPartSchema = z.object({ type: z.literal("text"), text: typedTextSchema });

export const chatRequestSchema = z.object({
  conversationId: conversationIdSchema,
  message: z.object({
    id: typedTextSchema.min(1).max(100),
    role: z.literal("user"),
    parts: z.array(textPartSchema).min(1).max(20),
  }),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** The question text of a user message, trimmed. */
export function questionOf(message: ChatRequest["message"]): string {
  return message.parts
    .map((part) => part.text)
    .join("\n")
    .trim();
}

export interface ConversationSummary {
  id: string;
  title: string;
  /** ISO timestamps */
  createdAt: string;
  updatedAt: string;
}

export interface ConversationDetail extends ConversationSummary {
  messages: FinGroundUIMessage[];
}

/** Error body of every 4xx/5xx from the chat routes. */
export interface ApiError {
  /** `reference` names the server log line of an internal error (whose detail is never sent). */
  error: { code: string; message: string; issues?: { path: string; message: string }[]; reference?: string };
}
