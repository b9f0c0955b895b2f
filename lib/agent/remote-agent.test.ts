// The remote agent against a real HTTP server that runs FinGround's own /api/agent handler, and
// against servers that fail: every failure falls back to the built-in parser.
import { installTestConfig } from "@/test/config";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/agent/route";
import { createRemoteAgent } from "./remote-agent";
import { singleCompanies } from "./schema";

let server: Server | null = null;
const TOKEN = "remote-agent-test-token-0123456789abcdef";

async function serve(
  handler: (body: string, headers: Headers) => Promise<{ status: number; body: string }>,
): Promise<string> {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const headers = new Headers(
        Object.entries(req.headers).flatMap(([name, value]) =>
          typeof value === "string" ? [[name, value] as [string, string]] : [],
        ),
      );
      void handler(body, headers).then(({ status, body: out }) =>
        res.writeHead(status, { "content-type": "application/json" }).end(out),
      );
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent`;
}

beforeEach(() => {
  installTestConfig({ AGENT_ENDPOINT_TOKEN: TOKEN });
});

afterEach(async () => {
  installTestConfig();
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

const question = "What was Apple's revenue in fiscal 2023?";

describe("the remote agent", () => {
  it("gets the request from a deployed FinGround agent endpoint", async () => {
    let seen = "";
    let status = 0;
    const url = await serve(async (body, headers) => {
      seen = body;
      const response = await POST(new Request("http://agent/api/agent", { method: "POST", body, headers }));
      status = response.status;
      return { status, body: await response.text() };
    });
    const request = await createRemoteAgent(url, undefined, TOKEN).parse(question, { today: "2026-11-30" });
    expect(JSON.parse(seen)).toEqual({ query: question, today: "2026-11-30" });
    // Answered by the endpoint with the service token, not by the fallback.
    expect(status).toBe(200);
    expect(request).toMatchObject({ question, agent: "rules", dates: { fiscal: { year: 2023, period: "FY" } } });
    expect(singleCompanies(request)[0]?.ticker).toBe("AAPL");
  });

  it.each([
    ["an HTTP error", async () => ({ status: 500, body: '{"error":"boom"}' })],
    ["a body that is not a request", async () => ({ status: 200, body: '{"companies":"AAPL"}' })],
  ])("falls back to the built-in parser on %s and says why", async (_case, handler) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const request = await createRemoteAgent(await serve(handler)).parse(question, { today: "2026-11-30" });
    expect(request.agent).toBe("rules");
    expect(singleCompanies(request)[0]?.ticker).toBe("AAPL");
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^\[agent\] remote:.* failed \(.+\); using the built-in parser$/),
    );
  });

  it("falls back when nothing listens, and when the endpoint is too slow", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(
      (await createRemoteAgent("http://127.0.0.1:9/api/agent").parse(question, { today: "2026-11-30" })).agent,
    ).toBe("rules");
    const url = await serve(
      () => new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: "{}" }), 2000)),
    );
    const started = Date.now();
    expect((await createRemoteAgent(url, 200).parse(question, { today: "2026-11-30" })).agent).toBe("rules");
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
