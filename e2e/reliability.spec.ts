// A question left without an answer (stopped before anything arrived, or a server that stopped
// mid-answer) says so and offers to ask it again, which answers it in place.
import { expect, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

test("an unanswered question offers Try again, which answers it", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto();
  // Hold the first request in the browser so Stop lands before any byte of the answer.
  let holdRequest = true;
  await page.route("**/api/chat", async (route) => {
    if (holdRequest) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.abort().catch(() => undefined);
    } else {
      await route.continue();
    }
  });
  await chat.ask("What was Apple's revenue in fiscal 2023?");
  await chat.stopButton.click();
  await expect(chat.unanswered).toContainText("No answer arrived for this question.");
  holdRequest = false;
  await chat.unansweredRetry.click();
  const answer = await chat.waitForAnswer();
  await expect(answer.text).toContainText("$383.3 billion");
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.unanswered).toHaveCount(0);
});
