// The review workspace end to end below the browser: a real question answered by the chat route, then
// the advisor's server actions with real sessions on a real database holding the seed. Forged calls
// (no session, an investor, another advisor, malformed input) are refused and change nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as chatPost } from "@/app/api/chat/route";
import { installTestApp, sameOriginHeaders, signUpTestUser, type SignedInUser } from "@/test/auth";
import { getPrisma } from "@/lib/db/client";
import { getConversation } from "@/lib/conversation/store";
import { testBackends, type TestDatabase } from "@/test/db";
import { inviteCodeOf } from "@/lib/review/links";
import { getReviewItem, listQueue, parseQueueFilters, queueFiltersSchema } from "@/lib/review/queue";
import { joinAdvisorAction } from "@/app/(auth)/account/actions";
import { annotateAction, approveAction, flagAction, replyAction, rerunAction } from "./actions";

// Server actions read the session from next/headers: here, the headers of whoever "sends" the call.
const caller = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => caller.headers }));
const as = (user: SignedInUser | null) => {
  caller.headers = user ? user.headers : sameOriginHeaders();
};

async function ask(user: SignedInUser, conversationId: string, text: string): Promise<void> {
  const headers = new Headers(user.headers);
  headers.set("content-type", "application/json");
  headers.set("origin", "http://localhost");
  const response = await chatPost(
    new Request("http://localhost/api/chat", {
      method: "POST",
      headers,
      body: JSON.stringify({
        conversationId,
        message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] },
      }),
    }),
  );
  expect(response.status).toBe(200);
  await response.text();
  // The answer is stored when the stream ends.
  await vi.waitFor(async () =>
    expect((await getConversation(await getPrisma(), conversationId, user.id))?.messages.length).toBe(2),
  );
}

