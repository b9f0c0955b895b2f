// An early redirect to sign-in for pages visited without a session cookie. It only looks at the
// cookie: every page, route handler and server action checks the session itself (lib/auth/session.ts).
// Every page it lets through gets a Content-Security-Policy with a fresh nonce (below).
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

const PUBLIC_PAGES = ["/sign-in", "/sign-up"];

export function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (PUBLIC_PAGES.includes(pathname) || getSessionCookie(request)) return withContentSecurityPolicy(request);
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("next", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
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
  // Pages only: API routes answer 401 themselves; static files and icons need no session.
  matcher: ["/((?!api/|_next/|icon.svg|robots.txt|favicon.ico).*)"],
};
