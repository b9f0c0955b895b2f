// Fuzzing of paths and search parameters of every route: each page and route handler of app/ (found on disk,
// so a new one is covered the day it is added) is sent malformed, huge, NUL-holding and impossible path
// segments and query values, first through the proxy (as Next.js runs it before any route) and, where the
// proxy lets it through, to the page or handler itself, signed in as an advisor (the widest access), with its
// parameters both as sent and decoded once. A 5xx, or a page throwing anything but notFound or redirect, is a
// failure: the figure is 0. Bodies are fuzzed by app/api/authorization.test.ts.
import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installTestConfig } from "@/test/config";
import { installTestApp, signUpTestUser, type SignedInUser } from "@/test/auth";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { proxy } from "@/proxy";

// Pages and server actions read the session from next/headers: the advisor's.
const caller = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => caller.headers }));
// Outside Next.js's request scope `connection()` throws: here every call is a request.
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  connection: async () => {},
}));

const APP_DIR = path.resolve(import.meta.dirname);
const ORIGIN = "http://127.0.0.1:3000";

/** Path segments as a client sends them (still encoded). */
const SEGMENTS = [
  "%ff",
  "%ff%fe",
  "%E0%A4%A",
  "%",
  "%00",
  "%25ff",
  "%C0%AF",
  "9999999999999999999",
  "99999999999999999999999999999999",
  "-1",
  "0",
  "1e3",
  "1.5",
  "0x10",
  "%2e%2e",
  "%2F",
  "%20",
  "a".repeat(300),
  "%F0%9F%92%B8",
  "%3Cscript%3E",
  "null",
  "00000000-0000-0000-0000-000000000000",
  "report.json",
  "107",
];
/** Query values as a client sends them (still encoded). */
const VALUES = [
  "2023-13-45",
  "2023-99-99",
  "2023-02-30",
  "%00",
  "%ff",
  "-1",
  "9999999999999999999",
  "1e999",
  "x".repeat(5000),
  "%0d%0aSet-Cookie:%20x=1",
  "",
  "a&b=c",
];
const NAMES = ["from", "to", "client", "company", "status", "line", "row", "next", "page", "q"];

interface Route {
  /** "/filings/[id]/pages/[page]" */
  pattern: string;
  file: string;
  kind: "page" | "route";
}

function routesOf(dir: string, under: string[] = []): Route[] {
  return readdirSync(dir).flatMap((name): Route[] => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routesOf(full, name.startsWith("(") ? under : [...under, name]);
    const kind = name === "page.tsx" ? "page" : name === "route.ts" ? "route" : null;
    return kind ? [{ pattern: `/${under.join("/")}`, file: full, kind }] : [];
  });
}

const DYNAMIC = /^\[(\.\.\.)?(\w+)\]$/;

