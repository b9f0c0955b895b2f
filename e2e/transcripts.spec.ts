// Earnings calls in the answer, in a real browser, on the full calls the e2e setup stored
// (e2e/load-documents.ts): a guidance question shows transcript cards naming the speaker, with the
// words quoted as the stored call has them, and the answer quotes them with their [T#]. Skipped
// without the data folder.
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./console-errors";
import { type DocumentsManifest, storedDocuments } from "./documents-manifest";
import { ChatPage } from "./pages/chat-page";

const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

test.describe("earnings calls", () => {
  // Read when the tests run: the setup writes it after Playwright has collected the specs.
  let stored: DocumentsManifest;
  test.beforeAll(() => {
    const manifest = storedDocuments();
    test.skip(manifest === null, "needs the data folder (../shared/data or FINGROUND_DATA_DIR)");
    stored = manifest!;
  });

  test("a guidance question shows transcript cards with the speaker and the quoted words", async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What guidance did Coca-Cola give on the earnings call?");
    const answer = await chat.waitForAnswer();
    // "earnings call" is the call, not net income: no figures are asked for.
    await expect(answer.requestPanel).toContainText("earnings-call transcripts");
    await expect(answer.dataTable).toHaveCount(0);

    const cards = answer.transcriptCards;
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const answerText = normalized((await answer.text.textContent()) ?? "");
    // It opens with what it quotes: the calls.
    expect(answerText).toMatch(/^This answer quotes Coca-Cola's earnings calls/);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const label = (await card.getAttribute("id"))!.replace(/^transcript-/, "");
      const speakerLine = (await card.getByTestId("transcript-card-speaker").textContent()) ?? "";
      const quote = ((await card.getByTestId("transcript-card-quote").textContent()) ?? "").replace(/^“|”$/g, "");
      const chunk = stored.transcriptChunks.find((c) => c.ticker === "KO" && c.text === quote);
      expect(chunk, `card ${label} quotes a stored Coca-Cola call chunk`).toBeDefined();
      expect(speakerLine.split(" · ")[0]).toBe(chunk!.speaker ?? "Management");
      await expect(card.getByTestId("transcript-card-source")).toContainText("(KO)");
      // The answer quotes the passage's words as said (for a guidance question, its guidance sentences),
      // then its citation and who said it.
      const quoted = answerText.match(new RegExp(`"([^"]+)" \\[${label}\\]`))?.[1];
      expect(quoted, `the answer quotes ${label}`).toBeDefined();
      // Sentences of the passage, the words between them visibly left out with "…" (issue 30.1).
      const passage = normalized(quote);
      let from = 0;
      for (const part of quoted!.split(" … ")) {
        const at = passage.indexOf(part, from);
        expect(at, `"${part}" is in the passage, after the part before it`).toBeGreaterThanOrEqual(0);
        from = at + part.length;
      }
      if (chunk!.speaker) expect(answerText).toContain(chunk!.speaker);
    }
    expect(consoleErrors).toEqual([]);
  });
});
