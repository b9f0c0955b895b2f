// Authorization at every entry point: pages redirect to sign-in, route handlers answer 401/403, server
// actions throw. proxy.ts only redirects early; each of these checks again on the server.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { apiError } from "@/lib/conversation/http";
import { NotAllowedError } from "./errors";
import { getAuth } from "./server";
import { viewerOf, type UserRole, type Viewer } from "./viewer";

/** The signed-in viewer, read from the database; with `cached`, from the session cookie cache while it
 * is fresh (up to a minute old, ./auth.ts): only for checks that depend on who asks, not on their role. */
export async function viewerFromHeaders(requestHeaders: Headers, { cached = false } = {}): Promise<Viewer | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders, query: { disableCookieCache: !cached } });
  return session ? viewerOf(session.user) : null;
}

/** For pages: the viewer, or a redirect to sign-in that comes back to `returnTo`. */
export async function requirePageViewer(returnTo: string, role?: UserRole): Promise<Viewer> {
  const viewer = await viewerFromHeaders(await headers());
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  if (role && viewer.role !== role) redirect("/");
  return viewer;
}

/** For route handlers: the viewer, or the 401 to return. Route handlers serve the viewer's own data by
 * id and never decide by role, so they take the cached session (no query on most requests). */
export async function requireApiViewer(request: Request): Promise<{ viewer: Viewer } | { response: Response }> {
  const viewer = await viewerFromHeaders(request.headers, { cached: true });
  return viewer ? { viewer } : { response: apiError(401, "UNAUTHENTICATED", "Please sign in.") };
}

/** For server actions: the viewer with `role`, or an error (a forged call gets nothing done). */
export async function requireActionViewer(role?: UserRole): Promise<Viewer> {
  const viewer = await viewerFromHeaders(await headers());
  if (!viewer) throw new NotAllowedError("Please sign in.");
  if (role && viewer.role !== role) throw new NotAllowedError(`Only ${role}s can do this.`);
  return viewer;
}
