// The endpoint as the deployed web app calls it, with the service token. Who else may call it (signed-in
// users, rate-limited) is tested in ../authorization.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleCompanies, structuredDataRequestSchema } from "@/lib/agent/schema";
import { POST } from "./route";

const TOKEN = "agent-route-test-token-0123456789abcdef";
const post = (body: string) =>
  POST(new Request("http://localhost/api/agent", { method: "POST", body, headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` } }));

beforeAll(() => {
  process.env.AGENT_ENDPOINT_TOKEN = TOKEN;
});
afterAll(() => {
  delete process.env.AGENT_ENDPOINT_TOKEN;
});

describe("POST /api/agent", () => {
  it("returns the Structured Data Request for a question, relative to the given date", async () => {
    const response = await post(JSON.stringify({ query: "Compare Apple and Nvidia net income over the last 8 quarters", today: "2026-11-30" }));
    expect(response.status).toBe(200);
    const request = structuredDataRequestSchema.parse(await response.json());
    expect(singleCompanies(request).map((c) => c.ticker)).toEqual(["AAPL", "NVDA"]);
    expect(request.metrics.map((m) => m.key)).toEqual(["net_income"]);
    expect(request.dates).toMatchObject({ expression: "last 8 quarters", end: "2026-11-30", count: 8 });
    expect(request).toMatchObject({ today: "2026-11-30", intent: "compare", agent: "rules" });
  });

  it.each([
    ["not JSON", "{ query", "INVALID_JSON"],
    ["no query", JSON.stringify({ today: "2026-11-30" }), "INVALID_PAYLOAD"],
    ["an empty query", JSON.stringify({ query: "   " }), "INVALID_PAYLOAD"],
    ["a bad date", JSON.stringify({ query: "Apple revenue", today: "30/11/2026" }), "INVALID_PAYLOAD"],
    ["an over-long query", JSON.stringify({ query: "a".repeat(2001) }), "INVALID_PAYLOAD"],
  ])("refuses %s with 400 and a reason", async (_case, body, code) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const payload = (await response.json()) as { error: { code: string; message: string } };
    expect(payload.error.code).toBe(code);
    expect(payload.error.message.length).toBeGreaterThan(10);
  });
});
