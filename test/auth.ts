// Test users: stored directly for query tests, or signed up through Better Auth (real scrypt hash, real
// session cookie) for tests of route handlers and server actions.
import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { createAuth, type Auth } from "@/lib/auth/auth";
import { processSlot } from "@/lib/core/process-wide";
import type { UserRole, Viewer } from "@/lib/auth/viewer";

export async function createTestUser(
  prisma: PrismaClient,
  role: UserRole = "investor",
  name = `Test ${role}`,
): Promise<Viewer> {
  const id = randomBytes(16).toString("base64url");
  const email = `${role}-${randomUUID()}@test.finground`;
  await prisma.user.create({ data: { id, name, email, role } });
  return { id, name, email, role };
}

export interface SignedInUser extends Viewer {
  password: string;
  /** Request headers that carry the session cookie, and a browser's Sec-Fetch-Site of a same-origin call
   * (what server actions require when there is no Origin; the API routes require an Origin). */
  headers: Headers;
}

/** The headers a browser sends with a same-origin call that carries no cookie. */
export function sameOriginHeaders(): Headers {
  return new Headers({ "sec-fetch-site": "same-origin" });
}

export async function signUpTestUser(
  auth: Auth,
  role: UserRole = "investor",
  name = `Test ${role}`,
): Promise<SignedInUser> {
  const email = `${role}-${randomUUID()}@test.finground`;
  const password = `pw-${randomUUID()}`;
  const response = await auth.api.signUpEmail({ body: { email, password, name, role }, asResponse: true });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const headers = cookieHeaders(response);
  headers.set("sec-fetch-site", "same-origin");
  return { id: body.user.id, name, email, role, password, headers };
}

/** The cookies a response sets, as the headers of the next request. */
export function cookieHeaders(response: Response): Headers {
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  return new Headers({ cookie: cookies });
}

/** Points the process-wide database and auth (getPrisma, getAuth) at a test database, as the route
 * handlers and server actions use them. */
export function installTestApp(db: Database): Auth {
  const auth = createAuth(db.prisma, { secret: randomBytes(32).toString("base64url"), baseURL: "http://localhost" });
  processSlot<Promise<Database>>("database").value = Promise.resolve(db);
  processSlot<Promise<Auth>>("auth").value = Promise.resolve(auth);
  return auth;
}
