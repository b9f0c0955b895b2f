// POST /api/agent { query, today? } → the Structured Data Request as JSON: the Financial Agent as an
// inference endpoint, so it can run and scale apart from the web app. Callers: the web app with the
// service token (AGENT_ENDPOINT_TOKEN; the chat already limits its users), or a signed-in user,
// rate-limited per user (FINGROUND_AGENT_RATE_LIMIT).
import { agentEndpointTokenFromEnv, localAgentFromEnv } from "@/lib/agent/agent-from-env";
import { agentRequestSchema } from "@/lib/agent/agent-request";
import { agentRateRuleFromEnv, hitRateLimit, withRetryAfter } from "@/lib/auth/rate-limit";
import type { RateRule } from "@/lib/core/config";
import { carriesBearerToken } from "@/lib/auth/service-token";
import { requireApiViewer } from "@/lib/auth/session";
import { referenceDate } from "@/lib/chat/answer-question";
import { apiError, errorResponse, databaseUnavailable, invalidPayload, readJson } from "@/lib/conversation/http";
import { getPrisma } from "@/lib/db/client";

export async function POST(request: Request): Promise<Response> {
  let agent;
  let token;
  let rateRule;
  try {
    agent = localAgentFromEnv();
    token = agentEndpointTokenFromEnv();
    rateRule = agentRateRuleFromEnv();
  } catch (error) {
    return errorResponse(error, "agent", "MISCONFIGURED");
  }
  if (!token || !carriesBearerToken(request, token)) {
    const refused = await refuseUser(request, rateRule);
    if (refused) return refused;
  }
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const parsed = agentRequestSchema.safeParse(json.body);
  if (!parsed.success) return invalidPayload(parsed.error);
  const { query, today } = parsed.data;
  const result = await agent.parse(query, { today: today ?? referenceDate(), abortSignal: request.signal });
  return Response.json(result);
}

/** The 401 for a caller who is neither signed in nor the service, or the 429 for a user over the limit. */
async function refuseUser(request: Request, rateRule: RateRule | null): Promise<Response | null> {
  const signedIn = await requireApiViewer(request);
  if ("response" in signedIn) {
    return apiError(
      401,
      "UNAUTHENTICATED",
      "Please sign in, or call with the agent's service token (Authorization: Bearer <AGENT_ENDPOINT_TOKEN>).",
    );
  }
  if (!rateRule) return null;
  try {
    const rate = await hitRateLimit(await getPrisma(), `agent:${signedIn.viewer.id}`, rateRule);
    if (rate.allowed) return null;
    const message = `You sent ${rateRule.max} agent requests in ${rateRule.windowSeconds} s. Try again in ${rate.retryAfterSeconds} s.`;
    return withRetryAfter(apiError(429, "RATE_LIMITED", message), rate.retryAfterSeconds);
  } catch (error) {
    return databaseUnavailable(error);
  }
}
