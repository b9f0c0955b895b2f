// React Query keys and fetchers for the conversation routes (lib/conversation/api.ts is the contract).
import type { ApiError, ConversationDetail, ConversationSummary } from "@/lib/conversation/api";

export const conversationsQueryKey = ["conversations"] as const;

export function conversationQueryKey(id: string) {
  return ["conversation", id] as const;
}

/** A non-2xx answer from a FinGround route, with the message of its ApiError body when it has one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** The ApiError body's error, when `body` is one. */
export function apiErrorOf(body: unknown): ApiError["error"] | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const error: unknown = body.error;
  if (typeof error !== "object" || error === null) return null;
  if (!("message" in error) || typeof error.message !== "string") return null;
  const code = "code" in error && typeof error.code === "string" ? error.code : "ERROR";
  return { code, message: error.message };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const apiError = apiErrorOf(body);
    throw new ApiRequestError(
      response.status,
      apiError?.code ?? null,
      apiError?.message ?? `The server answered ${response.status}.`,
    );
  }
  return (await response.json()) as T;
}

export function fetchConversations(): Promise<ConversationSummary[]> {
  return getJson<ConversationSummary[]>("/api/conversations");
}

export function fetchConversation(id: string): Promise<ConversationDetail> {
  return getJson<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`);
}

/** Client errors (4xx) will not change on a retry; server and network errors may. */
export function shouldRetryQuery(failureCount: number, error: Error): boolean {
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < 2;
}
