import { expect, type Locator, type Page } from "@playwright/test";

export type ChatStatus = "ready" | "submitted" | "streaming" | "error";

/** Locators inside one assistant message. */
export class AnswerLocators {
  readonly text: Locator;
  readonly notice: Locator;
  /** A language model's text that broke off before the analyst's answer replaced it. */
  readonly brokenOff: Locator;
  readonly requestPanel: Locator;
  readonly promptToggle: Locator;
  readonly promptText: Locator;
  readonly charts: Locator;
  readonly chartLegendItems: Locator;
  readonly dataTable: Locator;
  readonly dataRows: Locator;
  readonly dataValues: Locator;
  readonly derivations: Locator;
  readonly derivationInputs: Locator;
  readonly exactValuesToggle: Locator;
  readonly downloadButton: Locator;
  readonly missing: Locator;
  readonly rankingUniverse: Locator;
  readonly rankingRows: Locator;
  readonly rankingValues: Locator;
  readonly rankingGaps: Locator;
  readonly newsCards: Locator;
  readonly newsCitations: Locator;
  /** The answer's two columns: the text, and the evidence beside it (wide screens) or below it. */
  readonly answerColumn: Locator;
  readonly evidenceColumn: Locator;
  readonly moveChart: Locator;
  readonly filingCards: Locator;
  readonly filingCitations: Locator;
  readonly transcriptCards: Locator;

  constructor(readonly root: Locator) {
    this.text = root.getByTestId("answer-text");
    this.notice = root.getByTestId("answer-notice");
    this.brokenOff = root.getByTestId("broken-off-answer");
    this.requestPanel = root.getByTestId("request-panel");
    this.promptToggle = this.requestPanel.getByText("Show the exact prompt");
    this.promptText = root.getByTestId("prompt-text");
    this.charts = root.getByTestId("answer-chart");
    this.chartLegendItems = root.getByTestId("chart-legend-item");
    this.dataTable = root.getByTestId("data-table");
    this.dataRows = root.getByTestId("data-row");
    this.dataValues = root.getByTestId("data-value");
    this.derivations = root.getByTestId("data-derivation");
    this.derivationInputs = root.getByTestId("data-derivation-input");
    this.exactValuesToggle = root.getByTestId("exact-values-toggle");
    this.downloadButton = root.getByTestId("download-csv");
    this.missing = root.getByTestId("missing-data");
    this.rankingUniverse = root.getByTestId("ranking-universe");
    this.rankingRows = root.getByTestId("ranking-row");
    this.rankingValues = root.getByTestId("ranking-value");
    this.rankingGaps = root.getByTestId("ranking-gaps");
    this.newsCards = root.getByTestId("news-card");
    this.newsCitations = root.getByTestId("news-citation");
    this.answerColumn = root.getByTestId("answer-column");
    this.evidenceColumn = root.getByTestId("evidence-column");
    this.moveChart = root.getByTestId("move-chart");
    this.filingCards = root.getByTestId("filing-card");
    this.filingCitations = root.getByTestId("filing-citation");
    this.transcriptCards = root.getByTestId("transcript-card");
  }

  /** The filing card a citation label ("F1") points at. */
  filingCard(label: string): Locator {
    return this.root.locator(`[data-testid="filing-card"][data-cite-label="${label}"]`);
  }

  /** What a filing card shows: its chunk, 1-based page, passage text and filed date. */
  async filingCardContent(
    card: Locator,
  ): Promise<{ chunkId: string; page: number; text: string; filed: string | null }> {
    const text = card.getByTestId("filing-card-text");
    const date = card.getByTestId("filing-card-date");
    return {
      chunkId: (await card.getAttribute("data-chunk-id")) ?? "",
      page: Number(await text.getAttribute("data-page")),
      text: (await text.textContent()) ?? "",
      filed: (await date.count()) > 0 ? await date.getAttribute("datetime") : null,
    };
  }
}

