// Specs written before accounts existed run as the demo investor: every test's browser context signs
// in through the real sign-in endpoint first (the servers run with FINGROUND_DEMO_ACCOUNTS=1).
import { expect, test as base, type APIRequestContext } from "@playwright/test";

export const DEMO_PASSWORD = "finground-demo";
export const DEMO_INVESTOR = { email: "investor@demo.finground", name: "Ivan Investor" };
export const DEMO_INVESTOR_2 = { email: "investor2@demo.finground", name: "Iris Investor" };
export const DEMO_ADVISOR = { email: "advisor@demo.finground", name: "Ada Advisor" };

/** Signs `request`'s context (and so its pages) in with email and password. */
async function signInThroughApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const response = await request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that yields nothing as void
export const test = base.extend<{ signedIn: void }>({
  signedIn: [
    async ({ page, baseURL }, use) => {
      await signInThroughApi(page.request, baseURL!, DEMO_INVESTOR.email);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
