// Break-in attempts against the route handlers, through real Better Auth sessions on a real database:
// no session, someone else's conversation by id (read and write), too many questions, brute-forced
// sign-in, a role changed by its user, questions posted from another site, the agent endpoint without a
// session or token, oversized bodies. All refused.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTestConfig } from "@/test/config";
import type { Auth } from "@/lib/auth/auth";
import { DEMO_ACCOUNTS } from "@/lib/auth/demo-accounts";
import { cookieHeaders, installTestApp, signUpTestUser, type SignedInUser } from "@/test/auth";
import { storeQuestion } from "@/lib/conversation/store";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { POST as agentPost } from "./agent/route";
import { POST as authPost } from "./auth/[...all]/route";
import { POST as chatPost } from "./chat/route";
import { GET as getConversationRoute } from "./conversations/[id]/route";
import { GET as listConversationsRoute } from "./conversations/route";

const BASE = "http://localhost";

function request(
  path: string,
  user: SignedInUser | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(user?.headers);
  headers.set("content-type", "application/json");
  headers.set("origin", BASE);
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  return new Request(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

/** A body that never ends, counting what the server pulls from it. */
function endlessBody(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new TextEncoder().encode(`{"padding":"${"x".repeat(16 * 1024)}`);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

function streamingRequest(path: string, user: SignedInUser, body: ReadableStream<Uint8Array>): Request {
  const headers = new Headers(user.headers);
  headers.set("content-type", "application/json");
  headers.set("origin", BASE);
  return new Request(`${BASE}${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

const chatBody = (conversationId: string, text: string) => ({
  conversationId,
  message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] },
});

describe.each(testBackends())("authorization of the API on $name", (backend) => {
  let test: TestDatabase;
  let alice: SignedInUser;
  let mallory: SignedInUser;
  let aliceConversation: string;
  let auth: Auth;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
    auth = installTestApp(test.db);
    alice = await signUpTestUser(auth, "investor", "Alice");
    mallory = await signUpTestUser(auth, "investor", "Mallory");
    aliceConversation = randomUUID();
    await storeQuestion(test.db.prisma, aliceConversation, "What was Apple's revenue in fiscal 2023?", alice.id);
  });
  afterAll(async () => {
    process.env = savedEnv;
    await test?.dispose();
  });

  it("answers 401 to every chat route without a session", async () => {
    const forged = { ...alice, headers: new Headers({ cookie: "better-auth.session_token=forged.value" }) };
    for (const user of [null, forged]) {
      expect((await listConversationsRoute(request("/api/conversations", user))).status).toBe(401);
      const one = await getConversationRoute(request(`/api/conversations/${aliceConversation}`, user), {
        params: Promise.resolve({ id: aliceConversation }),
      });
      expect(one.status).toBe(401);
      const chat = await chatPost(
        request("/api/chat", user, { method: "POST", body: chatBody(randomUUID(), "Apple revenue") }),
      );
      expect(chat.status).toBe(401);
    }
    expect(await test.db.prisma.conversation.count({ where: { ownerId: null } })).toBe(0);
  });

  it("gives the owner their conversation and someone else a 404 for the same id", async () => {
    const read = (user: SignedInUser) =>
      getConversationRoute(request(`/api/conversations/${aliceConversation}`, user), {
        params: Promise.resolve({ id: aliceConversation }),
      });
    const own = await read(alice);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      id: aliceConversation,
      title: "What was Apple's revenue in fiscal 2023?",
    });
    const stolen = await read(mallory);
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(await stolen.json())).not.toContain("Apple");

    const list = (await (await listConversationsRoute(request("/api/conversations", mallory))).json()) as {
      id: string;
    }[];
    expect(list.map((c) => c.id)).not.toContain(aliceConversation);
  });

  it("refuses a question posted into someone else's conversation and stores nothing", async () => {
    const stored = () =>
      test.db.prisma.message.findMany({ where: { conversationId: aliceConversation }, orderBy: { createdAt: "asc" } });
    const before = await stored();
    const response = await chatPost(
      request("/api/chat", mallory, {
        method: "POST",
        body: chatBody(aliceConversation, "Ignore that, show me Tesla"),
      }),
    );
    expect(response.status).toBe(404);
    expect(await stored()).toEqual(before);
    expect(before.map((m) => m.role)).toEqual(["user", "assistant"]); // the question and its reserved answer row
  });

  it("limits questions per user with 429 and Retry-After, leaving other users alone", async () => {
    installTestConfig({ FINGROUND_CHAT_RATE_LIMIT: "2/60" });
    const bob = await signUpTestUser(auth, "investor", "Bob");
    try {
      const conversation = randomUUID();
      for (const text of ["Apple revenue 2023", "Apple revenue 2022"]) {
        const ok = await chatPost(request("/api/chat", bob, { method: "POST", body: chatBody(conversation, text) }));
        expect(ok.status).toBe(200);
        await ok.text();
      }
      const limited = await chatPost(
        request("/api/chat", bob, { method: "POST", body: chatBody(conversation, "Apple revenue 2021") }),
      );
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await limited.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
      const questions = await test.db.prisma.message.count({ where: { conversationId: conversation, role: "user" } });
      expect(questions).toBe(2);

      const other = await chatPost(
        request("/api/chat", alice, { method: "POST", body: chatBody(randomUUID(), "Nvidia revenue 2023") }),
      );
      expect(other.status).toBe(200);
      await other.text();
    } finally {
      installTestConfig();
    }
  });

  it("locks out the address that guesses an email's password, not the owner signing in from elsewhere", async () => {
    installTestConfig({ FINGROUND_SIGNIN_RATE_LIMIT: "3/300" });
    try {
      const signIn = (email: string, password: string, address: string) =>
        authPost(
          request("/api/auth/sign-in/email", null, {
            method: "POST",
            body: { email, password },
            headers: { "x-forwarded-for": address },
          }),
        );
      const attacker = "203.0.113.7";
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const wrong = await signIn(alice.email, `guess-${attempt}-wrong`, attacker);
        expect(wrong.status).toBe(401);
      }
      const locked = await signIn(alice.email, `guess-4-wrong`, attacker);
      expect(locked.status).toBe(429);
      // Alice, from her own address, signs in while the attacker is locked out.
      const owner = await signIn(alice.email, alice.password, "198.51.100.2");
      expect(owner.status).toBe(200);
      expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await locked.json()).toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringContaining("Too many failed sign-ins for this email from your address."),
      });
      const rightButLocked = await signIn(alice.email, alice.password, attacker);
      expect(rightButLocked.status).toBe(429);
      expect(rightButLocked.headers.getSetCookie()).toEqual([]);

      const list = await listConversationsRoute(
        request("/api/conversations", { ...alice, headers: cookieHeaders(owner) }),
      );
      expect(list.status).toBe(200);
      // A client's own X-Forwarded-For entry does not buy the attacker a fresh address behind one proxy.
      installTestConfig({ FINGROUND_SIGNIN_RATE_LIMIT: "3/300", FINGROUND_TRUSTED_PROXIES: "1" });
      expect(
        (await signIn(alice.email, alice.password, `10.0.0.${Math.floor(Math.random() * 250)}, ${attacker}`)).status,
      ).toBe(429);
    } finally {
      installTestConfig();
    }
  });

  it("answers a NUL or another control character in a sign-in or sign-up body with 400, never 500", async () => {
    const post = (path: string, body: unknown) => authPost(request(path, null, { method: "POST", body }));
    const nulEmail = await post("/api/auth/sign-in/email", { email: "investor@demo.finground\u0000", password: "x" });
    expect(nulEmail.status).toBe(400);
    expect(await nulEmail.json()).toMatchObject({
      code: "INVALID_EMAIL",
      message: expect.stringContaining("not a valid email"),
    });
    const nulName = await post("/api/auth/sign-up/email", {
      email: `nul-${randomUUID()}@example.com`,
      password: "a-long-password-1",
      name: "Eve\u0000",
    });
    expect(nulName.status).toBe(400);
    expect(await nulName.json()).toMatchObject({ code: "INVALID_INPUT" });
    const signUpEmail = await post("/api/auth/sign-up/email", {
      email: "eve\u0000@example.com",
      password: "a-long-password-1",
      name: "Eve",
    });
    expect(signUpEmail.status).toBe(400);
  });

  it("limits failed sign-ins per address across emails, and sign-ups per address", async () => {
    installTestConfig({ FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT: "2/300", FINGROUND_SIGNUP_RATE_LIMIT: "2/3600" });
    try {
      const sprayer = { "x-forwarded-for": "203.0.113.50" };
      const signIn = (email: string, headers: Record<string, string>) =>
        authPost(
          request("/api/auth/sign-in/email", null, {
            method: "POST",
            body: { email, password: "password-spray-1" },
            headers,
          }),
        );
      expect((await signIn(alice.email, sprayer)).status).toBe(401);
      expect((await signIn(mallory.email, sprayer)).status).toBe(401);
      const sprayed = await signIn(`nobody-${randomUUID()}@example.com`, sprayer);
      expect(sprayed.status).toBe(429);
      expect(await sprayed.json()).toMatchObject({
        message: expect.stringContaining("Too many failed sign-ins from your address."),
      });
      expect((await signIn(alice.email, { "x-forwarded-for": "198.51.100.50" })).status).toBe(401);

      const signUp = (address: string) =>
        authPost(
          request("/api/auth/sign-up/email", null, {
            method: "POST",
            body: { email: `new-${randomUUID()}@example.com`, password: "a-long-password-1", name: "New" },
            headers: { "x-forwarded-for": address },
          }),
        );
      const before = await test.db.prisma.user.count();
      expect((await signUp("203.0.113.60")).status).toBe(200);
      expect((await signUp("203.0.113.60")).status).toBe(200);
      const throttled = await signUp("203.0.113.60");
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(3000);
      expect(await throttled.json()).toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringContaining("Too many sign-ups from your address."),
      });
      expect((await signUp("198.51.100.60")).status).toBe(200);
      expect(await test.db.prisma.user.count()).toBe(before + 3);
    } finally {
      installTestConfig();
    }
  });

  it("lets nobody change their own role through Better Auth, valid or not; other profile fields still change", async () => {
    const updateUser = (body: unknown) => authPost(request("/api/auth/update-user", mallory, { method: "POST", body }));
    for (const role of ["advisor", "superuser", null]) {
      const response = await updateUser({ role });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        message: expect.stringContaining("only an administrator can change it"),
      });
    }
    const sneaky = await updateUser({ name: "Mallory M.", role: "advisor" });
    expect(sneaky.status).toBe(400);
    expect(
      await test.db.prisma.user.findUniqueOrThrow({
        where: { id: mallory.id },
        select: { role: true, name: true, inviteCode: true },
      }),
    ).toEqual({
      role: "investor",
      name: "Mallory",
      inviteCode: null,
    });
    const renamed = await updateUser({ name: "Mallory M." });
    expect(renamed.status).toBe(200);
    expect((await test.db.prisma.user.findUniqueOrThrow({ where: { id: mallory.id } })).name).toBe("Mallory M.");
  });

  it("takes questions only from the app's own pages, as JSON: another site's post is refused and nothing is stored", async () => {
    const conversation = randomUUID();
    const post = (headers: Record<string, string>, body: unknown = chatBody(conversation, "Planted question")) =>
      chatPost(request("/api/chat", alice, { method: "POST", body, headers }));
    const otherPort = await post({ origin: "http://localhost:4000" });
    expect(otherPort.status).toBe(403);
    expect(await otherPort.json()).toMatchObject({
      error: { code: "CROSS_ORIGIN", message: "Questions can only be sent from FinGround's own pages." },
    });
    expect((await post({ origin: "null" })).status).toBe(403);
    expect((await post({ origin: "", referer: "http://evil.example/page" })).status).toBe(403);
    // A page under another site's name that resolves to this server (DNS rebinding) sends a matching Host and Origin.
    const rebound = await post({ host: "rebind.evil.example:3000", origin: "http://rebind.evil.example:3000" });
    expect(rebound.status).toBe(403);
    expect(await test.db.prisma.conversation.count({ where: { id: conversation } })).toBe(0);
    const textPlain = await post(
      { "content-type": "text/plain" },
      JSON.stringify(chatBody(conversation, "Planted question")),
    );
    expect(textPlain.status).toBe(415);
    expect(await textPlain.json()).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
    expect(await test.db.prisma.conversation.count({ where: { id: conversation } })).toBe(0);

    const ownPage = await post({ origin: "", referer: `${BASE}/chat/${conversation}` });
    expect(ownPage.status).toBe(200);
    await ownPage.text();
  });

  it("refuses oversized bodies with 413, reading no more of an endless one than the cap", async () => {
    const padded = { ...chatBody(randomUUID(), "Apple revenue"), padding: "x".repeat(1024 * 1024) };
    const chat = await chatPost(request("/api/chat", alice, { method: "POST", body: padded }));
    expect(chat.status).toBe(413);
    expect(await chat.json()).toMatchObject({
      error: { code: "BODY_TOO_LARGE", message: "Request bodies are limited to 32 KB." },
    });

    for (const [path, route] of [
      ["/api/chat", chatPost],
      ["/api/agent", agentPost],
    ] as const) {
      const endless = endlessBody();
      const response = await route(streamingRequest(path, alice, endless.stream));
      expect(response.status).toBe(413);
      expect(endless.pulled()).toBeLessThan(128 * 1024);
    }
    const signUp = await authPost(
      request("/api/auth/sign-up/email", null, {
        method: "POST",
        body: { email: "big@example.com", password: "a-long-password-1", name: "x".repeat(1024 * 1024) },
      }),
    );
    expect(signUp.status).toBe(413);
    expect(await test.db.prisma.user.count({ where: { email: "big@example.com" } })).toBe(0);
  });

  it("serves the agent endpoint to signed-in users (rate-limited) and to the service token, and to nobody else", async () => {
    const token = "authorization-test-token-0123456789abcdef";
    installTestConfig({ AGENT_ENDPOINT_TOKEN: token, FINGROUND_AGENT_RATE_LIMIT: "2/60" });
    try {
      const ask = (user: SignedInUser | null, headers: Record<string, string> = {}) =>
        agentPost(
          request("/api/agent", user, {
            method: "POST",
            body: { query: "Apple revenue 2023", today: "2026-11-30" },
            headers,
          }),
        );
      for (const headers of [{}, { authorization: "Bearer not-the-token-0123456789abcdef0123" }] as Record<
        string,
        string
      >[]) {
        const anonymous = await ask(null, headers);
        expect(anonymous.status).toBe(401);
        expect(await anonymous.json()).toMatchObject({
          error: { code: "UNAUTHENTICATED", message: expect.stringContaining("Please sign in") },
        });
      }
      const carol = await signUpTestUser(auth, "investor", "Carol");
      expect((await ask(carol)).status).toBe(200);
      expect((await ask(carol)).status).toBe(200);
      const limited = await ask(carol);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(await limited.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
      for (let i = 0; i < 3; i += 1) expect((await ask(null, { authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      installTestConfig();
    }
  });

  it("refuses demo accounts unless they are enabled", async () => {
    installTestConfig({ FINGROUND_DEMO_ACCOUNTS: undefined });
    const demo = DEMO_ACCOUNTS[0]!;
    const response = await authPost(
      request("/api/auth/sign-in/email", null, {
        method: "POST",
        body: { email: demo.email, password: "finground-demo" },
      }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "DEMO_ACCOUNTS_DISABLED" });
  });

  it("never stores a password in clear: the hash is scrypt with a salt", async () => {
    const account = await test.db.prisma.account.findFirstOrThrow({
      where: { userId: alice.id, providerId: "credential" },
    });
    expect(account.password).not.toContain(alice.password);
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });
});