/** The route's URL path and Next.js params with every dynamic segment set to `segment` (as sent or decoded). */
function fill(pattern: string, segment: string, decoded: boolean): { path: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const value = decoded ? safeDecode(segment) : segment;
  const parts = pattern.split("/").map((part) => {
    const dynamic = DYNAMIC.exec(part);
    if (!dynamic) return part;
    params[dynamic[2]!] = dynamic[1] ? [value, "x"] : value;
    return dynamic[1] ? `${segment}/x` : segment;
  });
  return { path: parts.join("/") || "/", params };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function searchOf(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const prior = out[name];
    out[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  }
  return out;
}

/** notFound() and redirect() throw errors Next.js answers 404 / 307; anything else is a 500. */
function isNavigationError(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return (
    typeof digest === "string" &&
    (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;404"))
  );
}

type Handler = (request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
type Page = (props: {
  params: Promise<Record<string, unknown>>;
  searchParams: Promise<Record<string, unknown>>;
}) => unknown;

// /api/health answers 503 "starting" until its first background probe has read the database: that is its
// contract, not an input failure, so the probe settles before the fuzzing starts.
async function healthProbeSettled(): Promise<void> {
  const { GET } = await import("@/app/api/health/route");
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const response = await GET();
    await response.body?.cancel();
    if (response.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the health probe never read the test database");
}

describe.each(testBackends())("paths and search parameters of every route on $name", (backend) => {
  let test: TestDatabase;
  let advisor: SignedInUser;
  const routes = routesOf(APP_DIR);

  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
    const auth = installTestApp(test.db);
    installTestConfig({ BETTER_AUTH_URL: undefined, HOST: undefined });
    advisor = await signUpTestUser(auth, "advisor", "Ada");
    caller.headers = new Headers(advisor.headers);
    caller.headers.set("host", "127.0.0.1:3000");
    await healthProbeSettled();
  });
  afterAll(async () => {
    installTestConfig();
    await test?.dispose();
  });

  it("finds the dynamic routes the issue probed", () => {
    const patterns = routes.map((route) => route.pattern);
    for (const pattern of [
      "/chat/[id]",
      "/api/conversations/[id]",
      "/review/[messageId]",
      "/filings/[id]/pages/[page]",
      "/data/eval/[name]",
      "/api/auth/[...all]",
    ])
      expect(patterns).toContain(pattern);
  });

  it("answers none of them with a 5xx", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    let refusedByProxy = 0;
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

    const send = async (route: Route, urlPath: string, params: Record<string, unknown>, query: string) => {
      sent += 1;
      const url = `${ORIGIN}${urlPath}${query ? `?${query}` : ""}`;
      const what = `${route.kind} ${route.pattern} ← ${url.slice(ORIGIN.length, ORIGIN.length + 120)}`;
      const headers = new Headers(caller.headers);
      headers.set("origin", ORIGIN);
      const proxied = proxy(new NextRequest(url, { headers }));
      if (proxied.headers.get("x-middleware-next") !== "1") {
        refusedByProxy += 1;
        count(proxied.status);
        if (proxied.status >= 500) failures.push(`${what}: proxy ${proxied.status}`);
        return;
      }
      // What the proxy lets through reaches Next.js's router, which throws on a path it cannot decode (500,
      // reproduced on next start: /chat/%ff, /api/conversations/%ff, /filings/107/pages/%ff…).
      if (!urlPath.split("/").every((part) => safeDecode(part) !== part || !part.includes("%"))) {
        count(500);
        failures.push(`${what}: reaches the router with a path it cannot decode`);
        return;
      }
      const module = (await import(route.file)) as Record<string, unknown>;
      const context = { params: Promise.resolve(params) };
      try {
        if (route.kind === "page") {
          await (module.default as Page)({ ...context, searchParams: Promise.resolve(searchOf(query)) });
          count(200);
          return;
        }
        for (const method of ["GET", "POST"] as const) {
          const handler = module[method] as Handler | undefined;
          if (!handler) continue;
          const body = method === "POST" ? "{}" : undefined;
          if (body) headers.set("content-type", "application/json");
          const response = await handler(new Request(url, { method, headers, body }), context);
          count(response.status);
          await response.body?.cancel();
          if (response.status >= 500) failures.push(`${what}: ${method} ${response.status}`);
        }
      } catch (error) {
        if (isNavigationError(error)) {
          count(404);
          return;
        }
        count(500);
        failures.push(`${what}: threw ${(error as Error).message.slice(0, 200)}`);
      }
    };

    for (const route of routes) {
      const dynamic = route.pattern.includes("[");
      for (const segment of dynamic ? SEGMENTS : [""]) {
        for (const decoded of dynamic ? [false, true] : [false]) {
          const { path: urlPath, params } = dynamic
            ? fill(route.pattern, segment, decoded)
            : { path: route.pattern, params: {} };
          await send(route, urlPath, params, "");
        }
      }
      const { path: urlPath, params } = dynamic
        ? fill(route.pattern, randomUUID(), false)
        : { path: route.pattern, params: {} };
      for (const name of NAMES) for (const value of VALUES) await send(route, urlPath, params, `${name}=${value}`);
    }

    console.log(
      `route input fuzzing: ${sent} requests over ${routes.length} routes, ${refusedByProxy} refused by the proxy, ` +
        `${failures.length} 5xx; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures).toEqual([]);
  });
});
