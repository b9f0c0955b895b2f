// Malformed payloads are refused with a 4xx and a reason before anything is stored or computed.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installTestConfig } from "@/test/config";
import { installTestApp, signUpTestUser, type SignedInUser } from "@/test/auth";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { afterFirstTokens } from "@/lib/core/first-token-priority";
import { POST } from "./route";

const conversationId = "9b2f6a3e-2c1d-4e5f-8a9b-0c1d2e3f4a5b";
const question = (text: string) =>
  JSON.stringify({ conversationId, message: { id: "m1", role: "user", parts: [{ type: "text", text }] } });

describe.each(testBackends())("POST /api/chat refuses bad input ($name)", (backend) => {
  let test: TestDatabase;
  let user: SignedInUser;
  beforeAll(async () => {
    installTestConfig({ FINGROUND_CHAT_RATE_LIMIT: "off" });
    test = await backend.open();
    await migrate(test.db);
    user = await signUpTestUser(installTestApp(test.db));
  });
  afterAll(async () => {
    installTestConfig();
    await test?.dispose();
  });
  const post = (body: string) => {
    const headers = new Headers(user.headers);
    headers.set("content-type", "application/json");
    headers.set("origin", "http://localhost");
    return POST(new Request("http://localhost/api/chat", { method: "POST", body, headers }));
  };

  it("holds other chats' deferrable work from a question's arrival (its session check too), and lets go when refused", async () => {
    const refused = post("{ nope");
    let deferredRan = false;
    const deferred = Promise.race([
      afterFirstTokens().then(() => (deferredRan = true)),
      new Promise((resolve) => setTimeout(resolve, 500)),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(deferredRan).toBe(false);
    expect((await refused).status).toBe(400);
    // Woken on the next turn of the event loop, not by the 1 s bound.
    await new Promise((resolve) => setImmediate(resolve));
    await deferred;
    expect(deferredRan).toBe(true);
  });

  it("rejects a body that is not JSON", async () => {
    const response = await post("{ nope");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "INVALID_JSON" } });
  });

  it("rejects a payload of the wrong shape and names the fields", async () => {
    const response = await post(JSON.stringify({ conversationId: "42", message: { role: "assistant", parts: [] } }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe("INVALID_PAYLOAD");
    expect(body.error.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["conversationId", "message.role", "message.id"]),
    );
  });

  it("rejects an empty question", async () => {
    const response = await post(question("   \n "));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "EMPTY_QUESTION", message: "Please type a question." },
    });
  });

  it("rejects a question over the length cap with a clear message", async () => {
    const response = await post(question("a".repeat(2001)));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { code: "QUESTION_TOO_LONG", message: "Questions are limited to 2,000 characters; this one has 2,001." },
    });
  });

  it.each([
    ["a NUL byte", "Apple\u0000 revenue", "control character"],
    ["an escape character", "Apple \u001b[31m revenue", "control character"],
    ["a lone surrogate", "Apple \ud800 revenue", "lone UTF-16 surrogate"],
  ])("rejects a question with %s with 400 before it reaches the database", async (_case, text, reason) => {
    const response = await post(question(text));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "INVALID_PAYLOAD", message: expect.stringContaining(reason) });
    expect(await test.db.prisma.conversation.count({ where: { id: conversationId } })).toBe(0);
  });

  it("answers any typed text with a stream or a 4xx that says why, never a 5xx or the database's own words", async () => {
    const anyText = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc
        .array(
          fc.oneof(
            fc.string({ maxLength: 6 }),
            fc.constantFrom("\u0000", "\ud800", "\udc00", "\u007f", "\t", "\n", "Apple revenue 2023"),
          ),
          { maxLength: 8 },
        )
        .map((parts) => parts.join("")),
    );
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        const response = await post(
          JSON.stringify({
            conversationId: crypto.randomUUID(),
            message: { id: "m1", role: "user", parts: [{ type: "text", text }] },
          }),
        );
        const body = await response.text();
        expect(response.status === 200 || (response.status >= 400 && response.status < 500)).toBe(true);
        expect(body).not.toMatch(/prisma|invalid byte sequence|unsupported Unicode/i);
      }),
      { numRuns: 40 },
    );
  });

  it("streams the answer as events the server must not compress (one zlib pass per delta costs every chat)", async () => {
    const response = await post(
      JSON.stringify({
        conversationId: crypto.randomUUID(),
        message: { id: "m1", role: "user", parts: [{ type: "text", text: "Apple revenue 2023" }] },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toMatch(/(^|,)\s*no-transform\s*(,|$)/);
    expect(await response.text()).toContain('"type":"text-delta"');
  });

  // Last: it breaks this database.
  it("streams a plain apology with a reference, not the database's error, when answering fails midway; the log has both", async () => {
    await test.db.prisma.$executeRawUnsafe("DROP TABLE metric_values CASCADE");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const conversation = crypto.randomUUID();
      const response = await post(
        JSON.stringify({
          conversationId: conversation,
          message: { id: "m1", role: "user", parts: [{ type: "text", text: "Apple revenue 2023" }] },
        }),
      );
      expect(response.status).toBe(200);
      const stream = await response.text();
      const reference = /Try again in a moment\. \(reference ([0-9a-f]{8})\)/.exec(stream)?.[1];
      expect(reference).toBeDefined();
      expect(stream).not.toMatch(/metric_values|relation|prisma/i);
      const line = logged.mock.calls.find(([text]) => String(text).includes(`reference ${reference}`));
      expect(line?.[0]).toContain(`[chat ${conversation}]`);
      expect(String(line?.[1])).toMatch(/metric_values/);
    } finally {
      logged.mockRestore();
    }
  });
});
