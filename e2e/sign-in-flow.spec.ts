// Signing in and up as a person does: from the page the visitor was sent to, by typing and clicking,
// without navigating anywhere by hand afterwards. The browser must land on the page it came for.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO_INVESTOR, DEMO_PASSWORD } from "./fixtures";

test.describe("sign-in and sign-up land on the page the visitor came for", () => {
  test("signing in from the redirect to /sign-in lands on the page asked for, signed in", async ({ page }) => {
    await page.goto("/data");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fdata$/);
    await page.getByTestId("email-input").fill(DEMO_INVESTOR.email);
    await page.getByTestId("password-input").fill(DEMO_PASSWORD);
    await page.getByTestId("auth-submit").click();
    await expect(page).toHaveURL(/\/data$/);
    await expect(page.getByTestId("account-menu")).toContainText(DEMO_INVESTOR.name);
  });

  test("signing up through the sign-in page's link lands on the chat, signed in", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/sign-up\?next=%2F$/);
    const name = `Nora ${randomUUID().slice(0, 8)}`;
    await page.getByTestId("name-input").fill(name);
    await page.getByTestId("email-input").fill(`nora-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByTestId("password-input").fill("a-long-password-1");
    await page.getByTestId("auth-submit").click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByTestId("account-menu")).toContainText(name);
    await expect(page.getByTestId("chat-input")).toBeVisible();
  });

  test("a next parameter that leaves the site lands on the home page instead", async ({ page, baseURL }) => {
    for (const next of ["//evil.example/", "/\\evil.example", "/\t/evil.example", "https://evil.example/"]) {
      await page.context().clearCookies();
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await page.getByTestId("email-input").fill(DEMO_INVESTOR.email);
      await page.getByTestId("password-input").fill(DEMO_PASSWORD);
      await page.getByTestId("auth-submit").click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByTestId("account-menu")).toBeVisible();
    }
  });

  test("the sign-in page names the demo accounts while they are enabled", async ({ page }) => {
    await page.goto("/sign-in");
    const demo = page.getByTestId("demo-accounts");
    await expect(demo).toContainText(DEMO_INVESTOR.email);
    await expect(demo).toContainText("advisor@demo.finground");
    await expect(demo).toContainText(DEMO_PASSWORD);
  });
});
