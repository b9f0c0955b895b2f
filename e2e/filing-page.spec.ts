// The filing page viewer (app/filings/[id]/pages/[page]): signed-in only, a 404 for an id, key or page
// that names no stored page; and /data's facts section (values by source, the extraction report).
// A stored page with its row highlighted is covered without a browser: the e2e servers ingest the
// data folder's filings only in the background, minutes after start.
import { test as signedOut } from "@playwright/test";
import { expect, test } from "./fixtures";

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
