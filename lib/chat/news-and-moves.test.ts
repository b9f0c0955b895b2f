// News questions and stock-move questions through the whole pipeline with the built-in analyst, on real
// databases: the seed, the test articles with a few of our own for Microsoft in January 2024, and the
// filing alerts generated from the seed's filings (so alerts could crowd the articles out).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUIMessageStream, readUIMessageStream } from "ai";
import { describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { readConfig } from "@/lib/core/config";
import { silentProgress } from "@/lib/core/progress";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import type { Database } from "@/lib/db/client";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import { runIngest } from "@/lib/ingest/run";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";
import { writeTestArticles } from "@/test/news-articles";
import { answerQuestion } from "./answer-question";

const embedder = useLiteEmbedder();

const MICROSOFT_ARTICLES = [
  {
    url: "https://news.example/m1",
    title: "Microsoft tops $3 trillion market value on AI optimism",
    text: "Microsoft shares rose as investors bet on its Copilot assistant. Analysts raised targets.",
    date: "2024-01-24T15:00:00Z",
    ticker: "MSFT",
  },
  {
    url: "https://news.example/m2",
    title: "Microsoft quarterly revenue beats estimates on cloud growth",
    text: "Microsoft reported fiscal second-quarter revenue above expectations, driven by Azure.",
    date: "2024-01-30T21:10:00Z",
    ticker: "MSFT",
  },
];

async function addNewsAndAlerts(db: Database): Promise<void> {
  const file = writeTestArticles(mkdtempSync(path.join(tmpdir(), "fg-moves-")), MICROSOFT_ARTICLES);
  await runIngest(db, "news", [file], silentProgress, { embedder });
  await runIngest(db, "filing-alerts", [], silentProgress, { embedder });
}

describe.each(testBackends())("news and move questions on $name", (backend) => {
  const { prisma } = sliceDatabase(backend, addNewsAndAlerts);

  async function ask(question: string) {
    let message: FinGroundUIMessage | undefined;
    const stream = createUIMessageStream<FinGroundUIMessage>({
      execute: async ({ writer }) => {
        await answerQuestion({
          prisma: prisma(),
          agent: rulesAgent,
          question,
          today: "2026-11-30",
          llm: null,
          writer,
          news: { config: newsConfigFromEnv(readConfig({})), embedder },
        });
      },
    });
    for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream })) message = m;
    const parts = message?.parts ?? [];
    return {
      text: parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join(""),
      hits: parts.find((p) => p.type === "data-news")?.data.hits ?? [],
      slice: parts.find((p) => p.type === "data-slice")?.data,
      prompt: parts.find((p) => p.type === "data-prompt")?.data,
    };
  }

  it("Any news about Apple's headset? answers with the articles, cited, alerts labelled and after them", async () => {
    const { text: markdown, hits } = await ask("Any news about Apple's headset?");
    // Article text is shown literally: Markdown characters escaped.
    const text = markdown.replace(/\\(.)/g, "$1");
    expect(text).not.toMatch(/could not find|metric/i);
    const vision = hits.findIndex((h) => h.url === "https://news.example/a2");
    expect(vision).toBeGreaterThanOrEqual(0);
    expect(text).toContain(`[N${vision + 1}] **Apple opens Vision Pro preorders**`);
    // Extractive: the item's own first sentence.
    expect(text).toContain("Apple began taking orders for its mixed reality headset ahead of the February launch.");
    // The answer says how old the newest item is (2024-01-19 to 2026-11-30).
    expect(text).toContain("the newest item is from Jan 19, 2024, 1046 days before today");
    const lines = text.split("\n").filter((l) => l.startsWith("- ["));
    const firstAlert = lines.findIndex((l) => l.includes("generated filing alert"));
    const lastArticle = lines.findLastIndex((l) => !l.includes("generated filing alert"));
    expect(lastArticle).toBeGreaterThanOrEqual(0);
    if (firstAlert >= 0) expect(firstAlert).toBeGreaterThan(lastArticle);
    // The Apple articles of the 90 days up to the newest one are found, though newer filing alerts
    // about Apple (to 2026) are held: alerts never push the articles out.
    expect(hits.filter((h) => h.kind === "article").map((h) => h.url)).toEqual([
      "https://news.example/a2",
      "https://news.example/a1",
    ]);
    expect(hits.filter((h) => h.kind === "filing_alert").length).toBeLessThanOrEqual(2);
  }, 60_000);

  it("What happened with Boeing in January 2024? is a news answer, even with no Boeing news held", async () => {
    const { text } = await ask("What happened with Boeing in January 2024?");
    expect(text).not.toMatch(/could not find a metric/i);
    expect(text).toMatch(/Boeing/);
  }, 60_000);

  it("Why did Microsoft jump in late January 2024? gives the move, the market, and news paired with mover days", async () => {
    const { text, slice, hits, prompt } = await ask("Why did Microsoft jump in late January 2024?");
    const move = slice?.move;
    // An LLM's prompt carries the same exact figures.
    expect(prompt?.prompt).toContain(`Price move: MSFT (Microsoft Corporation), late January 2024`);
    expect(prompt?.prompt).toContain(`return ${move?.change}`);
    expect(prompt?.system).toContain("The Price move block");
    expect(move?.window).toMatchObject({ from: "2024-01-21", to: "2024-01-31" });
    expect(text).toMatch(/^\*\*Microsoft \(MSFT\) (rose|fell) \d+\.\d%\*\* over late January 2024/);
    expect(text).toMatch(/The other \d+ covered stocks averaged [+−]\d+\.\d% over the same days/);
    expect(text).toContain("Largest daily moves");
    expect(text).toContain("What was published on each of those days");
    // The news held in the window is found and cited.
    const beat = hits.findIndex((h) => h.url === "https://news.example/m2");
    expect(beat).toBeGreaterThanOrEqual(0);
    expect(hits.every((h) => h.publishedAt.slice(0, 10) >= "2024-01-18")).toBe(true);
  }, 60_000);
});