describe.each(testBackends())("the review workspace on $name", (backend) => {
  let test: TestDatabase;
  let advisor: SignedInUser;
  let otherAdvisor: SignedInUser;
  let client: SignedInUser;
  let stranger: SignedInUser;
  let conversationId: string;
  let answerId: string;
  const filters = (input: Record<string, string>) => queueFiltersSchema.parse({ status: "all", ...input });

  beforeAll(async () => {
    test = await backend.openSeeded();
    const auth = installTestApp(test.db);
    advisor = await signUpTestUser(auth, "advisor", "Ada");
    otherAdvisor = await signUpTestUser(auth, "advisor", "Otto");
    client = await signUpTestUser(auth, "investor", "Carl");
    stranger = await signUpTestUser(auth, "investor", "Sam");

    as(client);
    const code = await inviteCodeOf(test.db.prisma, advisor);
    expect(await joinAdvisorAction({ code: code.toLowerCase() })).toMatchObject({
      ok: true,
      message: "Ada is now your advisor.",
    });
    as(stranger);
    expect(await joinAdvisorAction({ code: await inviteCodeOf(test.db.prisma, otherAdvisor) })).toMatchObject({
      ok: true,
    });
    expect(await joinAdvisorAction({ code: "NOPE-NOPE-1" })).toEqual({
      ok: false,
      error: "No advisor has this invite code.",
    });

    conversationId = randomUUID();
    await ask(client, conversationId, "What was Apple's revenue in fiscal 2023?");
    await ask(stranger, randomUUID(), "What was Nvidia's revenue in fiscal 2024?");
    const [item] = await listQueue(test.db.prisma, advisor.id, filters({}));
    answerId = item!.messageId;
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("queues only the advisor's clients' questions, with the question, company and status", async () => {
    const queue = await listQueue(test.db.prisma, advisor.id, filters({}));
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      conversationId,
      client: { id: client.id, name: "Carl" },
      question: "What was Apple's revenue in fiscal 2023?",
      tickers: ["AAPL"],
      status: "unreviewed",
    });
    const others = await listQueue(test.db.prisma, otherAdvisor.id, filters({}));
    expect(others.map((item) => item.question)).toEqual(["What was Nvidia's revenue in fiscal 2024?"]);
    expect(await getReviewItem(test.db.prisma, otherAdvisor.id, answerId)).toBeNull();
  });

  it("refuses forged action calls and changes nothing", async () => {
    const attempts = () => [
      approveAction({ messageId: answerId }),
      flagAction({ messageId: answerId, reason: "forged" }),
      annotateAction({ messageId: answerId, text: "forged" }),
      replyAction({ messageId: answerId, text: "forged" }),
      rerunAction({ messageId: answerId, metricKeys: ["net_income"], period: null }),
    ];
    for (const who of [null, client, stranger, otherAdvisor]) {
      as(who);
      for (const result of await Promise.all(attempts())) expect(result.ok).toBe(false);
    }
    as(advisor);
    expect(await approveAction({ messageId: "not-a-uuid" })).toMatchObject({ ok: false, error: "not an answer id" });
    expect(await approveAction({ messageId: randomUUID() })).toMatchObject({
      ok: false,
      error: "This answer is not one of your clients'.",
    });
    expect(await flagAction({ messageId: answerId, reason: "   " })).toMatchObject({ ok: false });
    // Impossible dates are named, not answered "Something went wrong".
    expect(
      await rerunAction({
        messageId: answerId,
        metricKeys: [],
        period: { kind: "range", start: "2023-02-30", end: "2023-03-31" },
      }),
    ).toEqual({ ok: false, error: "The start date 2023-02-30 is not a calendar date" });
    expect(
      await rerunAction({
        messageId: answerId,
        metricKeys: [],
        period: { kind: "range", start: "2023-01-01", end: "2023-13-45" },
      }),
    ).toEqual({ ok: false, error: "The end date 2023-13-45 is not a calendar date" });
    // PostgreSQL refuses NUL in text: refused with a message before the database.
    expect(await annotateAction({ messageId: answerId, text: "note\u0000" })).toEqual({
      ok: false,
      error: "The note holds a control character",
    });

    const item = await getReviewItem(test.db.prisma, advisor.id, answerId);
    expect(item).toMatchObject({ status: "unreviewed", annotations: [], replies: [], reruns: [], audit: [] });
    const clientView = await getConversation(test.db.prisma, conversationId, client.id);
    expect(clientView?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("ignores review filters with impossible dates or a NUL, saying which, instead of failing the queue", async () => {
    for (const [raw, said] of [
      [{ from: "2023-13-45" }, "The From date 2023-13-45 is not a calendar date: ignored."],
      [{ to: "2023-99-99" }, "The To date 2023-99-99 is not a calendar date: ignored."],
      [{ to: "2023-02-30" }, "The To date 2023-02-30 is not a calendar date: ignored."],
      [{ client: "\u0000" }, "The client holds a control character: ignored."],
      [{ company: "\u0000" }, "The company (a ticker) holds a control character: ignored."],
      [{ status: "%ff" }, "The status is one of all, unreviewed, approved, flagged: ignored."],
    ] as const) {
      const { filters: parsed, ignored } = parseQueueFilters(raw);
      expect(ignored).toEqual([said]);
      expect(await listQueue(test.db.prisma, advisor.id, parsed)).toHaveLength(1);
    }
    // The schema the page used drops them too, so no caller hands the database an impossible date.
    const dropped: Record<string, string>[] = [{ from: "2023-13-45" }, { client: "\u0000" }, { company: "\u0000" }];
    for (const raw of dropped) expect(await listQueue(test.db.prisma, advisor.id, filters(raw))).toHaveLength(1);
  });

  it("annotates, flags, replies and approves, each in the audit log with who and when", async () => {
    as(advisor);
    const before = Date.now();
    expect(await annotateAction({ messageId: answerId, text: "Check the fiscal year end" })).toEqual({ ok: true });
    expect(await flagAction({ messageId: answerId, reason: "Should mention services revenue" })).toEqual({ ok: true });
    expect(
      await replyAction({ messageId: answerId, text: "Carl, this is the total; services were $85.2 billion." }),
    ).toEqual({ ok: true });

    const flagged = await listQueue(test.db.prisma, advisor.id, filters({ status: "flagged" }));
    expect(flagged.map((i) => [i.messageId, i.flagReason])).toEqual([[answerId, "Should mention services revenue"]]);
    expect(await listQueue(test.db.prisma, advisor.id, filters({ status: "unreviewed" }))).toEqual([]);
    expect(await listQueue(test.db.prisma, advisor.id, filters({ company: "aapl" }))).toHaveLength(1);
    expect(await listQueue(test.db.prisma, advisor.id, filters({ company: "NVDA" }))).toEqual([]);
    expect(await listQueue(test.db.prisma, advisor.id, filters({ client: stranger.id }))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await listQueue(test.db.prisma, advisor.id, filters({ from: today, to: today }))).toHaveLength(1);
    expect(await listQueue(test.db.prisma, advisor.id, filters({ to: "2020-01-01" }))).toEqual([]);

    // The client sees the reply in their conversation, marked as their advisor's.
    const clientView = await getConversation(test.db.prisma, conversationId, client.id);
    const reply = clientView!.messages.at(-1)!;
    expect(reply.metadata?.advisor).toEqual({ name: "Ada" });
    expect(reply.parts).toEqual([{ type: "text", text: "Carl, this is the total; services were $85.2 billion." }]);

    expect(await approveAction({ messageId: answerId })).toEqual({ ok: true });
    const item = await getReviewItem(test.db.prisma, advisor.id, answerId);
    expect(item?.status).toBe("approved");
    expect(item?.flagReason).toBeNull();
    expect(item?.audit.map((entry) => entry.action)).toEqual(["annotate", "flag", "reply", "approve"]);
    for (const entry of item!.audit) {
      expect(entry.actor).toBe(`Ada <${advisor.email}>`);
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it("re-runs a corrected request through the pipeline and keeps it beside the original", async () => {
    as(advisor);
    expect(await rerunAction({ messageId: answerId, metricKeys: ["not_a_metric"], period: null })).toMatchObject({
      ok: false,
      error: 'Unknown metric "not_a_metric".',
    });
    expect(
      await rerunAction({ messageId: answerId, metricKeys: [], period: { kind: "fiscal", year: 2022, period: "FY" } }),
    ).toEqual({ ok: true });
    const item = await getReviewItem(test.db.prisma, advisor.id, answerId);
    expect(item?.reruns).toHaveLength(1);
    const rerun = item!.reruns[0]!;
    expect(rerun.request.dates.fiscal).toEqual({ year: 2022, period: "FY" });
    expect(rerun.request.metrics.map((m) => m.key)).toEqual(["revenue"]);
    const textOf = (parts: { type: string; text?: string }[]) =>
      parts
        .filter((p) => p.type === "text")
        .map((p) => p.text)
        .join("");
    expect(textOf(rerun.answer.parts)).toContain("$394.3 billion");
    expect(textOf(item!.answer.parts)).toContain("$383.3 billion");
    expect(item?.audit.at(-1)?.action).toBe("rerun");
  });
});
