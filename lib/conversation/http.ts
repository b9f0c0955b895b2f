// Typed JSON errors for the chat routes: a code and a message a person can act on.
import type { z } from "zod";
import { publicError, type ErrorCode } from "@/lib/core/errors";
import type { ApiError } from "./api";

/** Every JSON route refuses bodies larger than this (413), counted while the body streams in. */
const MAX_JSON_BODY_BYTES = 32 * 1024;

export function apiError(
  status: number,
  code: string,
  message: string,
  issues?: ApiError["error"]["issues"],
): Response {
  const body: ApiError = { error: { code, message, ...(issues ? { issues } : {}) } };
  return Response.json(body, { status });
}

export function invalidPayload(error: z.ZodError): Response {
  const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  return apiError(
    400,
    "INVALID_PAYLOAD",
    `Invalid request: ${issues.map((i) => `${i.path || "body"}: ${i.message}`).join("; ")}`,
    issues,
  );
}

type JsonRead = { ok: true; body: unknown } | { ok: false; response: Response };

/** The JSON body of a request sent as application/json and at most MAX_JSON_BODY_BYTES long. A form or
 * text/plain post (what another site can send without CORS) is refused with 415. */
export async function readJson(request: Request): Promise<JsonRead> {
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    await request.body?.cancel();
    return {
      ok: false,
      response: apiError(
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the request body as JSON with Content-Type: application/json.",
      ),
    };
  }
  const bytes = await readBodyBytes(request, MAX_JSON_BODY_BYTES);
  if (!bytes) return { ok: false, response: bodyTooLarge(MAX_JSON_BODY_BYTES) };
  try {
    return { ok: true, body: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { ok: false, response: apiError(400, "INVALID_JSON", "The request body is not valid JSON.") };
  }
}

/** The body's bytes, or null once it passes `maxBytes` (it is then dropped, never held whole). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("content-length")) > maxBytes) {
    await request.body?.cancel();
    return null;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

export function bodyTooLarge(maxBytes: number): Response {
  return apiError(413, "BODY_TOO_LARGE", `Request bodies are limited to ${Math.round(maxBytes / 1024)} KB.`);
}

/** The JSON response for a thrown error, by the visibility rule of lib/core/errors: a user-facing
 * message as written, anything else logged under `where` and answered generically with a reference. */
export function errorResponse(error: unknown, where: string, unknownAs?: ErrorCode): Response {
  const { status, code, message, reference } = publicError(error, where, unknownAs);
  const body: ApiError = { error: { code, message, ...(reference ? { reference } : {}) } };
  return Response.json(body, { status });
}

/** For failures of database calls: the cause goes to the server log; the person gets only what they can act on. */
export function databaseUnavailable(error: unknown): Response {
  return errorResponse(error, "api", "DATABASE_UNAVAILABLE");
}
