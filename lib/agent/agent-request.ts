// The agent endpoint's contract: POST /api/agent { query, today? } and the CLI's lines.
import { z } from "zod";
import { isoDateSchema } from "./schema";

export const MAX_QUERY_LENGTH = 2000;

export const agentRequestSchema = z.object({
  query: z
    .string()
    .transform((q) => q.trim())
    .pipe(z.string().min(1, "query is empty").max(MAX_QUERY_LENGTH, `query is longer than ${MAX_QUERY_LENGTH} characters`)),
  today: isoDateSchema.optional(),
});
export type AgentRequest = z.infer<typeof agentRequestSchema>;
