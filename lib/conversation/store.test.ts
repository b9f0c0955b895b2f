import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "@/test/auth";
import type { Viewer } from "@/lib/auth/viewer";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import type { FinGroundUIMessage } from "./message";
import { getConversation, listConversations, storeAnswer, storeQuestion, titleFor } from "./store";

describe.each(testBackends())("conversations on $name", (backend) => {
  let test: TestDatabase;
  let owner: Viewer;
  let other: Viewer;
  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
    owner = await createTestUser(test.db.prisma);
    other = await createTestUser(test.db.prisma);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("store a question before its answer and give both back in order, parts intact", async () => {
    const id = randomUUID();
    const answerId = (await storeQuestion(test.db.prisma, id, "What was Apple's revenue in fiscal 2023?", owner.id))!;
    const answer: FinGroundUIMessage = {
      id: "streamed-id",
      role: "assistant",
      parts: [
        { type: "data-notice", data: { code: "LLM_TIMEOUT", message: "The model was slow." } },
        { type: "text", text: "Apple's revenue was **$383.3 billion** in FY2023.", state: "done" },
      ],
    };
    await storeAnswer(test.db.prisma, answerId, answer, { request: null, model: "analyst" });

    const conversation = await getConversation(test.db.prisma, id, owner.id);
    expect(conversation?.title).toBe("What was Apple's revenue in fiscal 2023?");
    expect(conversation?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(conversation?.messages[0]?.parts).toEqual([
      { type: "text", text: "What was Apple's revenue in fiscal 2023?" },
    ]);
    expect(conversation?.messages[1]?.parts).toEqual(answer.parts);
    expect(conversation?.messages[1]?.metadata?.model).toBe("analyst");
  });

  it("list the most recently active conversation first and know nothing of unknown ids", async () => {
    const older = randomUUID();
    const newer = randomUUID();
    await storeQuestion(test.db.prisma, older, "first", owner.id);
    await storeQuestion(test.db.prisma, newer, "second", owner.id);
    await storeQuestion(test.db.prisma, older, "a follow-up", owner.id);
    const ids = (await listConversations(test.db.prisma, owner.id)).map((c) => c.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(await getConversation(test.db.prisma, randomUUID(), owner.id)).toBeNull();
  });

  it("store a question resent after a failed answer once", async () => {
    const id = randomUUID();
    await storeQuestion(test.db.prisma, id, "Apple revenue 2024", owner.id);
    const answerId = (await storeQuestion(test.db.prisma, id, "Apple revenue 2024", owner.id))!;
    expect((await getConversation(test.db.prisma, id, owner.id))?.messages).toHaveLength(1);
    await storeAnswer(
      test.db.prisma,
      answerId,
      { id: "a", role: "assistant", parts: [{ type: "text", text: "…" }] },
      { request: null, model: "analyst" },
    );
    await storeQuestion(test.db.prisma, id, "Apple revenue 2024", owner.id);
    expect((await getConversation(test.db.prisma, id, owner.id))?.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
  });

  it("reserve the answer's row before it streams; a server stopped mid-answer leaves the question unanswered, and its retry fills the same row", async () => {
    const id = randomUUID();
    const reserved = await storeQuestion(test.db.prisma, id, "Nvidia revenue 2024", owner.id);
    // The process dies here, mid-stream: the reopened conversation shows the question alone.
    expect((await getConversation(test.db.prisma, id, owner.id))?.messages.map((m) => m.role)).toEqual(["user"]);

    // "Try again" resends the same question: stored once, and the unfilled row is reused.
    expect(await storeQuestion(test.db.prisma, id, "Nvidia revenue 2024", owner.id)).toBe(reserved);
    expect(await test.db.prisma.message.count({ where: { conversationId: id } })).toBe(2);
    await storeAnswer(
      test.db.prisma,
      reserved!,
      { id: "b", role: "assistant", parts: [{ type: "text", text: "$60.9 billion" }] },
      { request: null, model: "analyst" },
    );
    const messages = (await getConversation(test.db.prisma, id, owner.id))?.messages;
    expect(messages?.map((m) => [m.role, m.parts])).toEqual([
      ["user", [{ type: "text", text: "Nvidia revenue 2024" }]],
      ["assistant", [{ type: "text", text: "$60.9 billion" }]],
    ]);
  });

  it("store an answer through a briefly failing database (retried)", async () => {
    const id = randomUUID();
    const answerId = (await storeQuestion(test.db.prisma, id, "Apple net income 2022", owner.id))!;
    // A real database error on the first two attempts to fill the row, then none (a sequence,
    // because the failing statement's own writes roll back).
    await test.db.exec(`
      CREATE SEQUENCE store_attempts;
      CREATE FUNCTION fail_store() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('store_attempts') <= 2 THEN RAISE EXCEPTION 'database briefly unavailable'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER fail_store BEFORE UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION fail_store();`);
    try {
      await storeAnswer(
        test.db.prisma,
        answerId,
        { id: "c", role: "assistant", parts: [{ type: "text", text: "$99.8 billion" }] },
        { request: null, model: "analyst" },
      );
    } finally {
      await test.db.exec(
        "DROP TRIGGER fail_store ON messages; DROP FUNCTION fail_store(); DROP SEQUENCE store_attempts;",
      );
    }
    expect((await getConversation(test.db.prisma, id, owner.id))?.messages.at(-1)?.parts).toEqual([
      { type: "text", text: "$99.8 billion" },
    ]);
  });

  it("keep each conversation to its owner: others can neither read, list nor append to it", async () => {
    const id = randomUUID();
    expect(await storeQuestion(test.db.prisma, id, "Apple revenue 2023", owner.id)).not.toBeNull();
    expect(await getConversation(test.db.prisma, id, other.id)).toBeNull();
    expect((await listConversations(test.db.prisma, other.id)).map((c) => c.id)).not.toContain(id);
    expect(await storeQuestion(test.db.prisma, id, "and 2024?", other.id)).toBeNull();
    expect((await getConversation(test.db.prisma, id, owner.id))?.messages).toHaveLength(1);
  });

  it("show conversations stored before accounts existed (no owner) to no one", async () => {
    const id = randomUUID();
    await test.db.prisma.conversation.create({ data: { id, title: "legacy" } });
    expect(await getConversation(test.db.prisma, id, owner.id)).toBeNull();
    expect((await listConversations(test.db.prisma, owner.id)).map((c) => c.id)).not.toContain(id);
    expect(await storeQuestion(test.db.prisma, id, "mine now?", owner.id)).toBeNull();
  });

  it("title a conversation by its first question, on one line and capped", () => {
    expect(titleFor("  Compare\nApple   and Nvidia  ")).toBe("Compare Apple and Nvidia");
    expect(titleFor("x".repeat(200))).toHaveLength(80);
  });
});
