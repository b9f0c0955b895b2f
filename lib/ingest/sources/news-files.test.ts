// News file, feed and date parsing, and company tagging, on shapes of the real datasets (FNSPID
// Nasdaq articles, Benzinga headlines) and of RSS and Atom feeds.
import { describe, expect, it } from "vitest";
import { tagCompanies } from "@/lib/documents/news/tag-companies";
import { parseNewsDate } from "./news-dates";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fetchFeed, parseFeedXml } from "./news-feeds";
import { parseNewsCsv, parseNewsJsonl, titleFromUrl } from "./news-files";

describe("news dates", () => {
  it.each([
    ["2024-01-25", "2024-01-25T00:00:00.000Z"],
    ["2020-06-05 10:30:00-04:00", "2020-06-05T14:30:00.000Z"],
    ["2024-01-25T08:33:00Z", "2024-01-25T08:33:00.000Z"],
    ["January 25, 2024 — 03:33 am EST", "2024-01-25T08:33:00.000Z"],
    ["December 18, 2023 — 12:05 pm EST", "2023-12-18T17:05:00.000Z"],
    ["Thu, 25 Jan 2024 08:33:00 GMT", "2024-01-25T08:33:00.000Z"],
  ])("reads %s", (text, iso) => {
    expect(parseNewsDate(text)).toBe(iso);
  });
  it.each(["5 DAYS AGO", "2024-13-01", "Smarch 3, 2024", ""])("rejects %j", (text) => {
    expect(parseNewsDate(text)).toBeNull();
  });
});

describe("news files", () => {
  it("reads FNSPID JSON Lines: title from the URL slug, '0' as no body, bad lines reported by line", () => {
    const text = [
      JSON.stringify({
        ticker: "AAPL",
        date: "2024-01-25",
        date_raw: "January 25, 2024 — 03:33 am EST",
        url: "https://www.nasdaq.com/articles/apple-vision-pro%3A-a-silver-lining",
        text: "Body text.",
        mark: "1",
      }),
      JSON.stringify({
        ticker: "AAPL",
        date: "2024-01-26",
        date_raw: "5 DAYS AGO",
        url: "https://www.nasdaq.com/articles/apple-headline-only-story",
        text: "0",
        mark: "0",
      }),
      "{not json",
      JSON.stringify({ ticker: "AAPL", date: "2024-01-26", url: "javascript:alert(1)", text: "x" }),
    ].join("\n");
    const parsed = [...parseNewsJsonl(text, { file: "f.jsonl" })];
    expect(parsed[0]).toEqual({
      ok: true,
      record: {
        kind: "article",
        source: "nasdaq.com",
        url: "https://www.nasdaq.com/articles/apple-vision-pro%3A-a-silver-lining",
        title: "Apple vision pro: a silver lining",
        body: "Body text.",
        publishedAt: "2024-01-25T08:33:00.000Z",
        tickers: ["AAPL"],
      },
    });
    // date_raw unreadable: the plain date column is used.
    expect(parsed[1]).toMatchObject({
      ok: true,
      record: { body: "", publishedAt: "2024-01-26T00:00:00.000Z", title: "Apple headline only story" },
    });
    expect(parsed[2]).toMatchObject({ ok: false, problem: { where: "f.jsonl:3" } });
    expect(parsed[3]).toEqual({
      ok: false,
      problem: { where: "f.jsonl:4", reason: 'URL "javascript:alert(1)" is not http(s)' },
    });
  });

  it("reads FNSPID CSV (with its byte order mark) and Benzinga headlines without links", () => {
    const fnspid =
      '\uFEFFDate,Url,Text,Mark\n"January 25, 2024 — 03:33 am EST",https://www.nasdaq.com/articles/apple-story-today,"Line one\nline two",1\n';
    expect([...parseNewsCsv(fnspid, { file: "f.csv" })]).toEqual([
      {
        ok: true,
        record: {
          kind: "article",
          source: "nasdaq.com",
          url: "https://www.nasdaq.com/articles/apple-story-today",
          title: "Apple story today",
          body: "Line one\nline two",
          publishedAt: "2024-01-25T08:33:00.000Z",
          tickers: [],
        },
      },
    ]);
    const benzinga =
      ",title,date,stock\n0,Stocks That Hit 52-Week Highs On Friday,2020-06-05 10:30:00-04:00,A\n1,Broken row\n";
    const parsed = [...parseNewsCsv(benzinga, { file: "b.csv" })];
    expect(parsed[0]).toEqual({
      ok: true,
      record: {
        kind: "article",
        source: "Benzinga",
        url: null,
        title: "Stocks That Hit 52-Week Highs On Friday",
        body: "",
        publishedAt: "2020-06-05T14:30:00.000Z",
        tickers: ["A"],
      },
    });
    expect(parsed[1]).toEqual({ ok: false, problem: { where: "b.csv:3", reason: "2 fields, header has 4" } });
  });

  it("titles from URL slugs only when the slug reads as words", () => {
    expect(titleFromUrl("https://x.example/articles/zacks-earnings-trends-highlights%3A-amazon-apple")).toBe(
      "Zacks earnings trends highlights: amazon apple",
    );
    expect(titleFromUrl("https://x.example/p/12345")).toBeUndefined();
  });
});

