// Typed JSON errors for the chat routes: a code and a message a person can act on.
import type { z } from "zod";
import type { ApiError } from "./api";

export function apiError(status: number, code: string, message: string, issues?: ApiError["error"]["issues"]): Response {
  const body: ApiError = { error: { code, message, ...(issues ? { issues } : {}) } };
  return Response.json(body, { status });
}

export function invalidPayload(error: z.ZodError): Response {
  const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  return apiError(400, "INVALID_PAYLOAD", `Invalid request: ${issues.map((i) => `${i.path || "body"}: ${i.message}`).join("; ")}`, issues);
}

export async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, body: (await request.json()) as unknown };
  } catch {
    return { ok: false, response: apiError(400, "INVALID_JSON", "The request body is not valid JSON.") };
  }
}

export function databaseUnavailable(error: unknown): Response {
  return apiError(503, "DATABASE_UNAVAILABLE", `The database is not available: ${(error as Error).message}`);
}
