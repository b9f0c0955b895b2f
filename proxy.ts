// Runs before every route (pages, API, server actions; not static files). It refuses what no route should
// see: a Host this server does not answer for (lib/auth/origin.ts), a path or query whose percent-encoding
// does not decode (Next.js's router would throw on it and answer 500), and a server action posted from
// another origin or with a body over its cap. Pages visited without a session cookie are then sent to
// sign-in; it only looks at the cookie: every page, route handler and server action checks the session
// itself (lib/auth/session.ts). Every page it lets through gets a Content-Security-Policy with a fresh
// nonce (below).
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { hostRulesFromEnv, isAllowedHost, isSameOriginAction, refusedHostMessage } from "@/lib/auth/origin";
import { apiError } from "@/lib/conversation/http";
import { hasMalformedPercentEncoding } from "@/lib/core/route-input";

const PUBLIC_PAGES = ["/sign-in", "/sign-up"];
const WHOLE_NUMBER = /^\d+$/;

/** A server action's arguments (a note, a correction) are far below this; next.config.ts caps the same. */
const MAX_ACTION_BODY_BYTES = 64 * 1024;

export function proxy(request: NextRequest): NextResponse | Response {
  const refused = refusal(request);
  if (refused) return refused;
  const { pathname, search } = request.nextUrl;
  if (isApiPath(pathname)) return NextResponse.next();
  if (PUBLIC_PAGES.includes(pathname) || getSessionCookie(request)) return withContentSecurityPolicy(request);
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("next", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** The response for a request no route should see, or null. */
function refusal(request: NextRequest): Response | null {
  const { pathname, search } = request.nextUrl;
  const api = isApiPath(pathname);
  const refuse = (status: number, code: string, message: string) =>
    api ? apiError(status, code, message) : textError(status, message);
  const rules = hostRulesFromEnv();
  const host = request.headers.get("host");
  if (!isAllowedHost(host, rules)) return refuse(421, "MISDIRECTED_REQUEST", refusedHostMessage(host, rules));
  if (hasMalformedPercentEncoding(`${pathname}${search}`))
    return refuse(
      400,
      "MALFORMED_URL",
      "The address holds a percent-encoding that does not decode (such as %ff): check the link and try again.",
    );
  // A POST to a page is a server action (with JavaScript, a Next-Action header; without, a form post).
  if (!api && request.method === "POST") return actionRefusal(request);
  return null;
}

function actionRefusal(request: NextRequest): Response | null {
  if (!isSameOriginAction(request.headers))
    return textError(
      403,
      "This action must be sent from a FinGround page of this server: reload the page and try again.",
    );
  const length = request.headers.get("content-length");
  if (length === null || !WHOLE_NUMBER.test(length))
    return textError(411, "A server action needs a Content-Length: send it from a FinGround page.");
  if (Number(length) > MAX_ACTION_BODY_BYTES)
    return textError(413, `Server action bodies are limited to ${MAX_ACTION_BODY_BYTES / 1024} KB.`);
  return null;
}

function textError(status: number, message: string): Response {
  // Connection: close, so a refused body is not read on.
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", connection: "close" },
  });
}

/**
 * A nonce-based policy rather than a static one in next.config: the App Router streams its payload in
 * inline scripts, which a static policy can only allow with 'unsafe-inline' (any injected script too).
 * Next.js reads the nonce from the request's policy and puts it on its own scripts; 'strict-dynamic' lets
 * the chunks they load run. Every page is rendered per request anyway (the header reads the session).
 * Styles stay 'unsafe-inline': recharts and React set style attributes, which a nonce cannot cover.
 */
function withContentSecurityPolicy(request: NextRequest): NextResponse {
  const nonce = btoa(crypto.randomUUID());
  // The dev server's React refresh evaluates code; production never does.
  const devEval = process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : "";
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Every route, API included (malformed paths and foreign hosts are refused there too); not static files.
  matcher: ["/((?!_next/static/|_next/image|icon.svg|robots.txt|favicon.ico).*)"],
};
