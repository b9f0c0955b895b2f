// The answer beside its evidence (issue 16, item 11): on a wide screen the text and the evidence (chart,
// cards, tables) are two columns, the evidence pinned while the page scrolls; on a narrow one they stack,
// the text first. Screenshots of both go to /tmp/moves-shots (not committed) for a look.
import { expect, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

const QUESTION = "Why did Microsoft jump in late January 2024?";

test.describe("answer layout", () => {
  test("wide: two columns, evidence pinned", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask(QUESTION);
    const answer = await chat.waitForAnswer();
    await expect(answer.moveChart).toBeVisible();
    const text = (await answer.answerColumn.boundingBox())!;
    const evidence = (await answer.evidenceColumn.boundingBox())!;
    expect(evidence.x).toBeGreaterThanOrEqual(text.x + text.width);
    expect(Math.abs(evidence.y - text.y)).toBeLessThan(4);
    await expect(answer.evidenceColumn).toHaveCSS("position", "sticky");
    await page.screenshot({ path: "/tmp/moves-shots/layout-wide.png", fullPage: true });
  });

  test("narrow: stacked, text first", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 1000 });
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask(QUESTION);
    const answer = await chat.waitForAnswer();
    await expect(answer.moveChart).toBeVisible();
    const text = (await answer.answerColumn.boundingBox())!;
    const evidence = (await answer.evidenceColumn.boundingBox())!;
    expect(evidence.y).toBeGreaterThanOrEqual(text.y + text.height);
    expect(Math.abs(evidence.x - text.x)).toBeLessThan(4);
    await expect(answer.evidenceColumn).toHaveCSS("position", "static");
    await page.screenshot({ path: "/tmp/moves-shots/layout-narrow.png", fullPage: true });
  });
});
