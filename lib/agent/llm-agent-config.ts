// The LLM agent's settings: an OpenAI-compatible chat completions endpoint asked for a structured
// request. Separate from the answer stage's LLM (OPENAI_BASE_URL/LLM_MODEL) so a small, fast model
// can parse questions while a larger one writes answers. Same rules as the answer stage: unset means
// "no LLM agent" (the built-in parser answers), a value that is set but wrong is an error a person
// can fix, never a silent fallback.
import { LlmConfigError, llmConfigSchema, type LlmConfig } from "@/lib/llm/llm";

export const DEFAULT_AGENT_TIMEOUT_MS = 15_000;

/** Same shape and checks as the answer stage's configuration. */
const agentLlmConfigSchema = llmConfigSchema;
export type AgentLlmConfig = LlmConfig;

/** Which environment variable each field comes from, to name it in errors. */
const ENV_NAMES: Record<keyof AgentLlmConfig, string> = {
  baseURL: "AGENT_BASE_URL",
  apiKey: "AGENT_API_KEY",
  model: "AGENT_MODEL",
  timeoutMs: "AGENT_TIMEOUT_MS",
};

type Env = Record<string, string | undefined>;

/** The LLM agent's settings from the environment; null when AGENT_BASE_URL or AGENT_MODEL is unset
 * (the built-in parser answers). Throws LlmConfigError naming the variable when a value is set but
 * invalid. */
export function agentLlmConfigFromEnv(env: Env = process.env): AgentLlmConfig | null {
  const baseURL = nonEmpty(env.AGENT_BASE_URL);
  const model = nonEmpty(env.AGENT_MODEL);
  if (baseURL === undefined || model === undefined) return null;
  const apiKey = nonEmpty(env.AGENT_API_KEY);
  const rawTimeout = nonEmpty(env.AGENT_TIMEOUT_MS);
  const timeoutMs = parseTimeout(rawTimeout);
  const parsed = agentLlmConfigSchema.safeParse({ baseURL, model, timeoutMs, ...(apiKey ? { apiKey } : {}) });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path[0] as keyof AgentLlmConfig | undefined;
    const name = field ? ENV_NAMES[field] : "LLM agent configuration";
    const given = field === "timeoutMs" ? rawTimeout : field === "baseURL" ? baseURL : undefined;
    return `${name} ${issue.message}${given === undefined ? "" : ` (got "${given}")`}`;
  });
  throw new LlmConfigError(`Invalid LLM agent configuration: ${problems.join("; ")}.`);
}

/** "15000" → 15000; anything not a plain number becomes NaN so the schema reports it. */
function parseTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_AGENT_TIMEOUT_MS;
  return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
