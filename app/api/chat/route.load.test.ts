// Load: 20 chats at once through the real route handler on a real database holding the seed. Every
// answer the users were streamed must be in their history, with the same text (issue 12: under this
// load, answers were lost and questions refused when the pool or a transaction wait ran out).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installTestConfig } from "@/test/config";
import { installTestApp, signUpTestUser, type SignedInUser } from "@/test/auth";
import { getConversation } from "@/lib/conversation/store";
import { testBackends, type TestDatabase } from "@/test/db";
import { POST } from "./route";

const CONCURRENT = 20;
const CHATS = 60;
const USERS = 5;
const QUESTIONS = [
  "What was Apple's revenue in fiscal 2023?",
  "Compare Apple and Nvidia net income over the last 8 quarters",
  "Microsoft gross margin in 2022",
  "Tesla revenue growth 2021 to 2023",
  "What is Nvidia's P/E ratio?",
];

/** The answer text a user was streamed: the text deltas of an AI SDK UI message stream (SSE). */
function streamedText(sse: string): string {
  let text = "";
  for (const line of sse.split("\n")) {
    if (!line.startsWith("data: {")) continue;
    const chunk = JSON.parse(line.slice("data: ".length)) as { type: string; delta?: string };
    if (chunk.type === "text-delta") text += chunk.delta ?? "";
  }
  return text;
}

describe.each(testBackends())("POST /api/chat under 20 concurrent chats ($name)", (backend) => {
  let test: TestDatabase;
  let users: SignedInUser[];
  beforeAll(async () => {
    installTestConfig({ FINGROUND_CHAT_RATE_LIMIT: "off" });
    test = await backend.openSeeded();
    const auth = installTestApp(test.db);
    users = [];
    for (let i = 0; i < USERS; i++) users.push(await signUpTestUser(auth, "investor", `Load ${i}`));
  }, 180_000);
  afterAll(async () => {
    installTestConfig();
    await test?.dispose();
  });

  it(`stores every streamed answer (${CHATS} chats, ${CONCURRENT} at a time)`, async () => {
    const chats = Array.from({ length: CHATS }, (_, i) => ({
      user: users[i % USERS]!,
      conversationId: randomUUID(),
      question: QUESTIONS[i % QUESTIONS.length]!,
    }));
    const results: { user: SignedInUser; conversationId: string; status: number; text: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < chats.length) {
        const chat = chats[next++]!;
        const headers = new Headers(chat.user.headers);
        headers.set("content-type", "application/json");
        headers.set("origin", "http://localhost");
        const body = JSON.stringify({
          conversationId: chat.conversationId,
          message: { id: randomUUID(), role: "user", parts: [{ type: "text", text: chat.question }] },
        });
        const response = await POST(new Request("http://localhost/api/chat", { method: "POST", headers, body }));
        const sse = await response.text();
        results.push({ ...chat, status: response.status, text: response.ok ? streamedText(sse) : sse });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT }, worker));

    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    const streamed = results.filter((r) => r.text.length > 0);
    expect(streamed).toHaveLength(CHATS);
    // The stream ends only after its answer is stored, so the history is complete the moment it ends.
    const stored = await Promise.all(
      streamed.map(async (r) => {
        const messages = (await getConversation(test.db.prisma, r.conversationId, r.user.id))?.messages ?? [];
        return messages
          .filter((m) => m.role === "assistant")
          .flatMap((m) => m.parts)
          .map((part) => (part.type === "text" ? part.text : ""))
          .join("");
      }),
    );
    expect(stored.filter((text) => text.length > 0)).toHaveLength(streamed.length);
    expect(stored).toEqual(streamed.map((r) => r.text));
  }, 240_000);
});
