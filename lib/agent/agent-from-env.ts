// Which agent answers, from the environment:
//   AGENT_ENDPOINT_URL            → a remote FinGround agent (the web app delegates to it, sending
//                                   AGENT_ENDPOINT_TOKEN, which the agent's own POST /api/agent requires)
//   AGENT_BASE_URL + AGENT_MODEL  → an LLM agent, with the built-in parser as fallback
//   neither                       → the built-in parser
import type { FinancialAgent } from "./agent";
import { createLlmAgent } from "./llm-agent";
import { agentLlmConfigFromEnv } from "./llm-agent-config";
import { createRemoteAgent } from "./remote-agent";
import { rulesAgent } from "./rules-agent";

/** The agent the chat uses. */
export function chatAgentFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): FinancialAgent {
  const endpoint = env.AGENT_ENDPOINT_URL?.trim();
  return endpoint ? createRemoteAgent(endpoint, undefined, agentEndpointTokenFromEnv(env) ?? undefined) : localAgentFromEnv(env);
}

const MIN_AGENT_TOKEN_LENGTH = 32;

/** The service token between the web app and a deployed agent; null when unset. */
export function agentEndpointTokenFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const token = env.AGENT_ENDPOINT_TOKEN?.trim();
  if (!token) return null;
  if (token.length < MIN_AGENT_TOKEN_LENGTH) {
    throw new Error(`AGENT_ENDPOINT_TOKEN must be at least ${MIN_AGENT_TOKEN_LENGTH} characters (try \`openssl rand -base64 32\`).`);
  }
  return token;
}

/** The agent this process runs itself: what POST /api/agent and the CLI serve (never remote, so two
 * deployments pointing at each other cannot loop). */
export function localAgentFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): FinancialAgent {
  const llm = agentLlmConfigFromEnv(env);
  return llm ? createLlmAgent(llm) : rulesAgent;
}
