// Reading what went wrong with an OpenAI-compatible endpoint, shared by the answer stage and the
// LLM agent.

/** The system error code (ECONNREFUSED, …) somewhere down the cause chain. */
export function systemErrorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 5) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && /^E[A-Z_]+$/.test(code)) return code;
  // Node's fetch reports a refused dual-stack connect as an AggregateError of both attempts.
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = systemErrorCode(inner, depth + 1);
      if (found) return found;
    }
  }
  return systemErrorCode(cause, depth + 1);
}
