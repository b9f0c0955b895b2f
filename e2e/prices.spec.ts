// Price questions in a real browser: the built-in analyst answers the largest one-day fall with its
// date, what $10,000 invested between two dates is worth on adjusted closes, and "the last year" as
// the trailing 12 months up to the latest price held, with the daily chart beside the answer.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("price questions", () => {
  test("names Tesla's largest one-day fall of 2020 with its date", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What was Tesla's largest one-day fall in 2020?");
    const answer = await chat.waitForAnswer();
    // Seed, yfinance adjusted closes: 139.44 on 2020-09-04, 110.07 on 2020-09-08 (Labor Day between).
    await expect(answer.text).toContainText(
      "Tesla's largest one-day fall in the period: down 21.1% from $139.44 on Sep 4, 2020 to $110.07 on Sep 8, 2020",
    );
    await expect(answer.text).toContainText("Largest one-day rise: up 19.9%");
    await expect(answer.charts.first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("says what $10,000 in Apple became between two dates, on adjusted closes", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("If I had invested $10,000 in Apple on 2019-01-02, what would it be worth on 2024-01-02?");
    const answer = await chat.waitForAnswer();
    // 10,000 × 184.29 / 37.62 on the seed's adjusted closes (exact: 48,990.08…).
    await expect(answer.text).toContainText(
      "$10,000.00 invested in Apple at the close on Jan 2, 2019 would be worth $48,990.08 at the close on Jan 2, 2024",
    );
    await expect(answer.text).toContainText("adjusted closes: dividends reinvested and splits counted");
  });

  test("reads 'the last year' as the trailing 12 months up to the latest price held", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("How much has Nvidia gone up in the last year?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText("up 52.1% from $114.21 on Jul 24, 2024");
    await expect(answer.text).toContainText("Jul 24, 2025");
  });
});
