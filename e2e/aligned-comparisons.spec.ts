// Comparisons across fiscal calendars in a real browser: Apple's year ends in September, NVIDIA's in
// January, so "Q1 FY2024" of one ends eight months before the other's. The answer compares each company's
// quarter ending nearest the same date and names both; the table shows each company's own period.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

test.describe("aligned comparisons", () => {
  test("compares Apple's Q1 FY2024 with NVIDIA's quarter ending nearest it, never NVIDIA's Q1 FY2024", async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Compare Apple and NVIDIA revenue in Q1 FY2024");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText(
      "each is read for its quarter ending nearest Apple's Q1 FY2024 (ended Dec 30, 2023): Apple Q1 FY2024 (ended Dec 30, 2023) and NVIDIA Q4 FY2024 (ended Jan 28, 2024)",
    );
    await expect(answer.text).toContainText(
      "In calendar Q4 2023, Apple's revenue ($119.6 billion in Q1 FY2024) was higher than NVIDIA's ($22.1 billion in Q4 FY2024)",
    );
    // The table: one row per company, each with its own period; NVIDIA's quarter ending 2023-04-30 is not read.
    await expect(answer.dataRows).toHaveCount(2);
    await expect(answer.dataRows.filter({ hasText: "NVIDIA" })).toContainText("Q4 FY2024");
    await expect(answer.dataTable).not.toContainText("$7.2 billion");
    // Every figure of the comparison traces to the data (the news quoted below it is checked on its own).
    const untraced = await answer.text.getByTestId("number-untraced").allTextContents();
    console.log(`untraced in the answer: ${JSON.stringify(untraced)}`);
    for (const figure of ["$119.6 billion", "$22.1 billion", "$97.5 billion", "441.0%", "Dec 30, 2023", "Jan 28, 2024"])
      expect(untraced).not.toContain(figure);
    expect(consoleErrors).toEqual([]);
  });

  test("compares a calendar quarter on each company's quarter ending nearest its end", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Apple vs NVIDIA revenue in Q3 2023");
    const answer = await chat.waitForAnswer();
    await expect(answer.text).toContainText(
      "quarter ending nearest calendar Q3 2023 (ended Sep 30, 2023): Apple Q4 FY2023 (ended Sep 30, 2023) and NVIDIA Q3 FY2024 (ended Oct 29, 2023)",
    );
    await expect(answer.dataRows.filter({ hasText: "NVIDIA" })).toContainText("Q3 FY2024");
  });
});
