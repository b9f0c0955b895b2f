import { describe, expect, it } from "vitest";
import { writeAnalysis } from "./analysis";
import { analystDeltas, analystText, wordGroups } from "./analyst-text";
import { appleRevenue, slice } from "@/test/slices";
import type { AnswerDocuments } from "@/lib/documents/answer-documents";
import type { NewsHit } from "@/lib/documents/news/types";

const s = slice("lookup", [appleRevenue()]);

describe("analystDeltas", () => {
  it("streams writeAnalysis in several deltas", async () => {
    const deltas: string[] = [];
    for await (const delta of analystDeltas(s)) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(writeAnalysis(s));
    expect(await analystText(s)).toBe(writeAnalysis(s));
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

describe("analystDeltas with news still on its way", () => {
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
    let text = "";
    for await (const delta of analystDeltas(s, later)) {
      text += delta;
      if (text === writeAnalysis(s)) arrive({ news: hits, filings: [], transcripts: [] }); // the whole data part is out before any news
    }
    expect(text).toBe(await analystText(s, { news: hits, filings: [], transcripts: [] }));
    expect(text).toContain("[N1]");
  });
});
