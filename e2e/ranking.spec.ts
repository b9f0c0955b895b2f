// Groups and rankings in a real browser: the built-in analyst's ranked answer and the ranking table
// beside it, with exact values, periods, the universe and who lacked data.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("rankings", () => {
  test("ranks all companies by fiscal 2023 revenue, with the universe stated", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Top 5 companies by revenue in fiscal 2023");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText("Walmart had the highest revenue in FY2023: $605.9 billion");
    await expect(answer.text).toContainText("20 of the 44 companies considered");
    // Seed, FY2023 revenue: WMT 605,881M, AMZN 574,785M, AAPL 383,285M, UNH 371,622M, GOOGL 307,394M.
    await expect(answer.rankingRows).toHaveCount(5);
    await expect(answer.rankingValues.nth(0)).toHaveAttribute("data-exact-value", "605881000000");
    await expect(answer.rankingValues.nth(4)).toHaveAttribute("data-exact-value", "307394000000");
    await expect(answer.rankingRows.nth(2)).toContainText("AAPL");
    await expect(answer.rankingRows.nth(2)).toContainText("FY2023");
    await expect(answer.rankingUniverse).toContainText("44 considered, 20 with data");
    await answer.rankingGaps.locator("summary").click();
    await expect(answer.rankingGaps).toContainText("no revenue for CVX");
    expect(consoleErrors).toEqual([]);
  });

  test("compares NVIDIA with its peers on net income, saying how the peers were chosen", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("How do Nvidia's peers compare on net income?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText("NVIDIA had the highest net income: $120.1 billion (FY2026)");
    await expect(answer.text).toContainText("peers are the companies of its sector, Information Technology");
    await expect(answer.rankingRows.first()).toContainText("peers of this company");
    await expect(answer.rankingRows.nth(1)).toContainText("AAPL");
  });
});
