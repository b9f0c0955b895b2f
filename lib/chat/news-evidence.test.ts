// The news shown under a question is evidence, through the whole pipeline with the built-in analyst on real
// databases: the test articles and a few of our own, tagged "AAPL" by their ticker column as the data
// folder's datasets tag every article that mentions Apple anywhere. A promotional list ("3 top stocks to buy
// now") or an article about something else is never shown under an Apple question, and a fiscal period
// asked is read on Apple's fiscal calendar (Q1 FY2024: October to December 2023).
import { answeredParts } from "@/test/answer";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/core/progress";
import type { Database } from "@/lib/db/client";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { runIngest } from "@/lib/ingest/run";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";
import { writeTestArticles } from "@/test/news-articles";

const embedder = useLiteEmbedder();

const FILLER = "Traders weighed rate expectations and moved between sectors through the session. ".repeat(6);

const EVIDENCE_ARTICLES: Record<string, string>[] = [
  {
    url: "https://news.example/p1",
    title: "3 Top Stocks to Buy Now Before They Soar",
    text: "Apple (NASDAQ: AAPL), Nvidia and Costco have what it takes to beat the market, and here is why.",
    date: "2024-01-15T12:00:00Z",
    ticker: "AAPL",
  },
  {
    url: "https://news.example/p2",
    title: "Is Apple Stock a Buy Before Earnings?",
    text: "Apple shares are near a record. Should you buy before the report? Our analyst team picked 10 others.",
    date: "2024-01-20T12:00:00Z",
    ticker: "AAPL",
  },
  {
    url: "https://news.example/o1",
    title: "Bitcoin could double this year, one strategist says",
    text: `Crypto prices rose again as funds bought in. ${FILLER} Among large caps, shares of Apple were flat.`,
    date: "2024-01-16T12:00:00Z",
    ticker: "AAPL",
  },
  {
    // No title: read from the slug, in lower case.
    url: "https://news.example/articles/apples-iphone-shipments-rebound-in-india",
    text: "Shipments rose in India in the December quarter, a research firm said.",
    date: "2024-01-17T12:00:00Z",
    ticker: "AAPL",
  },
  {
    url: "https://news.example/q1",
    title: "Apple extends iPhone 15 discounts as holiday quarter begins",
    text: "Apple cut prices on some models in October to lift demand.",
    date: "2023-10-20T12:00:00Z",
    ticker: "AAPL",
  },
  {
    url: "https://news.example/q3",
    title: "Apple prepares its spring product event",
    text: "Apple will show new iPads in March.",
    date: "2024-03-20T12:00:00Z",
    ticker: "AAPL",
  },
];

async function addNews(db: Database): Promise<void> {
  const file = writeTestArticles(mkdtempSync(path.join(tmpdir(), "fg-evidence-")), EVIDENCE_ARTICLES);
  await runIngest(db, "news", [file], silentProgress, { embedder });
}

describe.each(testBackends())("news as evidence on $name", (backend) => {
  const { prisma } = sliceDatabase(backend, addNews);

  async function newsUrls(question: string): Promise<string[]> {
    const parts = await answeredParts({ prisma: prisma(), question, today: "2026-11-30", embedder });
    const hits = parts.find((p) => p.type === "data-news")?.data.hits ?? [];
    return hits.map((h) => h.url);
  }

  it("Should I buy Apple stock? shows no promotional list and no article about something else", async () => {
    const urls = await newsUrls("Should I buy Apple stock?");
    expect(urls).toEqual(
      expect.arrayContaining([
        "https://news.example/a1",
        "https://news.example/a2",
        "https://news.example/articles/apples-iphone-shipments-rebound-in-india",
      ]),
    );
    expect(urls).not.toContain("https://news.example/p1");
    expect(urls).not.toContain("https://news.example/p2");
    expect(urls).not.toContain("https://news.example/o1");
  }, 60_000);

  it("news about Apple's fiscal Q1 2024 is from October 2023 to its results, on Apple's calendar", async () => {
    const urls = await newsUrls("Any news about Apple in Q1 FY2024?");
    expect(urls).toContain("https://news.example/q1");
    expect(urls).toContain("https://news.example/a2");
    expect(urls).not.toContain("https://news.example/q3");
    expect(urls).not.toContain("https://news.example/a3");
  }, 60_000);
});
