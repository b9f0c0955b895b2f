// The built-in analyst writes the data part of its answer before the news search is done, and adds the
// news paragraph when news arrives: the final text and citations are those of an analyst given the
// news up front. On real databases with the seed and a few news articles, the real sentence encoder.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUIMessageStream, readUIMessageStream, type InferUIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { rulesAgent } from "@/lib/agent/rules-agent";
import { analystText } from "@/lib/answer/analyst-text";
import { sliceDatabase } from "@/test/data";
import type { Database } from "@/lib/db/client";
import { testBackends } from "@/test/db";
import { readConfig } from "@/lib/core/config";
import { silentProgress } from "@/lib/core/progress";
import { runIngest } from "@/lib/ingest/run";
import { newsConfigFromEnv } from "@/lib/documents/config";
import { useLiteEmbedder, type Embedder } from "@/lib/documents/embeddings";
import { writeTestArticles } from "@/test/news-articles";
import { answerQuestion } from "./answer-question";
import type { FinGroundUIMessage } from "@/lib/conversation/message";

const encoder = useLiteEmbedder();

async function addNews(db: Database): Promise<void> {
  await runIngest(
    db,
    "news",
    [writeTestArticles(mkdtempSync(path.join(tmpdir(), "fg-answer-news-")))],
    silentProgress,
    { embedder: encoder },
  );
}

describe.each(testBackends())("answering with news on $name", (backend) => {
  const { prisma } = sliceDatabase(backend, addNews);

  it("streams the data part first and the news paragraph when news arrives, with the same final text", async () => {
    // The question's embedding waits until the answer's first words are out: an answer that waited
    // for the news would never start.
    let firstWords!: () => void;
    const wordsOut = new Promise<void>((resolve) => (firstWords = resolve));
    // Its own model id per backend: the process remembers recent questions' vectors by model.
    const embedder: Embedder = {
      model: `${encoder.model}, gated on ${backend.name}`,
      embed: async (texts) => (await wordsOut, encoder.embed(texts)),
    };

    const stream = createUIMessageStream<FinGroundUIMessage>({
      execute: async ({ writer }) => {
        await answerQuestion({
          prisma: prisma(),
          agent: rulesAgent,
          question: "Apple revenue in 2024",
          today: "2026-11-30",
          llm: null,
          writer,
          news: { config: newsConfigFromEnv(readConfig({})), embedder },
        });
      },
    });
    const chunks: InferUIMessageChunk<FinGroundUIMessage>["type"][] = [];
    const [forOrder, forMessage] = stream.tee();
    const order = (async () => {
      const reader = forOrder.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks.push(read.value.type);
        if (read.value.type === "text-delta") firstWords();
      }
    })();
    let message: FinGroundUIMessage | undefined;
    for await (const m of readUIMessageStream<FinGroundUIMessage>({ stream: forMessage })) message = m;
    await order;

    expect(chunks.indexOf("text-delta")).toBeLessThan(chunks.indexOf("data-news"));
    const parts = message!.parts;
    const slice = parts.find((p) => p.type === "data-slice")!.data;
    const news = parts.find((p) => p.type === "data-news")!.data;
    const text = parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
    expect(news.hits.map((h) => h.url)).toContain("https://news.example/a1");
    expect(text).toContain("[N1]");
    // The same answer an analyst writes when it has the news from the start.
    expect(text).toBe(await analystText(slice, { news: news.hits, filings: [], transcripts: [] }));
    // The prompt written for the record lists the news too.
    expect(parts.find((p) => p.type === "data-prompt")!.data.prompt).toContain("[N1]");
  }, 30_000);
});
