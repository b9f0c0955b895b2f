// The server-action wrapper against a real database and real sessions: who may call, what input is
// accepted, and what a thrown error turns into (a user-facing message as written; a database error
// logged with a reference and never shown).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FinGroundError } from "@/lib/core/errors";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { runAction } from "./action";
import { installTestApp, sameOriginHeaders, signUpTestUser, type SignedInUser } from "@/test/auth";

// Server actions read the session from next/headers: here, the headers of whoever "sends" the call.
const caller = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => caller.headers }));

const noteSchema = z.object({ note: z.string().trim().min(1, "The note cannot be empty") });

describe.each(testBackends())("runAction on $name", (backend) => {
  let test: TestDatabase;
  let advisor: SignedInUser;
  let investor: SignedInUser;
  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
    const auth = installTestApp(test.db);
    advisor = await signUpTestUser(auth, "advisor");
    investor = await signUpTestUser(auth, "investor");
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const noteAction = (input: unknown, work: () => Promise<{ saved: string }>) =>
    runAction({ name: "note", role: "advisor", schema: noteSchema }, input, work);

  it("refuses a caller without a session, and one with another role, before reading the input or doing the work", async () => {
    const work = vi.fn(async () => ({ saved: "yes" }));
    caller.headers = sameOriginHeaders();
    expect(await noteAction({ note: "" }, work)).toEqual({ ok: false, error: "Please sign in." });
    caller.headers = investor.headers;
    expect(await noteAction({ note: "hello" }, work)).toEqual({ ok: false, error: "Only advisors can do this." });
    expect(work).not.toHaveBeenCalled();
  });

  it("refuses a call from no page of this server (no Origin, a foreign Referer or Origin, a cross-site fetch) before the work", async () => {
    const work = vi.fn(async () => ({ saved: "yes" }));
    const refused = { ok: false, error: expect.stringContaining("must be sent from a FinGround page") };
    const withOnly = (extra: Record<string, string>) => {
      const headers = new Headers({ cookie: advisor.headers.get("cookie") ?? "", host: "localhost:3000" });
      for (const [name, value] of Object.entries(extra)) headers.set(name, value);
      return headers;
    };
    const calls: Record<string, string>[] = [
      {},
      { referer: "https://evil.example/page" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { origin: "http://localhost:3000", host: "evil.example:3000" },
    ];
    for (const extra of calls) {
      caller.headers = withOnly(extra);
      expect(await noteAction({ note: "hello" }, work)).toEqual(refused);
    }
    expect(work).not.toHaveBeenCalled();
    caller.headers = withOnly({ origin: "http://localhost:3000" });
    expect(await noteAction({ note: "hello" }, work)).toEqual({ ok: true, saved: "yes" });
  });

  it("refuses invalid input with the schema's message, and passes parsed input and the viewer to the work", async () => {
    caller.headers = advisor.headers;
    const work = vi.fn(async () => ({ saved: "yes" }));
    expect(await noteAction({ note: "   " }, work)).toEqual({ ok: false, error: "The note cannot be empty" });
    expect(await noteAction("not an object", work)).toMatchObject({
      ok: false,
      error: expect.stringContaining("object"),
    });
    expect(work).not.toHaveBeenCalled();
    const result = await runAction(
      { name: "note", role: "advisor", schema: noteSchema },
      { note: "  hello " },
      async (data, { viewer, prisma }) => ({
        saved: `${data.note} by ${viewer.email} (${await prisma.user.count()} users)`,
      }),
    );
    expect(result).toEqual({ ok: true, saved: `hello by ${advisor.email} (2 users)` });
  });

  it("shows a user-facing error as written", async () => {
    caller.headers = advisor.headers;
    const result = await noteAction({ note: "x" }, async () => {
      throw new FinGroundError("INVALID_INPUT", "No advisor has this invite code.");
    });
    expect(result).toEqual({ ok: false, error: "No advisor has this invite code." });
  });

  it("logs a database error with a reference and answers only a generic message with that reference", async () => {
    caller.headers = advisor.headers;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await runAction(
        { name: "note", role: "advisor", schema: noteSchema },
        { note: "x" },
        async (_data, { prisma }) => {
          await prisma.$queryRawUnsafe("SELECT * FROM no_such_table");
          return { saved: "never" };
        },
      );
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toBe(
        `The database is not available right now. Try again in a moment. (reference ${result.reference})`,
      );
      expect(result.error).not.toMatch(/no_such_table|relation|prisma/i);
      expect(result.reference).toMatch(/^[0-9a-f]{8}$/);
      expect(logged).toHaveBeenCalledTimes(1);
      const [line, detail] = logged.mock.calls[0]!;
      expect(line).toBe(`[action note] DATABASE_UNAVAILABLE (reference ${result.reference}):`);
      expect(String(detail)).toMatch(/no_such_table/);
    } finally {
      logged.mockRestore();
    }
  });

  it("treats any other thrown error as internal: logged with a reference, never shown", async () => {
    caller.headers = advisor.headers;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await noteAction({ note: "x" }, async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'secretColumn')");
      });
      expect(result).toMatchObject({
        ok: false,
        error: expect.stringMatching(
          /^Something went wrong on FinGround's side\. Try again in a moment\. \(reference [0-9a-f]{8}\)$/,
        ),
      });
      expect(JSON.stringify(result)).not.toContain("secretColumn");
      expect(String(logged.mock.calls[0]?.[1])).toContain("secretColumn");
    } finally {
      logged.mockRestore();
    }
  });
});
