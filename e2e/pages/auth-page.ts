import { expect, type Page } from "@playwright/test";

/** Sign-up, sign-in and the account page. */
export class AuthPage {
  constructor(readonly page: Page) {}

  async signUp(account: {
    name: string;
    email: string;
    password: string;
    role: "investor" | "advisor";
  }): Promise<void> {
    await this.page.goto("/sign-up");
    await this.page.getByTestId("name-input").fill(account.name);
    await this.page.getByTestId("email-input").fill(account.email);
    await this.page.getByTestId("password-input").fill(account.password);
    await this.page.getByTestId(`role-${account.role}`).check();
    await this.page.getByTestId("auth-submit").click();
    await expect(this.page.getByTestId("account-menu")).toContainText(account.name);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.goto("/sign-in");
    await this.page.getByTestId("email-input").fill(email);
    await this.page.getByTestId("password-input").fill(password);
    await this.page.getByTestId("auth-submit").click();
    await expect(this.page.getByTestId("account-menu")).toBeVisible();
  }

  async inviteCode(): Promise<string> {
    await this.page.goto("/account");
    return (await this.page.getByTestId("account-invite-code").textContent())!.trim();
  }

  async joinAdvisor(code: string): Promise<void> {
    await this.page.goto("/account");
    await this.page.getByTestId("invite-code-input").fill(code);
    await this.page.getByTestId("join-submit").click();
    await expect(this.page.getByTestId("account-result")).toContainText("is now your advisor");
  }
}
