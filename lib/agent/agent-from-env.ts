// Which agent answers, from the environment:
//   AGENT_ENDPOINT_URL            → a remote FinGround agent (the web app delegates to it, sending
//                                   AGENT_ENDPOINT_TOKEN, which the agent's own POST /api/agent requires)
//   AGENT_BASE_URL + AGENT_MODEL  → an LLM agent, with the built-in parser as fallback
//   neither                       → the built-in parser
import { appConfig, type Config } from "@/lib/core/config";
import type { FinancialAgent } from "./agent";
import { createLlmAgent } from "./llm-agent";
import { agentLlmConfigFromEnv } from "./llm-agent-config";
import { createRemoteAgent } from "./remote-agent";
import { rulesAgent } from "./rules-agent";

/** The agent the chat uses. */
export function chatAgentFromEnv(config: Config = appConfig()): FinancialAgent {
  const endpoint = config.AGENT_ENDPOINT_URL;
  return endpoint ? createRemoteAgent(endpoint, undefined, config.AGENT_ENDPOINT_TOKEN) : localAgentFromEnv(config);
}

/** The service token between the web app and a deployed agent (32+ characters); null when unset. */
export function agentEndpointTokenFromEnv(config: Config = appConfig()): string | null {
  return config.AGENT_ENDPOINT_TOKEN ?? null;
}

/** The agent this process runs itself: what POST /api/agent and the CLI serve (never remote, so two
 * deployments pointing at each other cannot loop). */
export function localAgentFromEnv(config: Config = appConfig()): FinancialAgent {
  const llm = agentLlmConfigFromEnv(config);
  return llm ? createLlmAgent(llm) : rulesAgent;
}
