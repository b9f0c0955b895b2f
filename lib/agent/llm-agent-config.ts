// The LLM agent's settings: an OpenAI-compatible chat completions endpoint asked for a structured
// request. Separate from the answer stage's LLM (OPENAI_BASE_URL/LLM_MODEL) so a small, fast model
// can parse questions while a larger one writes answers. Unset means "no LLM agent" (the built-in
// parser answers); a value that is set but wrong fails at start (lib/core/config).
import { appConfig, type Config } from "@/lib/core/config";
import { endpointSettings, type LlmConfig } from "@/lib/llm/llm";

export type AgentLlmConfig = LlmConfig;

/** The LLM agent's settings; null when AGENT_BASE_URL or AGENT_MODEL is unset. */
export function agentLlmConfigFromEnv(config: Config = appConfig()): AgentLlmConfig | null {
  return endpointSettings(config.AGENT_BASE_URL, config.AGENT_MODEL, config.AGENT_API_KEY, config.AGENT_TIMEOUT_MS);
}
