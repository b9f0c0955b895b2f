// Turns what useChat reports as an error into words a person can act on.
import { APICallError } from "ai";
import { MAX_QUESTION_LENGTH } from "@/lib/conversation/api";
import { apiErrorOf } from "./conversation-queries";

export interface ChatErrorDescription {
  title: string;
  message: string;
  /** HTTP status when the request itself was refused. */
  status: number | null;
  code: string | null;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function describeChatError(error: Error): ChatErrorDescription {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? null;
    const apiError = apiErrorOf(parseJson(error.responseBody ?? error.message));
    const clientError = status !== null && status >= 400 && status < 500;
    return {
      title: clientError ? "The question was not accepted" : "The server could not answer",
      message:
        apiError?.message ??
        (status === 413
          ? `Questions are limited to ${MAX_QUESTION_LENGTH.toLocaleString("en-US")} characters.`
          : `The server answered with HTTP ${status ?? "error"}.`),
      status,
      code: apiError?.code ?? null,
    };
  }
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return {
      title: "The server could not be reached",
      message: "Check your connection and that FinGround is running, then try again.",
      status: null,
      code: "NETWORK",
    };
  }
  // Errors sent inside the stream arrive with their text as the message.
  return {
    title: "The answer stopped with an error",
    message: error.message || "Something went wrong while answering.",
    status: null,
    code: null,
  };
}