describe("feeds", () => {
  it("reads RSS 2.0 items with plain-text summaries and Atom entries", async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Example Markets</title>
      <item><title>Apple beats estimates</title><link>https://feed.example/1</link><pubDate>Thu, 01 Feb 2024 21:30:00 GMT</pubDate>
      <description><![CDATA[<p>Apple <b>reported</b> revenue of $119.6 billion.</p>]]></description></item>
      <item><title>No date</title><link>https://feed.example/2</link></item></channel></rss>`;
    const items = await parseFeedXml(rss, "https://feed.example/rss");
    expect(items[0]).toEqual({
      ok: true,
      record: {
        kind: "article",
        source: "Example Markets",
        url: "https://feed.example/1",
        title: "Apple beats estimates",
        body: "Apple reported revenue of $119.6 billion.",
        publishedAt: "2024-02-01T21:30:00.000Z",
        tickers: [],
      },
    });
    expect(items[1]).toEqual({ ok: false, problem: { where: "https://feed.example/rss#item2", reason: "no date" } });
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom News</title>
      <entry><title>Nvidia ships new GPU</title><link href="https://atom.example/e1"/><updated>2024-03-18T20:00:00Z</updated><summary>Shipping now.</summary></entry></feed>`;
    expect(await parseFeedXml(atom, "https://atom.example/feed")).toEqual([
      {
        ok: true,
        record: {
          kind: "article",
          source: "Atom News",
          url: "https://atom.example/e1",
          title: "Nvidia ships new GPU",
          body: "Shipping now.",
          publishedAt: "2024-03-18T20:00:00.000Z",
          tickers: [],
        },
      },
    ]);
    expect(await parseFeedXml("<html>not a feed", "https://bad.example/")).toMatchObject([
      { ok: false, problem: { where: "https://bad.example/" } },
    ]);
  });
});

describe("fetching feeds", () => {
  it("fetches a feed over HTTP, and reports an HTTP error or a dead host as a problem of that feed", async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Local</title><item><title>Apple news</title><link>https://feed.example/a</link><pubDate>Thu, 01 Feb 2024 21:30:00 GMT</pubDate></item></channel></rss>`;
    const server = createServer((req, res) => {
      if (req.url === "/rss") res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss);
      else res.writeHead(500).end("boom");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await fetchFeed(`${base}/rss`)).toMatchObject([
        { ok: true, record: { title: "Apple news", source: "Local" } },
      ]);
      expect(await fetchFeed(`${base}/broken`)).toEqual([
        { ok: false, problem: { where: `${base}/broken`, reason: "HTTP 500 Internal Server Error" } },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await fetchFeed(`${base}/rss`)).toMatchObject([
      { ok: false, problem: { reason: expect.stringMatching(/^cannot fetch/) } },
    ]);
  });
});

describe("company tagging", () => {
  it("tags names as written and tickers where text marks them, not everyday words", () => {
    expect(tagCompanies("Apple (NASDAQ: AAPL) and Microsoft rallied; Nvidia NVDA.O rose")).toEqual([
      "AAPL",
      "MSFT",
      "NVDA",
    ]);
    expect(tagCompanies("an apple a day; all of them cost more; V is a letter")).toEqual([]);
    expect(tagCompanies("Shares of $TSLA fell")).toEqual(["TSLA"]);
  });
});
