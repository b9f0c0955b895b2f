// Which agent answers, from the environment:
//   AGENT_ENDPOINT_URL            → a remote FinGround agent (the web app delegates to it)
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
  return endpoint ? createRemoteAgent(endpoint) : localAgentFromEnv(env);
}

/** The agent this process runs itself: what POST /api/agent and the CLI serve (never remote, so two
 * deployments pointing at each other cannot loop). */
export function localAgentFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): FinancialAgent {
  const llm = agentLlmConfigFromEnv(env);
  return llm ? createLlmAgent(llm) : rulesAgent;
}