export class ChatPage {
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly charCounter: Locator;
  readonly inputError: Locator;
  readonly status: Locator;
  readonly exampleQuestions: Locator;
  readonly userMessages: Locator;
  readonly assistantMessages: Locator;
  /** Every entry of the conversation in order: questions and answers. */
  readonly messageItems: Locator;
  readonly pendingIndicator: Locator;
  readonly errorBanner: Locator;
  readonly retryButton: Locator;
  /** "No answer arrived for this question." with its Try again button. */
  readonly unanswered: Locator;
  readonly unansweredRetry: Locator;
  readonly historyItems: Locator;
  readonly currentHistoryItem: Locator;
  readonly newChatLink: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId("chat-input");
    this.sendButton = page.getByTestId("send-button");
    this.stopButton = page.getByTestId("stop-button");
    this.charCounter = page.getByTestId("char-counter");
    this.inputError = page.getByTestId("input-error");
    this.status = page.getByTestId("chat-status");
    this.exampleQuestions = page.getByTestId("example-question");
    this.userMessages = page.getByTestId("user-message");
    this.assistantMessages = page.getByTestId("assistant-message");
    this.messageItems = page.getByTestId("message-list").locator(":scope > li[data-message-id]");
    this.pendingIndicator = page.getByTestId("pending-answer");
    this.errorBanner = page.getByTestId("chat-error");
    this.retryButton = page.getByTestId("retry-button");
    this.unanswered = page.getByTestId("unanswered-question");
    this.unansweredRetry = page.getByTestId("unanswered-retry");
    this.historyItems = page.getByTestId("conversation-item");
    this.currentHistoryItem = page.locator('[data-testid="conversation-item"][aria-current="page"]');
    this.newChatLink = page.getByTestId("new-chat-link");
    this.notFound = page.getByTestId("conversation-not-found");
  }

  /** A new conversation (/), or a stored one (/chat/<id>). */
  async goto(conversationId?: string): Promise<void> {
    await this.page.goto(conversationId ? `/chat/${conversationId}` : "/");
    if (!conversationId) await expect(this.input).toBeVisible();
  }

  /** Types the question and sends it; returns once the question shows in the conversation. */
  async ask(question: string): Promise<void> {
    const questionsBefore = await this.userMessages.count();
    await this.input.fill(question);
    await this.sendButton.click();
    await expect(this.userMessages).toHaveCount(questionsBefore + 1);
  }

  async currentStatus(): Promise<ChatStatus> {
    return (await this.status.getAttribute("data-status")) as ChatStatus;
  }

  /** Waits until the chat is idle again and the last answer has text; fails fast on an error banner. */
  async waitForAnswer({ timeout = 60_000 }: { timeout?: number } = {}): Promise<AnswerLocators> {
    await expect
      .poll(
        async () => {
          const status = await this.currentStatus();
          if (status === "error") return "error";
          // Answered: idle, and the conversation ends with an answer rather than the question.
          const endsWithAnswer = (await this.messageItems.last().getByTestId("assistant-message").count()) > 0;
          return status === "ready" && endsWithAnswer ? "answered" : "waiting";
        },
        { timeout, message: "waiting for the answer to finish" },
      )
      .not.toBe("waiting");
    if ((await this.currentStatus()) === "error") {
      const message = await this.errorBanner.textContent().catch(() => null);
      throw new Error(`The chat reported an error instead of an answer: ${message ?? "(no banner text)"}`);
    }
    const answer = this.lastAnswer();
    await expect(answer.text).not.toBeEmpty({ timeout });
    return answer;
  }

  /** Locators of the last assistant message. */
  lastAnswer(): AnswerLocators {
    return new AnswerLocators(this.assistantMessages.last());
  }

  answer(index: number): AnswerLocators {
    return new AnswerLocators(this.assistantMessages.nth(index));
  }

  /** The conversation id in the URL (/chat/<id>), or null on a new chat that has no answer yet. */
  conversationIdFromUrl(): string | null {
    const match = new URL(this.page.url()).pathname.match(/^\/chat\/([^/]+)$/);
    return match?.[1] ?? null;
  }
}
