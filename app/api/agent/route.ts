// POST /api/agent { query, today? } → the Structured Data Request as JSON: the Financial Agent as an
// inference endpoint, so it can run and scale apart from the web app.
import { localAgentFromEnv } from "@/lib/agent/agent-from-env";
import { agentRequestSchema } from "@/lib/agent/agent-request";
import { referenceDate } from "@/lib/chat/answer-question";
import { apiError, invalidPayload, readJson } from "@/lib/conversation/http";

export async function POST(request: Request): Promise<Response> {
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const parsed = agentRequestSchema.safeParse(json.body);
  if (!parsed.success) return invalidPayload(parsed.error);
  const { query, today } = parsed.data;
  let agent;
  try {
    agent = localAgentFromEnv();
  } catch (error) {
    return apiError(500, "AGENT_MISCONFIGURED", (error as Error).message);
  }
  const result = await agent.parse(query, { today: today ?? referenceDate(), abortSignal: request.signal });
  return Response.json(result);
}
