// The agent endpoint's contract: POST /api/agent { query, today? } and the CLI's lines.
import { z } from "zod";
import { isoDateSchema } from "./schema";

export const MAX_QUERY_LENGTH = 2000;

// Tab, newline and carriage return are typed; other control characters are not (PostgreSQL refuses NUL).
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text as a person types it: well-formed UTF-16 (no lone surrogate) without control characters,
 * so it can be stored and searched. */
export const typedTextSchema = z
  .string()
  .refine(
    (text) => text.isWellFormed(),
    "contains a broken character (a lone UTF-16 surrogate); send the text as valid Unicode",
  )
  .refine((text) => !CONTROL_CHARACTER.test(text), "contains a control character (such as NUL); send plain text");

export const agentRequestSchema = z.object({
  query: typedTextSchema
    .transform((q) => q.trim())
    .pipe(
      z.string().min(1, "query is empty").max(MAX_QUERY_LENGTH, `query is longer than ${MAX_QUERY_LENGTH} characters`),
    ),
  today: isoDateSchema.optional(),
});
