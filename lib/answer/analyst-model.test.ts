import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { writeAnalysis } from "./analysis";
import { createAnalystModel, wordGroups } from "./analyst-model";
import { appleRevenue, slice } from "@/test/slices";
import type { AnswerDocuments } from "@/lib/documents/answer-documents";
import type { NewsHit } from "@/lib/documents/news/types";

const s = slice("lookup", [appleRevenue()]);
const prompt = { instructions: "You are FinGround.", prompt: "What was Apple's revenue?" };

describe("createAnalystModel", () => {
  it("is a v4 language model of the finground provider", () => {
    const model = createAnalystModel(s);
    expect(model.specificationVersion).toBe("v4");
    expect(model.provider).toBe("finground");
    expect(model.modelId).toBe("analyst");
  });

  it("streams writeAnalysis through streamText, in several deltas", async () => {
    const result = streamText({ model: createAnalystModel(s), ...prompt });
    const deltas: string[] = [];
    for await (const part of result.stream) if (part.type === "text-delta") deltas.push(part.text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(writeAnalysis(s));
    expect(await result.text).toBe(writeAnalysis(s));
    expect(await result.finishReason).toBe("stop");
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  it("returns the whole answer from generateText", async () => {
    const result = await generateText({ model: createAnalystModel(s), ...prompt });
    expect(result.text).toBe(writeAnalysis(s));
    expect(result.finishReason).toBe("stop");
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("user stopped"));
    const result = streamText({ model: createAnalystModel(s), ...prompt, abortSignal: controller.signal });
    const types: string[] = [];
    for await (const part of result.stream) types.push(part.type);
    expect(types).not.toContain("text-delta");
  });
});

describe("wordGroups", () => {
  it("re-joins to the exact text, whitespace and newlines included", () => {
    const text = "  Apple's revenue was $391.0 billion.\n\n- FY2024: up 2.0%\n";
    expect(wordGroups(text, 3).join("")).toBe(text);
    expect(wordGroups("", 3)).toEqual([]);
    expect(wordGroups("one", 3)).toEqual(["one"]);
  });
});

describe("createAnalystModel with news still on its way", () => {
  const hits: NewsHit[] = [
    {
      id: "1",
      kind: "article",
      source: "news.example",
      url: "https://news.example/a1",
      title: "Apple iPhone sales slump in China",
      snippet: "Shipments fell.",
      publishedAt: "2024-01-08T14:00:00.000Z",
      tickers: ["AAPL"],
      score: 0.9,
      similarity: 0.8,
      keywordScore: 0.5,
    },
  ];

  it("streams the data part before the news arrives and ends with the same text as given news up front", async () => {
    let arrive!: (documents: AnswerDocuments) => void;
    const later = new Promise<AnswerDocuments>((resolve) => (arrive = resolve));
    const result = streamText({ model: createAnalystModel(s, later), ...prompt });
    let text = "";
    for await (const part of result.stream) {
      if (part.type !== "text-delta") continue;
      text += part.text;
      if (text === writeAnalysis(s)) arrive({ news: hits, filings: [], transcripts: [] }); // the whole data part is out before any news
    }
    const upFront = await generateText({
      model: createAnalystModel(s, { news: hits, filings: [], transcripts: [] }),
      ...prompt,
    });
    expect(text).toBe(upFront.text);
    expect(text).toContain("[N1]");
  });
});
