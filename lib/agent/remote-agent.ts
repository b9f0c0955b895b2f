// A FinGround agent deployed apart from the web app (AGENT_ENDPOINT_URL), reached over HTTP at its
// POST /api/agent, with the service token the endpoint requires. Its answer is validated like any other;
// on any failure the built-in agent answers.
import type { AgentOptions, FinancialAgent } from "./agent";
import { rulesAgent } from "./rules-agent";
import { structuredDataRequestSchema, type StructuredDataRequest } from "./schema";

const DEFAULT_REMOTE_AGENT_TIMEOUT_MS = 5000;

export function createRemoteAgent(
  endpointUrl: string,
  timeoutMs = DEFAULT_REMOTE_AGENT_TIMEOUT_MS,
  token?: string,
): FinancialAgent {
  const name = `remote:${endpointUrl}`;
  return {
    name,
    async parse(question, options) {
      try {
        return await requestFrom(endpointUrl, question, options, timeoutMs, token);
      } catch (error) {
        console.warn(`[agent] ${name} failed (${(error as Error).message}); using the built-in parser`);
        return rulesAgent.parse(question, options);
      }
    },
  };
}

async function requestFrom(
  url: string,
  question: string,
  options: AgentOptions,
  timeoutMs: number,
  token: string | undefined,
): Promise<StructuredDataRequest> {
  const signals = [AbortSignal.timeout(timeoutMs), ...(options.abortSignal ? [options.abortSignal] : [])];
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: question, today: options.today }),
    signal: AbortSignal.any(signals),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const parsed = structuredDataRequestSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new Error(`invalid request from the endpoint: ${parsed.error.issues[0]?.message ?? "schema mismatch"}`);
  return parsed.data;
}
