// Why did the stock move (issue 16, item 2), in a real browser: the move over the window against the
// other covered stocks, the largest days with their dates, each paired with what was published then,
// and the price chart with the mover days and the news days marked.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("stock moves", () => {
  test("Why did Microsoft jump in late January 2024? shows the move, the market, the days and the chart", async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Why did Microsoft jump in late January 2024?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText(/Microsoft \(MSFT\) (rose|fell) \d+\.\d% over late January 2024/);
    await expect(answer.text).toContainText(/The other \d+ covered stocks averaged [+−]\d+\.\d% over the same days/);
    await expect(answer.text).toContainText("Largest daily moves");
    await expect(answer.text).toContainText("What was published on each of those days");
    await expect(answer.text).not.toContainText("could not find a metric");
    await expect(answer.moveChart).toBeVisible();
    await expect(answer.moveChart).toContainText("adjusted close, Jan 19, 2024 to Jan 31, 2024");
    // One dot per mover day on the line.
    await expect(answer.moveChart.locator(".recharts-reference-dot")).toHaveCount(3);
    await answer.moveChart.screenshot({ path: "/tmp/moves-shots/move-chart.png" });
    expect(consoleErrors).toEqual([]);
  });

  test("How did the market react to Netflix's Q4 2023 results? reads the weeks after the quarter", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("How did the market react to Netflix's Q4 2023 results?");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText(
      /Netflix \(NFLX\) (rose|fell) \d+\.\d% over the 45 days after Q4 2023 ended/,
    );
    await expect(answer.moveChart).toBeVisible();
  });
});
