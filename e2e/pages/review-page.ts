import type { Locator, Page } from "@playwright/test";

/** The advisor's review queue and one item of it. */
export class ReviewPage {
  readonly queueItems: Locator;
  readonly question: Locator;
  readonly status: Locator;
  readonly originalAnswer: Locator;
  readonly annotationText: Locator;
  readonly annotateButton: Locator;
  readonly annotations: Locator;
  readonly flagReason: Locator;
  readonly flagButton: Locator;
  readonly replyText: Locator;
  readonly replyButton: Locator;
  readonly replies: Locator;
  readonly auditEntries: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.queueItems = page.getByTestId("queue-item");
    this.question = page.getByTestId("review-question");
    this.status = page.getByTestId("review-status");
    this.originalAnswer = page.getByTestId("original-answer");
    this.annotationText = page.getByTestId("annotation-text");
    this.annotateButton = page.getByTestId("annotate");
    this.annotations = page.getByTestId("annotation");
    this.flagReason = page.getByTestId("flag-reason");
    this.flagButton = page.getByTestId("flag");
    this.replyText = page.getByTestId("reply-text");
    this.replyButton = page.getByTestId("reply-submit");
    this.replies = page.getByTestId("reply");
    this.auditEntries = page.getByTestId("audit-entry");
    this.error = page.getByTestId("review-error");
  }

  async gotoQueue(): Promise<void> {
    await this.page.goto("/review");
  }
}
