import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/lib/db/testing";
import type { FinGroundUIMessage } from "@/lib/chat/message";
import { appendAssistantMessage, appendUserMessage, getConversation, listConversations, titleFor } from "./conversations";

describe.each(testBackends())("conversations on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("store a question before its answer and give both back in order, parts intact", async () => {
    const id = randomUUID();
    await appendUserMessage(test.db.prisma, id, "What was Apple's revenue in fiscal 2023?");
    const answer: FinGroundUIMessage = {
      id: "streamed-id",
      role: "assistant",
      parts: [
        { type: "data-notice", data: { code: "LLM_TIMEOUT", message: "The model was slow." } },
        { type: "text", text: "Apple's revenue was **$383.3 billion** in FY2023.", state: "done" },
      ],
    };
    await appendAssistantMessage(test.db.prisma, id, answer, { request: null, model: "analyst" });

    const conversation = await getConversation(test.db.prisma, id);
    expect(conversation?.title).toBe("What was Apple's revenue in fiscal 2023?");
    expect(conversation?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(conversation?.messages[0]?.parts).toEqual([{ type: "text", text: "What was Apple's revenue in fiscal 2023?" }]);
    expect(conversation?.messages[1]?.parts).toEqual(answer.parts);
    expect(conversation?.messages[1]?.metadata?.model).toBe("analyst");
  });

  it("list the most recently active conversation first and know nothing of unknown ids", async () => {
    const older = randomUUID();
    const newer = randomUUID();
    await appendUserMessage(test.db.prisma, older, "first");
    await appendUserMessage(test.db.prisma, newer, "second");
    await appendUserMessage(test.db.prisma, older, "a follow-up");
    const ids = (await listConversations(test.db.prisma)).map((c) => c.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(await getConversation(test.db.prisma, randomUUID())).toBeNull();
  });

  it("store a question resent after a failed answer once", async () => {
    const id = randomUUID();
    await appendUserMessage(test.db.prisma, id, "Apple revenue 2024");
    await appendUserMessage(test.db.prisma, id, "Apple revenue 2024");
    expect((await getConversation(test.db.prisma, id))?.messages).toHaveLength(1);
    await appendAssistantMessage(test.db.prisma, id, { id: "a", role: "assistant", parts: [{ type: "text", text: "…" }] }, { request: null, model: "analyst" });
    await appendUserMessage(test.db.prisma, id, "Apple revenue 2024");
    expect((await getConversation(test.db.prisma, id))?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("title a conversation by its first question, on one line and capped", () => {
    expect(titleFor("  Compare\nApple   and Nvidia  ")).toBe("Compare Apple and Nvidia");
    expect(titleFor("x".repeat(200))).toHaveLength(80);
  });
});
