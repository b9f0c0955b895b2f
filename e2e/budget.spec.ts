// Issue 12 in a real browser: a question too broad for its budget answers quickly, says what it left
// out and how to narrow it, and shows its thousands of daily values a page at a time.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("question budget", () => {
  test("answers the tech sector's decade of volatility within its budget and says what it cut", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Volatility of all tech sector companies from 2015 to 2025");
    const answer = await chat.waitForAnswer();

    const notice = page.getByTestId("truncated-notice");
    await expect(notice).toContainText("Only 8 companies are read per question");
    await expect(notice).toContainText("Left out: ORCL.");
    await expect(notice).toContainText("Daily values are limited to 315 trading days per series");
    await expect(answer.text).toContainText("Left out to keep the answer quick");

    // 8 × 315 values: 100 rows a page.
    await expect(answer.dataRows).toHaveCount(100);
    const range = page.getByTestId("data-table-range");
    await expect(range).toHaveText("Rows 1–100 of 2,520");
    await page.getByTestId("data-table-next").click();
    await expect(range).toHaveText("Rows 101–200 of 2,520");
    await expect(page.getByTestId("data-table-previous")).toBeEnabled();
    expect(consoleErrors).toEqual([]);
  });
});
