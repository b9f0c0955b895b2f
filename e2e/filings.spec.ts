// Filings in the answer, in a real browser, on the real filings the e2e setup stored (Nike's FY2023
// 10-K and PepsiCo's 8-K of 2023-05-05, e2e/load-documents.ts): a risk question shows filing cards
// whose passage and page are those of the stored filing (read back through readFilingPage), an 8-K
// question by its date finds that 8-K, and clicking a citation [F1] brings its card. Skipped without
// the data folder.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { type DocumentsManifest, storedDocuments } from "./documents-manifest";
import { ChatPage } from "./pages/chat-page";

const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

test.describe("filings", () => {
  // Read when the tests run: the setup writes it after Playwright has collected the specs.
  let stored: DocumentsManifest;
  test.beforeAll(() => {
    const manifest = storedDocuments();
    test.skip(manifest === null, "needs the data folder (../shared/data or FINGROUND_DATA_DIR)");
    stored = manifest!;
  });

  /** The stored chunk a card shows, its filing, and the page text readFilingPage returned for it. */
  function storedPassage(chunkId: string) {
    const chunk = stored.filingChunks.find((c) => c.id === chunkId);
    expect(chunk, `card chunk ${chunkId} is a stored chunk`).toBeDefined();
    const filing = stored.filings.find((f) => f.id === chunk!.filingId)!;
    return { chunk: chunk!, filing, page: filing.pages[chunk!.pageIndex]! };
  }

  test("a risk question shows cards whose passage and page match the stored 10-K", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What risk factors does Nike describe in its fiscal 2023 10-K?");
    const answer = await chat.waitForAnswer();
    await expect(answer.requestPanel).toContainText("Item 1A");
    await expect(answer.requestPanel.getByTestId("request-router")).toHaveText("routed by the rules");
    // The document the question names, as the agent read it (the search keeps to it).
    await expect(answer.requestPanel.getByTestId("request-document")).toHaveText("the FY2023 10-K");

    await expect(answer.filingCards.first()).toBeVisible();
    const count = await answer.filingCards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const shown = await answer.filingCardContent(answer.filingCards.nth(i));
      const { chunk, filing, page: pageText } = storedPassage(shown.chunkId);
      expect([filing.ticker, filing.form, filing.fiscalYear]).toEqual(["NKE", "10-K", 2023]);
      expect(shown.page).toBe(chunk.pageIndex + 1);
      expect(shown.text).toBe(chunk.text);
      // The passage is that page's text at the chunk's offsets (whitespace as extracted; a chunk may
      // open with the overlap of the one before it), with "…" where it starts or stops inside a sentence.
      const onPage = normalized(pageText.slice(chunk.charStart, chunk.charEnd));
      expect(onPage.length).toBeGreaterThan(0);
      expect(normalized(shown.text.replace(/^… /, "").replace(/ …$/, "")).endsWith(onPage)).toBe(true);
      const source = answer.filingCards.nth(i).getByTestId("filing-card-source");
      await expect(source).toContainText(`page ${shown.page}`);
      await expect(source).toContainText("1A");
    }
    // The analyst quotes the passages as filed: each sentence a card marks is quoted in the answer.
    const answerText = normalized((await answer.text.textContent()) ?? "");
    const marks = await answer.root.getByTestId("filing-card-highlight").allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(answerText).toContain(`"${normalized(mark)}"`);
    expect(consoleErrors).toEqual([]);
  });

  test("an 8-K question by its date finds that 8-K", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What did PepsiCo's 8-K on 2023-05-05 say?");
    const answer = await chat.waitForAnswer();
    await expect(answer.filingCards.first()).toBeVisible();
    const count = await answer.filingCards.count();
    for (let i = 0; i < count; i++) {
      const shown = await answer.filingCardContent(answer.filingCards.nth(i));
      const { chunk, filing } = storedPassage(shown.chunkId);
      expect([filing.ticker, filing.form, filing.filedDate]).toEqual(["PEP", "8-K", "2023-05-05"]);
      expect(shown.filed).toBe("2023-05-05");
      expect(shown.text).toBe(chunk.text);
    }
  });

  test("clicking a citation [F1] brings its card", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What risk factors does Nike describe in its fiscal 2023 10-K?");
    const answer = await chat.waitForAnswer();
    const citation = answer.filingCitations.first();
    await expect(citation).toBeVisible();
    const label = (await citation.getAttribute("data-cite-label"))!;
    const card = answer.filingCard(label);
    await citation.click();
    await expect(card).toHaveAttribute("data-active", "true");
    await expect(card).toBeInViewport();
    // An active card shows its whole passage.
    await expect(card.getByTestId("filing-card-text")).not.toHaveClass(/line-clamp/);
  });
});
