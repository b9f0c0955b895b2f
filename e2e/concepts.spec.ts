// Concept questions without a company, in a real browser: "What's a healthy current ratio?" gets the
// catalog's definition and formula grounded in how the companies held spread on it (median, middle
// half, by sector), never "could not find a company".
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("concept questions", () => {
  test("answers a healthy current ratio with its definition and the companies' spread", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What's a healthy current ratio?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText("Current assets divided by current liabilities");
    await expect(answer.text).toContainText("current_assets / current_liabilities");
    // Seed: the latest current ratio of the 9 companies that file both lines; median 1.07 (AAPL… ).
    await expect(answer.text).toContainText("Across the 9 companies held with a value");
    await expect(answer.text).toContainText("median 1.07");
    await expect(answer.text).toContainText("By sector");
    await expect(answer.text).not.toContainText("could not find a company");
    expect(consoleErrors).toEqual([]);
  });

  test("explains free cash flow with its formula and spread", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What does free cash flow mean?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText("operating_cash_flow - capex");
    await expect(answer.text).toContainText("Across the 22 companies held with a value");
    await expect(answer.text).toContainText("median $15.3 billion");
  });
});
