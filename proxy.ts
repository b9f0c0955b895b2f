// An early redirect to sign-in for pages visited without a session cookie. It only looks at the
// cookie: every page, route handler and server action checks the session itself (lib/auth/session.ts).
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

const PUBLIC_PAGES = ["/sign-in", "/sign-up"];

export function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  if (PUBLIC_PAGES.includes(pathname) || getSessionCookie(request)) return NextResponse.next();
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("next", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  // Pages only: API routes answer 401 themselves; static files and icons need no session.
  matcher: ["/((?!api/|_next/|icon.svg|robots.txt|favicon.ico).*)"],
};
