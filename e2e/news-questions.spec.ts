// News asked as the question (issue 16, item 1), in a real browser: the answer is the news itself,
// cited [N#] with the cards beside it, says how old the newest item is, labels generated filing alerts
// and lists them after the articles; never "could not find a metric".
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("news questions", () => {
  test("What's the latest news on Apple? lists the newest items held, cited, with their age", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What's the latest news on Apple?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText("The latest news held about Apple: the newest item is from");
    await expect(answer.text).toContainText(/\d+ days? before today/);
    await expect(answer.text).not.toContainText("could not find");
    await expect(answer.newsCitations.first()).toBeVisible();
    await expect(answer.newsCards.first()).toBeVisible();
    // Alerts, when shown, are labelled and come after every article.
    const items = await answer.text.locator("li").allInnerTexts();
    expect(items.length).toBeGreaterThan(0);
    const firstAlert = items.findIndex((t) => t.includes("generated filing alert"));
    if (firstAlert >= 0) expect(items.slice(firstAlert).every((t) => t.includes("generated filing alert"))).toBe(true);
    await page.screenshot({ path: "/tmp/moves-shots/news-latest.png", fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  test("What happened with Boeing in January 2024? is answered with news, not a metric", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What happened with Boeing in January 2024?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText(/News about Boeing around January 2024|No news about Boeing/);
    await expect(answer.text).not.toContainText("could not find a metric");
  });
});
