import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import { MAX_QUESTION_LENGTH } from "@/lib/conversation/api";
import { describeChatError } from "./chat-error-description";

function refused(statusCode: number, responseBody?: string): APICallError {
  return new APICallError({
    message: "request failed",
    url: "/api/chat",
    requestBodyValues: {},
    statusCode,
    responseBody,
  });
}

describe("describeChatError", () => {
  it("shows the server's own message and code for a refused question", () => {
    const body = JSON.stringify({
      error: { code: "RATE_LIMITED", message: "Too many questions: try again in a minute." },
    });
    expect(describeChatError(refused(429, body))).toEqual({
      title: "The question was not accepted",
      message: "Too many questions: try again in a minute.",
      status: 429,
      code: "RATE_LIMITED",
    });
  });

  it("explains a question over the size limit even without a JSON body", () => {
    const described = describeChatError(refused(413, "Payload Too Large"));
    expect(described.message).toBe(
      `Questions are limited to ${MAX_QUESTION_LENGTH.toLocaleString("en-US")} characters.`,
    );
    expect(described.code).toBeNull();
  });

  it("tells a server failure from a refusal", () => {
    expect(describeChatError(refused(502))).toMatchObject({
      title: "The server could not answer",
      message: "The server answered with HTTP 502.",
      status: 502,
    });
  });

  it("says the server could not be reached when fetch fails", () => {
    expect(describeChatError(new TypeError("Failed to fetch"))).toMatchObject({ code: "NETWORK", status: null });
  });

  it("passes an error sent inside the stream through as its message", () => {
    expect(describeChatError(new Error("The model timed out."))).toEqual({
      title: "The answer stopped with an error",
      message: "The model timed out.",
      status: null,
      code: null,
    });
  });
});
