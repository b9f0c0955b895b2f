// The filing page viewer (app/filings/[id]/pages/[page]): signed-in only, a 404 for an id, key or page
// that names no stored page; the page a chat answer's provenance link opens shows the stored page with
// the stored fact's row highlighted (Nike's FY2023 10-K, whose table facts e2e/load-documents.ts
// extracts; skipped without the data folder); and /data's facts section (values by source, the
// extraction report).
import { test as signedOut } from "@playwright/test";
import { storedDocuments } from "./documents-manifest";
import { expect, test } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

test("a chat answer's provenance link opens the stored page with the fact's row highlighted", async ({ page }) => {
  const stored = storedDocuments();
  test.skip(stored === null, "needs the data folder (../shared/data or FINGROUND_DATA_DIR)");
  const chat = new ChatPage(page);
  await chat.goto();
  // No catalog metric: the Data Module quotes the line from the 10-K's income statement table.
  await chat.ask("What was Nike's demand creation expense in fiscal 2023?");
  const answer = await chat.waitForAnswer();
  await expect(answer.text).toContainText("Demand creation expense");
  const link = answer.text.locator('a[href*="/pages/"]').first();
  const href = (await link.getAttribute("href")) ?? "";
  const place = /^\/filings\/(\d+)\/pages\/(\d+)\?line=(\d+)/.exec(href);
  expect(place, `provenance link ${href}`).not.toBeNull();
  const [filingId, pageNumber, line] = [place![1]!, Number(place![2]), Number(place![3])];
  const facts = stored!.filingFacts.filter(
    (f) => f.filingId === filingId && f.pageIndex === pageNumber - 1 && f.line === line,
  );
  expect(facts.length, "the link names a stored fact's page and line").toBeGreaterThan(0);
  expect(facts[0]!.label).toBe("Demand creation expense");
  const storedPage = stored!.filings.find((f) => f.id === filingId)!.pages[pageNumber - 1]!;

  // A user clicks it: the answer's links open in a new tab.
  const [viewer] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await expect(viewer.getByTestId("filing-page")).toContainText(`page ${pageNumber} of`);
  const shownLines = await viewer.getByTestId("filing-page").locator("pre > span").allTextContents();
  expect(shownLines.map((l) => (l === " " ? "" : l))).toEqual(storedPage.split("\n"));
  const highlighted = viewer.getByTestId("highlighted-line");
  await expect(highlighted).toHaveCount(1);
  const row = (await highlighted.textContent()) ?? "";
  expect(row).toBe(storedPage.split("\n")[line]);
  expect(row).toContain(facts[0]!.label);
  for (const fact of facts) expect(row.replaceAll(",", "")).toContain(fact.valueAsWritten!.replace("-", ""));
});

test.describe("filing page viewer", () => {
  test("answers 404 for a filing or page that does not exist", async ({ page }) => {
    for (const address of [
      "/filings/999999999/pages/1",
      "/filings/NO_SUCH_10K/pages/3?row=Revenue",
      "/filings/1/pages/0",
      "/filings/a%20b/pages/1",
    ]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
    }
  });

  test("/data lists the stored values by source and the extraction report", async ({ page }) => {
    await page.goto("/data");
    await expect(page.getByTestId("facts-by-source")).toBeVisible();
    await expect(page.getByTestId("facts-by-source")).toContainText("SEC");
    await expect(page.getByTestId("facts-extraction")).toContainText("tables");
  });
});

signedOut("the filing page viewer asks to sign in first", async ({ page }) => {
  await page.goto("/filings/1/pages/2?line=3");
  await expect(page).toHaveURL(/\/sign-in/);
});
