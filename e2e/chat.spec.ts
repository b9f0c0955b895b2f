// The product's core loop in a real browser: a question streams a grounded answer with the request,
// charts and the exact data beside it; conversations persist; bad input is refused clearly.
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("chat", () => {
  test("answers Apple's fiscal 2023 revenue with the exact filed figure, its chart, table and request", async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What was Apple's revenue in fiscal 2023?");
    const answer = await chat.waitForAnswer();

    await expect(answer.text).toContainText("$383.3 billion");
    await expect(answer.text).toContainText("FY2023");
    await expect(answer.notice).toHaveCount(0);

    await expect(answer.requestPanel).toContainText("AAPL");
    await expect(answer.requestPanel).toContainText("Revenue");
    await expect(answer.requestPanel).toContainText("fiscal 2023");
    await answer.promptToggle.click();
    await expect(answer.promptText).toContainText("Financial Data:");
    await expect(answer.promptText).toContainText("Financial Query: What was Apple's revenue in fiscal 2023?");

    await expect(answer.charts.first()).toBeVisible();
    await expect(answer.dataRows).toHaveCount(1);
    const value = answer.dataValues.first();
    await expect(value).toHaveAttribute("data-exact-value", "383285000000");
    await answer.exactValuesToggle.check();
    await expect(value).toContainText("383,285,000,000");
    await expect(answer.dataRows.first()).toContainText("0000320193-23-000106");

    const download = page.waitForEvent("download");
    await answer.downloadButton.click();
    const csv = readFileSync((await (await download).path())!, "utf8");
    expect(csv).toContain("383285000000");
    expect(consoleErrors).toEqual([]);
  });

  test("computes Apple's fiscal 2023 gross margin and shows the formula and the filed inputs", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What was Apple's gross margin in fiscal 2023?");
    const answer = await chat.waitForAnswer();

    // 169,148 / 383,285 = 44.13%
    await expect(answer.text).toContainText("44.1%");
    await expect(answer.dataRows).toHaveCount(1);
    await expect(answer.derivations.first()).toContainText("computed: gross_profit / revenue");
    await answer.derivations.first().locator("summary").click();
    await expect(answer.derivationInputs).toHaveCount(2);
    await expect(answer.derivationInputs.nth(0)).toContainText("Gross Profit FY2023: 169148000000");
    await expect(answer.derivationInputs.nth(1)).toContainText("Revenue FY2023: 383285000000");
    await expect(answer.derivationInputs.nth(1)).toContainText("10-K");
  });

  test("compares Apple and Nvidia net income over the last 8 quarters as two series", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Compare Apple and Nvidia net income over the last 8 quarters");
    const answer = await chat.waitForAnswer();
    await expect(answer.chartLegendItems).toHaveCount(2);
    await expect(answer.chartLegendItems.nth(0)).toContainText("AAPL");
    await expect(answer.chartLegendItems.nth(1)).toContainText("NVDA");
    await expect(answer.text).toContainText("Apple");
    await expect(answer.text).toContainText("NVIDIA");
    expect(await answer.dataRows.count()).toBeGreaterThanOrEqual(8);
  });

  test("keeps the conversation across a reload and lists it in the history", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What is Nvidia's latest diluted EPS?");
    await chat.waitForAnswer();
    await expect.poll(() => chat.conversationIdFromUrl()).not.toBeNull();
    const id = chat.conversationIdFromUrl()!;
    const answerText = await chat.lastAnswer().text.textContent();

    await page.reload();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.userMessages.first()).toContainText("What is Nvidia's latest diluted EPS?");
    await expect(chat.lastAnswer().text).toHaveText(answerText!);
    await expect(chat.lastAnswer().requestPanel).toContainText("NVDA");
    await expect(chat.lastAnswer().dataTable).toBeVisible();
    await expect(chat.currentHistoryItem).toHaveAttribute("href", `/chat/${id}`);
  });

  test("refuses an over-long question and says what it understood of an unknown one", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await expect(chat.sendButton).toBeDisabled();
    await chat.input.fill("x".repeat(2001));
    await expect(chat.inputError).toContainText("Questions are limited to 2,000 characters.");
    await expect(chat.sendButton).toBeDisabled();

    await chat.ask("What was Zorblax Corp's revenue in 2023?");
    const answer = await chat.waitForAnswer();
    await expect(answer.requestPanel).toContainText("Revenue");
    await expect(answer.text).toContainText("Zorblax");
  });

  test("the answer page of an unknown conversation says so", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto("00000000-0000-4000-8000-000000000000");
    await expect(chat.notFound).toBeVisible();
  });
});
