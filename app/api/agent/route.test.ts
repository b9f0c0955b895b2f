// The endpoint as the deployed web app calls it, with the service token. Who else may call it (signed-in
// users, rate-limited) is tested in ../authorization.test.ts.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTestConfig } from "@/test/config";
import { singleCompanies, structuredDataRequestSchema } from "@/lib/agent/schema";
import { isIsoDate } from "@/lib/core/dates";
import { POST } from "./route";

const TOKEN = "agent-route-test-token-0123456789abcdef";
const post = (body: string) =>
  POST(
    new Request("http://localhost/api/agent", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    }),
  );

beforeAll(() => {
  installTestConfig({ AGENT_ENDPOINT_TOKEN: TOKEN });
});
afterAll(() => {
  installTestConfig();
});

describe("POST /api/agent", () => {
  it("returns the Structured Data Request for a question, relative to the given date", async () => {
    const response = await post(
      JSON.stringify({ query: "Compare Apple and Nvidia net income over the last 8 quarters", today: "2026-11-30" }),
    );
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
    ["a day that does not exist", JSON.stringify({ query: "Apple revenue", today: "2024-02-30" }), "INVALID_PAYLOAD"],
    ["a month that does not exist", JSON.stringify({ query: "Apple revenue", today: "2024-13-01" }), "INVALID_PAYLOAD"],
    ["a NUL byte in the query", JSON.stringify({ query: "Apple\u0000 revenue" }), "INVALID_PAYLOAD"],
    ["a lone surrogate in the query", JSON.stringify({ query: "Apple \ud800 revenue" }), "INVALID_PAYLOAD"],
  ])("refuses %s with 400 and a reason", async (_case, body, code) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const payload = (await response.json()) as { error: { code: string; message: string } };
    expect(payload.error.code).toBe(code);
    expect(payload.error.message.length).toBeGreaterThan(10);
  });

  it("answers any date or query with a request or a 400 that says why, never a 5xx", async () => {
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    const anyDate = fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
        .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
      fc
        .tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 28, max: 31 }))
        .map(([y, m, d]) => `${y}-${pad(m, 2)}-${pad(d, 2)}`),
      fc.string({ maxLength: 12 }),
    );
    const anyQuery = fc.oneof(
      fc.constantFrom(
        "Apple revenue last 8 quarters",
        "Compare Nvidia and AMD net income in 2023",
        "Tesla P/E since 2020",
      ),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc
        .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("\u0000", "\ud800", "\udfff", "\u001b", "\n")), {
          maxLength: 12,
        })
        .map((parts) => parts.join("")),
    );
    await fc.assert(
      fc.asyncProperty(anyQuery, anyDate, async (query, today) => {
        const response = await post(JSON.stringify({ query, today }));
        const body = (await response.json()) as { error?: { message: string } };
        const valid =
          isIsoDate(today) &&
          query.trim().length > 0 &&
          query.trim().length <= 2000 &&
          query.isWellFormed() &&
          !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(query);
        expect(response.status).toBe(valid ? 200 : 400);
        if (!valid) expect(body.error?.message).toMatch(/^Invalid request: (query|today): /);
      }),
      { numRuns: 1000 },
    );
  });
});
