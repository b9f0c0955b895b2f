// Authorization at every entry point: pages redirect to sign-in, route handlers answer 401/403, server
// actions throw. proxy.ts only redirects early; each of these checks again on the server.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { apiError } from "@/lib/conversation/http";
import type { Auth } from "./auth";
import { NotAllowedError } from "./errors";
import { getAuth } from "./server";
import { viewerOf, type UserRole, type Viewer } from "./viewer";

/** The signed-in viewer, read from the database; with `cached`, from the session cookie cache while it
 * is fresh (up to a minute old, ./auth.ts): only for checks that depend on who asks, not on their role. */
export async function viewerFromHeaders(requestHeaders: Headers, { cached = false } = {}): Promise<Viewer | null> {
  const auth = await getAuth();
  const cookies = requestHeaders.get("cookie");
  const verified = cached && cookies ? verifiedCookieSessionsOf(auth) : null;
  const known = cookies && verified?.get(cookies);
  if (known && Date.now() < known.validUntil) return known.viewer;

  const { headers: sessionHeaders, response: session } = await auth.api.getSession({
    headers: requestHeaders,
    query: { disableCookieCache: !cached },
    returnHeaders: true,
  });
  const viewer = session ? viewerOf(session.user) : null;
  // Better Auth sets a cookie whenever it did not answer from a valid cookie cache (it read the database,
  // or expired a cache it could not verify); an answer from the cache alone sets none.
  if (verified && cookies && viewer && !sessionHeaders.has("set-cookie")) {
    const cacheExpiresAt = await cookieCacheExpiry(auth, cookies);
    const validUntil = Math.min(cacheExpiresAt ?? 0, new Date(session!.session.expiresAt).getTime());
    if (validUntil > Date.now()) rememberVerified(verified, cookies, { viewer, validUntil });
  }
  return viewer;
}

interface VerifiedSession {
  viewer: Viewer;
  validUntil: number;
}

/**
 * Cookie-cached sessions already verified, by the request's whole Cookie header, each until its cache
 * expires. Within that time Better Auth answers the same cookies the same way from the cache (it reads no
 * database), so verifying their signatures again on every chat (about a millisecond of CPU) changes
 * nothing: a revoked session still works no longer than the documented minute. One map per Better Auth
 * instance (its secret signs the cookies), held to MAX_VERIFIED_COOKIE_SESSIONS entries.
 */
const verifiedCookieSessions = new WeakMap<Auth, Map<string, VerifiedSession>>();
const MAX_VERIFIED_COOKIE_SESSIONS = 1_000;

function verifiedCookieSessionsOf(auth: Auth): Map<string, VerifiedSession> {
  let verified = verifiedCookieSessions.get(auth);
  if (!verified) verifiedCookieSessions.set(auth, (verified = new Map()));
  return verified;
}

function rememberVerified(verified: Map<string, VerifiedSession>, cookies: string, session: VerifiedSession): void {
  if (verified.size >= MAX_VERIFIED_COOKIE_SESSIONS) {
    const now = Date.now();
    for (const [key, entry] of verified) if (entry.validUntil <= now) verified.delete(key);
    // Still full: the oldest entry goes (a Map iterates in insertion order).
    if (verified.size >= MAX_VERIFIED_COOKIE_SESSIONS) verified.delete(verified.keys().next().value!);
  }
  verified.set(cookies, session);
}

/** Better Auth's compact cookie cache: base64url JSON whose signed `expiresAt` ends the cache's validity. */
const cookieCachePayloadSchema = z.object({ expiresAt: z.number() });

/** When the cookie cache in `cookies` expires (ms since the epoch); null when there is no single such cookie. */
async function cookieCacheExpiry(auth: Auth, cookies: string): Promise<number | null> {
  const name = (await auth.$context).authCookies.sessionData.name;
  const values = cookies
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
  if (values.length !== 1) return null;
  try {
    const payload = cookieCachePayloadSchema.safeParse(JSON.parse(Buffer.from(values[0]!, "base64url").toString()));
    return payload.success ? payload.data.expiresAt : null;
  } catch {
    return null;
  }
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
