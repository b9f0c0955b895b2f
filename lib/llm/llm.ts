// LLM configuration: an OpenAI-compatible chat completions endpoint (vLLM, llama.cpp, Ollama, OpenAI).
// No configuration means the built-in analyst answers; a wrong configuration is an error a person
// can fix, never a silent fallback.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { z } from "zod";

export const DEFAULT_LLM_TIMEOUT_MS = 20_000;

export const llmConfigSchema = z.object({
  baseURL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:8000/v1" })
    .transform((url) => url.replace(/\/+$/, "")),
  /** Optional: local servers usually ignore it. */
  apiKey: z.string().min(1).optional(),
  model: z.string().trim().min(1, "must name a model"),
  /** How long to wait for the first token, and at most between tokens, before falling back. */
  timeoutMs: z
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .positive("must be greater than 0")
    .max(600_000, "must be at most 600000 (10 minutes)"),
});
export type LlmConfig = z.infer<typeof llmConfigSchema>;

/** Which environment variable each field comes from, to name it in errors. */
const ENV_NAMES: Record<keyof LlmConfig, string> = {
  baseURL: "OPENAI_BASE_URL",
  apiKey: "OPENAI_API_KEY",
  model: "LLM_MODEL",
  timeoutMs: "LLM_TIMEOUT_MS",
};

export class LlmConfigError extends Error {
  override name = "LlmConfigError";
}

type Env = Record<string, string | undefined>;

/** The LLM settings from the environment; null when OPENAI_BASE_URL or LLM_MODEL is unset (the
 * analyst answers). Throws LlmConfigError naming the variable when a value is set but invalid. */
export function llmConfigFromEnv(env: Env = process.env): LlmConfig | null {
  const baseURL = nonEmpty(env.OPENAI_BASE_URL);
  const model = nonEmpty(env.LLM_MODEL);
  if (baseURL === undefined || model === undefined) return null;
  const apiKey = nonEmpty(env.OPENAI_API_KEY);
  const timeoutMs = parseTimeout(nonEmpty(env.LLM_TIMEOUT_MS));
  const parsed = llmConfigSchema.safeParse({ baseURL, model, timeoutMs, ...(apiKey ? { apiKey } : {}) });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path[0] as keyof LlmConfig | undefined;
    const name = field ? ENV_NAMES[field] : "LLM configuration";
    const given = field === "timeoutMs" ? env.LLM_TIMEOUT_MS : field === "baseURL" ? baseURL : undefined;
    return `${name} ${issue.message}${given === undefined ? "" : ` (got "${given}")`}`;
  });
  throw new LlmConfigError(`Invalid LLM configuration: ${problems.join("; ")}.`);
}

/** "20000" → 20000; anything not a plain integer becomes NaN so the schema reports it. */
function parseTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LLM_TIMEOUT_MS;
  return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The chat completions model (`/v1/chat/completions`), which is what local servers serve; the
 * provider's default `openai(model)` would call the Responses API instead. Imported on demand:
 * loading @ai-sdk/openai builds a default provider from the environment, which throws when
 * OPENAI_BASE_URL is set but empty — the very case that means "no LLM". */
export async function createLlmModel(config: LlmConfig): Promise<LanguageModelV4> {
  const { createOpenAI } = await import("@ai-sdk/openai");
  const provider = createOpenAI({
    baseURL: config.baseURL,
    // Without a key the provider reads OPENAI_API_KEY itself and throws when it is unset; local
    // servers accept any bearer token.
    apiKey: config.apiKey ?? "not-needed",
  });
  return provider.chat(config.model);
}
