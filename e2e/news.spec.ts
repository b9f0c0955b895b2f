// News in the answer, in a real browser: a question about Apple around January 2024 shows cited news
// cards whose links and dates are those of the stored articles (the data folder's Nasdaq articles
// when present, and the filing alerts generated from the committed seed), citations highlight their
// cards, and article text is rendered as text even when it carries an XSS payload.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { formatDate } from "@/lib/format/periods";
import { parseNewsDate } from "@/lib/ingest/sources/news-dates";
import { collectConsoleErrors } from "./console-errors";
import { ChatPage } from "./pages/chat-page";

const dataDir = process.env.FINGROUND_DATA_DIR ?? path.resolve("../shared/data");
const fnspidFile = path.join(dataDir, "news_fnspid/aapl_nasdaq_news_2023_2024.jsonl");

/** What the start path stored from the data folder: URL → publication instant, read with the project's parser. */
function storedArticles(): Map<string, string> {
  if (!existsSync(fnspidFile)) return new Map();
  const rows = readFileSync(fnspidFile, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { url: string; date: string; date_raw: string });
  return new Map(rows.map((r) => [new URL(r.url).toString(), (parseNewsDate(r.date_raw) ?? parseNewsDate(r.date))!]));
}

/** Apple's 10-K/10-Q filings in the committed seed: EDGAR index URL → filing date. */
function appleFilings(): Map<string, string> {
  const csv = gunzipSync(readFileSync("prisma/seed/metric_facts.csv.gz")).toString("utf8").split("\n");
  const header = csv[0]!.split(",");
  const col = (name: string) => header.indexOf(name);
  const filings = new Map<string, string>();
  for (const line of csv.slice(1)) {
    const f = line.split(",");
    if (f[col("ticker")] !== "AAPL" || !["10-K", "10-Q"].includes(f[col("form")]!)) continue;
    const accession = f[col("accession")]!;
    filings.set(
      `https://www.sec.gov/Archives/edgar/data/320193/${accession.replace(/-/g, "")}/${accession}-index.htm`,
      f[col("filed_at")]!,
    );
  }
  return filings;
}

test.describe("news", () => {
  test("a question about Apple around January 2024 shows cited cards that match the stored articles", async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("What was the news on Apple around January 2024?");
    const answer = await chat.waitForAnswer();

    const cards = answer.newsCards;
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const articles = storedArticles();
    const filings = appleFilings();
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      const href = await card.getByTestId("news-card-link").getAttribute("href");
      const datetime = await card.getByTestId("news-card-date").getAttribute("datetime");
      expect(href).not.toBeNull();
      expect(datetime).not.toBeNull();
      if (filings.has(href!)) {
        expect(datetime!.slice(0, 10)).toBe(filings.get(href!));
        await expect(card).toContainText("generated from SEC data");
      } else {
        expect(articles.get(href!), `card link ${href} is a stored article`).toBe(datetime);
      }
      await expect(card.getByTestId("news-card-date")).toHaveText(formatDate(datetime!.slice(0, 10)));
      // "Around January 2024": the filter's two-week margin either side.
      expect(datetime! >= "2023-12-18" && datetime! < "2024-02-15").toBe(true);
    }
    // Every card is cited in the text, and a citation highlights its card.
    await expect(answer.newsCitations.first()).toBeVisible();
    const label = await answer.newsCitations.first().getAttribute("data-news-label");
    await answer.newsCitations.first().hover();
    await expect(answer.root.locator(`[data-testid="news-card"][data-news-label="${label}"]`)).toHaveAttribute(
      "data-active",
      "true",
    );
    await answer.promptToggle.click();
    await expect(answer.promptText).toContainText("[N1]");
    await expect(answer.promptText).toContainText("<<<NEWS_DATA");
    expect(consoleErrors).toEqual([]);
  });

  test("renders article text escaped: an XSS payload in a title and snippet stays text", async ({ page }) => {
    const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    // The server's answer stream, crafted at the network edge so the payload reaches the browser as a
    // stored article would.
    await page.route("**/api/chat", async (route) => {
      const news = {
        hits: [
          {
            id: "1",
            kind: "article",
            source: `evil.example ${payload}`,
            url: "javascript:alert(1)",
            title: `Title ${payload}`,
            snippet: `Snippet ${payload}`,
            publishedAt: "2024-01-08T14:00:00.000Z",
            tickers: ["AAPL"],
            score: 1,
            similarity: 1,
            keywordScore: 1,
          },
        ],
        filters: { tickers: ["AAPL"], sectors: [], from: null, to: null },
        engine: "postgres",
        ms: 1,
      };
      const events = [
        { type: "start" },
        { type: "data-news", data: news },
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "See [N1] for the story." },
        { type: "text-end", id: "t" },
        { type: "finish" },
      ];
      await route.fulfill({
        status: 200,
        headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
        body: `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("")}data: [DONE]\n\n`,
      });
    });
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("Apple news");
    const answer = await chat.waitForAnswer();
    const card = answer.newsCards.first();
    await expect(card.getByTestId("news-card-title")).toHaveText(`Title ${payload}`);
    await expect(card.getByTestId("news-card-snippet")).toHaveText(`Snippet ${payload}`);
    // A javascript: URL is never a link.
    await expect(card.getByTestId("news-card-link")).toHaveCount(0);
    await expect(card.locator("img, script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
  });
});
