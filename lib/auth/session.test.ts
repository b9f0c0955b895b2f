// The session cookie cache: route handlers take the cached session (no query), pages and server actions
// read the database, so a role change or a revoked session counts there at once; sign-out ends both.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { setRoleByEmail } from "@/lib/review/admin";
import type { Auth } from "./auth";
import { requireApiViewer, viewerFromHeaders } from "./session";
import { installTestApp, signUpTestUser } from "@/test/auth";

/** The cookies a browser would send after applying `response`'s Set-Cookie headers to `headers`. */
function afterResponse(headers: Headers, response: Response): Headers {
  const jar = new Map(
    (headers.get("cookie") ?? "")
      .split("; ")
      .filter(Boolean)
      .map((c) => c.split("=", 2) as [string, string]),
  );
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const [name = "", value = ""] = pair.split("=", 2);
    if (/max-age=0/i.test(cookie) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") });
}

describe.each(testBackends())("session checks on $name", (backend) => {
  let test: TestDatabase;
  let auth: Auth;
  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
    auth = installTestApp(test.db);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("lets route handlers use the cached session, while pages see a revoked session at once", async () => {
    const user = await signUpTestUser(auth);
    await test.db.prisma.session.deleteMany({ where: { userId: user.id } });
    // The documented trade-off: the signed cookie is trusted for up to a minute by route handlers.
    expect(await viewerFromHeaders(user.headers, { cached: true })).toMatchObject({ id: user.id });
    expect(await viewerFromHeaders(user.headers)).toBeNull();
  });

  it("gives pages and server actions a changed role at once", async () => {
    const user = await signUpTestUser(auth);
    expect(await setRoleByEmail(test.db.prisma, user.email, "advisor")).toBe(true);
    expect(await viewerFromHeaders(user.headers)).toMatchObject({ id: user.id, role: "advisor" });
  });

  it("refuses route handlers after sign-out on that browser", async () => {
    const user = await signUpTestUser(auth);
    const chatRequest = (headers: Headers) => new Request("http://localhost/api/conversations", { headers });
    expect(await requireApiViewer(chatRequest(user.headers))).toMatchObject({ viewer: { id: user.id } });
    const signedOut = afterResponse(user.headers, await auth.api.signOut({ headers: user.headers, asResponse: true }));
    const refused = await requireApiViewer(chatRequest(signedOut));
    expect("response" in refused && refused.response.status).toBe(401);
  });

  // Route handlers remember a verified cookie cache (./session.ts); these hold that memory to Better Auth's rules.
  afterEach(() => {
    vi.useRealTimers();
  });

  it("trusts a checked cookie cache only until it expires, however often it was checked", async () => {
    const user = await signUpTestUser(auth);
    const verifications = vi.spyOn(auth.api, "getSession");
    for (let i = 0; i < 3; i++)
      expect(await viewerFromHeaders(user.headers, { cached: true })).toMatchObject({ id: user.id });
    expect(verifications).toHaveBeenCalledTimes(1);
    verifications.mockRestore();
    await test.db.prisma.session.deleteMany({ where: { userId: user.id } });
    expect(await viewerFromHeaders(user.headers, { cached: true })).toMatchObject({ id: user.id });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    expect(await viewerFromHeaders(user.headers, { cached: true })).toBeNull();
  });

  it("does not remember a session whose cookie cache failed its signature", async () => {
    const user = await signUpTestUser(auth);
    const cookies = user.headers.get("cookie")!;
    const name = (await auth.$context).authCookies.sessionData.name;
    const genuine = cookies.split("; ").find((pair) => pair.startsWith(`${name}=`))!;
    const payload = JSON.parse(Buffer.from(genuine.slice(name.length + 1), "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, expiresAt: Date.now() + 86_400_000 })).toString(
      "base64url",
    );
    const forgedHeaders = new Headers({ cookie: cookies.replace(genuine, `${name}=${forged}`) });
    // Better Auth reads the database instead, where the session is valid now…
    expect(await viewerFromHeaders(forgedHeaders, { cached: true })).toMatchObject({ id: user.id });
    // …and once it is revoked, the forged day-long expiry buys nothing.
    await test.db.prisma.session.deleteMany({ where: { userId: user.id } });
    expect(await viewerFromHeaders(forgedHeaders, { cached: true })).toBeNull();
  });
});
