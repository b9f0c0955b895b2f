import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { HomePage } from "./pages/home-page";

test.describe("home", () => {
  test("loads, links to the data page and logs no errors", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const home = new HomePage(page);
    await home.goto();

    await expect(page).toHaveTitle(/FinGround/);
    await expect(home.heading).toBeVisible();
    expect(await home.exampleQuestions.count()).toBeGreaterThan(0);
    await expect(home.dataLink).toHaveAttribute("href", "/data");

    await home.navData.click();
    await expect(page).toHaveURL(/\/data$/);
    await expect(page.getByRole("heading", { level: 1, name: "Data" })).toBeVisible();

    await home.navHome.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(home.heading).toBeVisible();

    expect(consoleErrors).toEqual([]);
  });
});
