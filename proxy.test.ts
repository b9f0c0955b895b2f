// What the proxy refuses before any route runs (Next.js's router would answer 500 to a malformed path, and a
// server action would run with no Origin), and what it lets through.
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installTestConfig } from "@/test/config";
import { config, proxy } from "./proxy";

const ORIGIN = "http://127.0.0.1:3000";
const SESSION = { cookie: "better-auth.session_token=signed.token" };

function send(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Response {
  const url = new URL(`${ORIGIN}${path}`);
  return proxy(
    new NextRequest(url, {
      method: init.method ?? "GET",
      headers: { host: url.host, ...SESSION, ...init.headers },
    }),
  );
}

const passes = (response: Response) => response.headers.get("x-middleware-next") === "1";

describe("the proxy", () => {
  beforeEach(() => installTestConfig({ BETTER_AUTH_URL: undefined, HOST: undefined }));
  afterEach(() => installTestConfig());

  it("answers 400 with a message to a malformed percent-encoding on every dynamic route, pages and API", async () => {
    const malformed = [
      "/data/eval/%ff%fe",
      "/chat/%ff",
      "/api/conversations/%ff",
      "/review/%ff",
      "/filings/%ff/pages/1",
      "/filings/107/pages/%ff",
      "/api/auth/%ff",
      "/review?from=%ff",
      "/chat/%E0%A4%A",
      "/api/chat/%",
    ];
    for (const path of malformed) {
      const response = send(path);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("percent-encoding that does not decode");
    }
    expect(await send("/api/conversations/%ff").json()).toMatchObject({ error: { code: "MALFORMED_URL" } });
    for (const path of ["/chat/%25ff", "/filings/AAPL%2010-K/pages/1", "/review?client=%00", "/api/conversations/x"])
      expect(passes(send(path)), path).toBe(true);
  });

  it("answers only for this server's hosts: a spoofed Host with a matching Origin is refused (421), API included", async () => {
    const spoofed = send("/api/chat", {
      method: "POST",
      headers: { host: "evil.example:3000", origin: "http://evil.example:3000", "content-type": "application/json" },
    });
    expect(spoofed.status).toBe(421);
    expect(await spoofed.json()).toMatchObject({
      error: { code: "MISDIRECTED_REQUEST", message: expect.stringContaining("BETTER_AUTH_URL") },
    });
    expect(send("/", { headers: { host: "rebind.evil.example" } }).status).toBe(421);
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "192.168.1.20:3000"])
      expect(passes(send("/api/health", { headers: { host } })), host).toBe(true);

    installTestConfig({ BETTER_AUTH_URL: "https://finground.example" });
    expect(passes(send("/api/health", { headers: { host: "finground.example" } }))).toBe(true);
    expect(send("/api/health", { headers: { host: "evil.example" } }).status).toBe(421);
    installTestConfig({ HOST: "finground.lan" });
    expect(passes(send("/api/health", { headers: { host: "finground.lan:3000" } }))).toBe(true);
  });

  it("refuses a server action from no page of this server with 403, and a body over its cap before reading it", () => {
    const action = (headers: Record<string, string>) =>
      send("/review/6f1c0a53-4a43-4f0b-9a39-8d5f0c1f5b0e", {
        method: "POST",
        headers: { "next-action": "7f00aa", "content-type": "text/plain;charset=UTF-8", ...headers },
      });
    expect(action({ "content-length": "40" }).status).toBe(403);
    expect(action({ "content-length": "40", referer: "https://evil.example/" }).status).toBe(403);
    expect(action({ "content-length": "40", origin: "https://evil.example" }).status).toBe(403);
    expect(action({ "content-length": "40", "sec-fetch-site": "cross-site" }).status).toBe(403);
    expect(action({ "content-length": String(50 * 1024 * 1024), origin: ORIGIN }).status).toBe(413);
    expect(action({ origin: ORIGIN }).status).toBe(411);
    expect(passes(action({ "content-length": "40", origin: ORIGIN }))).toBe(true);
    expect(passes(action({ "content-length": "40", "sec-fetch-site": "same-origin" }))).toBe(true);
  });

  it("still sends a page visited without a session to sign-in, and leaves API routes to answer 401 themselves", () => {
    const url = new URL(`${ORIGIN}/review?from=2024-01-01`);
    const page = proxy(new NextRequest(url, { headers: { host: url.host } }));
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toMatch(/\/sign-in\?next=%2Freview%3Ffrom%3D2024-01-01$/);
    const api = new URL(`${ORIGIN}/api/conversations`);
    expect(passes(proxy(new NextRequest(api, { headers: { host: api.host } })))).toBe(true);
  });

  it("runs on every route, API and server actions included, and on no static file", () => {
    // Next.js anchors the matcher at both ends.
    const [matcher] = config.matcher;
    const runsOn = new RegExp(`^${matcher}$`);
    for (const path of ["/", "/chat/%ff", "/api/chat", "/api/auth/sign-in/email", "/review/x", "/_next/data/x.json"])
      expect(runsOn.test(path), path).toBe(true);
    for (const path of ["/_next/static/chunks/a.js", "/_next/image", "/icon.svg", "/favicon.ico"])
      expect(runsOn.test(path), path).toBe(false);
  });
});
