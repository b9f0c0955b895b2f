import type { Locator, Page } from "@playwright/test";

export class HomePage {
  readonly heading: Locator;
  readonly exampleQuestions: Locator;
  readonly dataLink: Locator;
  readonly navData: Locator;
  readonly navHome: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.exampleQuestions = page.getByTestId("example-questions").getByRole("listitem");
    this.dataLink = page.getByTestId("home-data-link");
    this.navData = page.getByTestId("nav-data");
    this.navHome = page.getByTestId("nav-home");
  }

  async goto(): Promise<void> {
    await this.page.goto("/");
  }
}
