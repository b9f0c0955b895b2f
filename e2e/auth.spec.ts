// Accounts and the advisor review loop in a real browser, and break-in attempts: another user's
// conversation by URL and by API, pages without a session, brute-forced sign-in, wrong role.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO_ADVISOR, DEMO_INVESTOR_2, DEMO_PASSWORD } from "./fixtures";
import { AuthPage } from "./pages/auth-page";
import { ChatPage } from "./pages/chat-page";
import { ReviewPage } from "./pages/review-page";

const unique = () => randomUUID().slice(0, 8);

test.describe("accounts and the review workspace", () => {
  test("an investor asks; their advisor annotates, flags and replies; the investor sees the reply; nobody else sees the conversation", async ({
    browser,
  }) => {
    // Three people, a sign-up, an answer and five review steps: longer than one page's test.
    test.setTimeout(120_000);
    const advisorContext = await browser.newContext();
    const investorContext = await browser.newContext();
    const strangerContext = await browser.newContext();
    const advisorPage = await advisorContext.newPage();
    const investorPage = await investorContext.newPage();
    const strangerPage = await strangerContext.newPage();

    // The advisor's invite code, read from their account page.
    const advisorAuth = new AuthPage(advisorPage);
    await advisorAuth.signIn(DEMO_ADVISOR.email, DEMO_PASSWORD);
    const code = await advisorAuth.inviteCode();

    // A new investor signs up, joins the advisor and asks.
    const name = `Quinn ${unique()}`;
    const investorAuth = new AuthPage(investorPage);
    await investorAuth.signUp({
      name,
      email: `quinn-${unique()}@example.com`,
      password: "a-long-password-1",
      role: "investor",
    });
    await investorAuth.joinAdvisor(code);
    const chat = new ChatPage(investorPage);
    await chat.goto();
    await chat.ask("What was Apple's revenue in fiscal 2023?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText("$383.3 billion");
    await expect.poll(() => chat.conversationIdFromUrl()).not.toBeNull();
    const conversationId = chat.conversationIdFromUrl()!;

    // The advisor finds it in the queue and reviews it.
    const review = new ReviewPage(advisorPage);
    await review.gotoQueue();
    const item = review.queueItems.filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-status", "unreviewed");
    await item.getByRole("link").click();
    await expect(review.question).toHaveText("What was Apple's revenue in fiscal 2023?");
    await expect(review.originalAnswer.getByTestId("answer-text")).toContainText("$383.3 billion");
    await expect(review.originalAnswer.getByTestId("request-panel")).toContainText("AAPL");
    await expect(review.originalAnswer.getByTestId("data-table")).toBeVisible();

    await review.annotationText.fill("Total revenue only; check services.");
    await review.annotateButton.click();
    await expect(review.annotations).toContainText("Total revenue only; check services.");
    await review.flagReason.fill("Does not split products and services");
    await review.flagButton.click();
    await expect(review.status).toContainText("flagged");
    await expect(review.status).toContainText("Does not split products and services");
    await review.replyText.fill("Services were a growing part of this; ask me for the split.");
    await review.replyButton.click();
    await expect(review.replies.filter({ hasText: "ask me for the split" })).toHaveCount(1);
    await expect(review.auditEntries).toHaveCount(3);
    await expect(review.auditEntries.nth(0)).toHaveAttribute("data-action", "annotate");
    await expect(review.auditEntries.nth(1)).toHaveAttribute("data-action", "flag");
    await expect(review.auditEntries.nth(2)).toHaveAttribute("data-action", "reply");
    await expect(review.error).toHaveCount(0);

    await review.gotoQueue();
    await advisorPage.getByTestId("filter-status").selectOption("flagged");
    await advisorPage.getByTestId("filter-apply").click();
    await expect(review.queueItems.filter({ hasText: name })).toHaveAttribute("data-status", "flagged");

    // The investor sees the reply in their conversation, marked as their advisor's.
    await investorPage.reload();
    const reply = investorPage.getByTestId("advisor-reply");
    await expect(reply).toContainText("ask me for the split");
    await expect(reply).toContainText(`From your advisor, ${DEMO_ADVISOR.name}`);

    // Another investor gets nothing: not by URL, not by API.
    await new AuthPage(strangerPage).signIn(DEMO_INVESTOR_2.email, DEMO_PASSWORD);
    await new ChatPage(strangerPage).goto(conversationId);
    await expect(new ChatPage(strangerPage).notFound).toBeVisible();
    await expect(strangerPage.getByText("What was Apple's revenue in fiscal 2023?")).toHaveCount(0);
    expect((await strangerPage.request.get(`/api/conversations/${conversationId}`)).status()).toBe(404);
    const list = (await (await strangerPage.request.get("/api/conversations")).json()) as { id: string }[];
    expect(list.map((c) => c.id)).not.toContain(conversationId);
    // Nor the review workspace: an investor is sent home.
    await strangerPage.goto("/review");
    await expect(strangerPage).toHaveURL(/\/$/);

    await Promise.all([advisorContext.close(), investorContext.close(), strangerContext.close()]);
  });

  test("pages send visitors without a session to sign-in; the API answers 401", async ({ page }) => {
    for (const path of ["/", "/review", `/chat/${randomUUID()}`, "/data", "/account"]) {
      await page.goto(path);
      await expect(page).toHaveURL(
        new RegExp(`/sign-in\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      );
      await expect(page.getByTestId("sign-in-form")).toBeVisible();
    }
    expect((await page.request.get("/api/conversations")).status()).toBe(401);
    const chat = await page.request.post("/api/chat", {
      data: {
        conversationId: randomUUID(),
        message: { id: "m", role: "user", parts: [{ type: "text", text: "Apple revenue" }] },
      },
    });
    expect(chat.status()).toBe(401);
  });

  test("brute-forced sign-in is locked out with 429 and Retry-After, even for the right password", async ({
    page,
    baseURL,
  }) => {
    const email = `target-${unique()}@example.com`;
    const password = "the-right-password-1";
    await new AuthPage(page).signUp({ name: "Target", email, password, role: "investor" });
    const attacker = await page.context().browser()!.newContext();
    const attempt = (guess: string) =>
      attacker.request.post(`${baseURL}/api/auth/sign-in/email`, {
        data: { email, password: guess },
        headers: { origin: baseURL! },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(`guess-${i}-wrong`)).status());
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await attempt(password);
    expect(right.status()).toBe(429);
    expect(Number(right.headers()["retry-after"])).toBeGreaterThan(0);
    await attacker.close();

    // The UI says so too.
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await page.getByTestId("email-input").fill(email);
    await page.getByTestId("password-input").fill(password);
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("auth-error")).toContainText("Too many failed sign-ins");
  });
});
