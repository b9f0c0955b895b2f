// Security headers on pages, and a Content-Security-Policy the app lives with: every page, a streamed
// answer with its recharts chart, and client-side navigation run without a single CSP violation.
import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "./console-errors";
import { DEMO_INVESTOR, DEMO_PASSWORD } from "./fixtures";
import { ChatPage } from "./pages/chat-page";

/** Records every CSP violation the page reports (the init script runs before any page script). */
async function recordCspViolations(page: import("@playwright/test").Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test.describe("security headers", () => {
  test("pages carry CSP, frame, sniffing and referrer headers; the API is not framed or sniffed either", async ({
    request,
  }) => {
    for (const path of ["/sign-in", "/sign-up"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      // The nonce is new on every response, and the page's own scripts carry it.
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
    const [first, second] = await Promise.all([request.get("/sign-in"), request.get("/sign-in")]);
    expect(first.headers()["content-security-policy"]).not.toBe(second.headers()["content-security-policy"]);

    const health = await request.get("/api/health");
    expect(health.headers()["x-content-type-options"]).toBe("nosniff");
    expect(health.headers()["x-frame-options"]).toBe("DENY");
  });

  test("signing in, the chat with a streamed answer and its chart, and the data page run without a CSP violation", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const consoleErrors = collectConsoleErrors(page);
    const violations = await recordCspViolations(page);

    await page.goto("/sign-in");
    await page.getByTestId("email-input").fill(DEMO_INVESTOR.email);
    await page.getByTestId("password-input").fill(DEMO_PASSWORD);
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("account-menu")).toBeVisible();

    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Compare Apple and Nvidia net income over the last 8 quarters");
    const answer = await chat.waitForAnswer();
    await expect(answer.charts.first()).toBeVisible();
    await expect(answer.chartLegendItems).toHaveCount(2);
    expect(await violations()).toEqual([]);

    // Client-side navigation to the data page, then a full load of it.
    await page.getByTestId("nav-data").click();
    await expect(page).toHaveURL(/\/data$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
