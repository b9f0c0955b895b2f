// The news answer and the move answer on hand-built inputs: order, labels, alerts, ages, and the
// market-wide / company-own reading of a day.
import { describe, expect, it } from "vitest";
import type { PriceMove } from "@/lib/data/price-move";
import type { NewsHit } from "@/lib/documents/news/types";
import { sliceRequest } from "@/test/data";
import { moveAnswer, moverNewsText } from "./move";
import { newsAnswer } from "./news-answer";

function hit(id: string, kind: NewsHit["kind"], publishedAt: string, title = `Title ${id}`): NewsHit {
  const snippet = `${title} is the first sentence of this item, long enough to count. A second one follows.`;
  return {
    id,
    kind,
    source: "news.example",
    url: `https://news.example/${id}`,
    title,
    snippet,
    publishedAt,
    tickers: ["AAPL"],
    score: 1,
    similarity: null,
    keywordScore: 0,
  };
}

const latest = sliceRequest(["AAPL"], [], { latest: true }, "2024-03-01", { intent: "news" });

describe("newsAnswer", () => {
  it("latest: newest articles first, then the alerts, each cited by its place in the hits, with the age", () => {
    const hits = [
      hit("alert", "filing_alert", "2024-02-20T00:00:00Z"),
      hit("old", "article", "2024-01-05T10:00:00Z"),
      hit("new", "article", "2024-02-10T10:00:00Z"),
    ];
    const lines = newsAnswer(latest, hits).split("\n");
    expect(lines[0]).toBe(
      "The latest news held about AAPL: the newest item is from Feb 20, 2024, 10 days before today (Mar 1, 2024). Newest first (2 articles and 1 generated filing alert of 3 found):",
    );
    expect(lines.slice(1).map((l) => /\[(N\d)\]/.exec(l)?.[1])).toEqual(["N3", "N2", "N1"]);
    expect(lines[3]).toContain("generated filing alert");
    // Extractive, shown literally (Markdown characters escaped): the first sentence only.
    expect(lines[1]).toContain(": Title new is the first sentence of this item, long enough to count\\.");
    expect(lines[1]).not.toContain("A second one follows");
  });

  it("nothing found says so, naming the company and the period", () => {
    const request = sliceRequest(["AAPL"], [], { expression: "January 2024" }, "2024-03-01", { intent: "news" });
    expect(newsAnswer(request, [])).toBe(
      "No news about AAPL around January 2024 is held. The news index may not cover this company or period; the Data page lists what is held.",
    );
  });
});

const move: PriceMove = {
  ticker: "MSFT",
  name: "Microsoft Corporation",
  currency: "USD",
  source: "yfinance",
  window: { from: "2024-01-22", to: "2024-01-24", basis: "late January 2024" },
  closes: [
    { date: "2024-01-19", close: "100" },
    { date: "2024-01-22", close: "110" },
    { date: "2024-01-23", close: "99" },
    { date: "2024-01-24", close: "99.99" },
  ],
  change: "-0.0001",
  market: { companies: 40, change: "0.004" },
  days: [],
  movers: [
    { date: "2024-01-22", change: "0.1", market: "0.08" },
    { date: "2024-01-23", change: "-0.1", market: "0.01" },
  ],
};

describe("moveAnswer", () => {
  it("states the return, the market, and tells a market-wide day from the company's own", () => {
    const text = moveAnswer(move, move.name);
    expect(text).toContain(
      "**Microsoft (MSFT) fell 0.0%** over late January 2024: from USD 100.00 at the close of Jan 19, 2024 to USD 99.99 on Jan 24, 2024",
    );
    expect(text).toContain("The other 40 covered stocks averaged +0.4% over the same days");
    expect(text).toContain("- Jan 22, 2024: +10.0% (other stocks +8.0%; market-wide: the other stocks moved alike)");
    expect(text).toContain(
      "- Jan 23, 2024: −10.0% (other stocks +1.0%; Microsoft's own move: the other stocks did not move alike)",
    );
  });

  it("pairs each mover day with the news of that day or the three before it", () => {
    const hits = [hit("a", "article", "2024-01-20T12:00:00Z"), hit("b", "article", "2024-01-23T12:00:00Z")];
    const text = moverNewsText(move, hits);
    const [, first, firstNews, second, secondNews] = text.split("\n");
    expect(first).toBe("- Jan 22, 2024 (+10.0%):");
    expect(firstNews).toContain("[N1]");
    expect(second).toBe("- Jan 23, 2024 (−10.0%):");
    expect(secondNews).toContain("[N1]");
    expect(text).toContain("[N2]");
  });

  it("no prices: says the move cannot be measured", () => {
    expect(moveAnswer(null, "Microsoft Corporation")).toMatch(/^No daily prices are held for Microsoft/);
  });
});

describe("news excerpts", () => {
  it("quote the item's first whole sentence, never cut at an abbreviation or inside a number", () => {
    const item = {
      ...hit("n1", "article", "2024-02-10T10:00:00Z"),
      snippet:
        "Apple Inc. said on Thursday that its iPhone sales in the U.S. rose 4.5% to $1.2 billion, beating estimates. Shares rose.",
    };
    const line = newsAnswer(latest, [item]).split("\n")[1]!;
    expect(line).toContain(
      ": Apple Inc\\. said on Thursday that its iPhone sales in the U\\.S\\. rose 4\\.5% to $1\\.2 billion, beating estimates\\.",
    );
    expect(line).not.toContain("Shares rose");
  });

  it("shorten a long sentence at a word boundary, marked …", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const item = { ...hit("n2", "article", "2024-02-10T10:00:00Z"), snippet: `Revenue of $57.0 billion ${words}.` };
    const excerpt = newsAnswer(latest, [item]).split("\n")[1]!.split(": ").slice(1).join(": ");
    expect(excerpt.endsWith(" …")).toBe(true);
    expect(excerpt).toMatch(/word\d+ …$/);
  });
});
