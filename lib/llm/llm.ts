// LLM configuration: an OpenAI-compatible chat completions endpoint (vLLM, llama.cpp, Ollama, OpenAI).
// No configuration means the built-in analyst answers; a wrong configuration is an error a person
// can fix, never a silent fallback.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { appConfig, type Config } from "@/lib/core/config";

export interface LlmConfig {
  baseURL: string;
  /** Optional: local servers usually ignore it. */
  apiKey?: string;
  model: string;
  /** How long to wait for the first token, and at most between tokens, before falling back. */
  timeoutMs: number;
}

/** An OpenAI-compatible endpoint's settings, validated by lib/core/config; null unless both the URL
 * and the model are set. Shared by the answer stage and the LLM agent. */
export function endpointSettings(
  baseURL: string | undefined,
  model: string | undefined,
  apiKey: string | undefined,
  timeoutMs: number,
): LlmConfig | null {
  if (baseURL === undefined || model === undefined) return null;
  return { baseURL, model, timeoutMs, ...(apiKey ? { apiKey } : {}) };
}

/** The answer stage's LLM: null when OPENAI_BASE_URL or LLM_MODEL is unset (the analyst answers). */
export function llmConfigFromEnv(config: Config = appConfig()): LlmConfig | null {
  return endpointSettings(config.OPENAI_BASE_URL, config.LLM_MODEL, config.OPENAI_API_KEY, config.LLM_TIMEOUT_MS);
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
