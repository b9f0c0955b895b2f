// Which news is evidence: promotional headlines (phrasings of our own, of the kinds the data folder's
// FNSPID and Benzinga headlines hold) never are, research notes, deals and "Best Buy" are; an article is
// about a company when its title or lead names it. Where the data folder is present, its headlines are
// classified and the counts printed (the rule drops about a quarter of FNSPID's Nasdaq articles and
// under a tenth of the Benzinga headlines: bounds below, so a rule that drops everything fails).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCsv } from "@/lib/core/csv";
import type { NewsHit } from "@/lib/documents/news/types";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { titleFromUrl } from "@/lib/ingest/sources/news-files";
import { companiesNamedInLead, evidenceHits, isPromotionalHeadline } from "./evidence";

const PROMOTIONAL = [
  "3 Top Stocks to Buy Now Before They Soar",
  "5 best dividend stocks for retirees",
  "Should You Buy Microsoft Stock Ahead of Earnings?",
  "Nvidia is soaring, but should you?",
  "Is Apple stock a buy now",
  "Is it too late to buy Costco stock",
  "8 Stocks To Watch For March 3, 2021",
  "Stocks to watch this week",
  "The 4 hottest chip stocks to own in 2025",
  "Chip champions: 2 semiconductor stocks to buy before the rally",
  "Better stock to buy: Visa vs. Mastercard",
  "2 growth stocks that turned $1,000 into $50,000",
  "1 ETF to turn $200 per month into $400,000",
  "3 dividend stocks to buy and hold forever",
  "Ten reasons to buy Walmart stock today",
  "Which bank stock is the better bet for 2025",
  "Buy the dip: this tech giant is on sale",
  "Should Vanguard's growth ETF be on your investing radar",
  "Here are 6 stocks added to the buy list",
  "This AI stock is poised to double in 2025",
];

const REPORTING = [
  "Apple reports record services revenue",
  "Goldman Sachs Upgrades Exxon Mobil to Buy, Raises Price Target",
  "Morgan Stanley maintains a Buy rating on Nike",
  "Oracle to Buy Cloud Startup for $1 Billion in Cash",
  "Best Buy Raises Full-Year Outlook as Holiday Sales Beat",
  "Top Stock Reports for Apple, Visa and Exxon",
  "Two Biotech Companies Win FDA Approval",
  "Stocks climb as investors await jobs data",
  "Apple Q1 earnings: key metrics to watch",
  "3M settles earplug claims for $6 billion",
  "2024 was a record year for Nvidia's data center sales",
  "Shoppers lean on buy now, pay later plans this holiday season",
  "Microsoft shares fall after cloud growth slows",
];

function hit(title: string, snippet: string, overrides: Partial<NewsHit> = {}): NewsHit {
  return {
    id: title,
    kind: "article",
    source: "news.example",
    url: `https://news.example/story?id=${encodeURIComponent(title)}`,
    title,
    snippet,
    publishedAt: "2024-01-10T12:00:00.000Z",
    tickers: ["AAPL"],
    score: 1,
    similarity: null,
    keywordScore: 0,
    ...overrides,
  };
}

describe("promotional headlines", () => {
  it.each(PROMOTIONAL)("drops %s", (title) => {
    expect(isPromotionalHeadline(title)).toBe(true);
  });

  it.each(REPORTING)("keeps %s", (title) => {
    expect(isPromotionalHeadline(title)).toBe(false);
  });
});

describe("what an article is about", () => {
  it("reads the title and the lead, not the dataset's tag", () => {
    expect([...companiesNamedInLead(hit("Apple opens a store in Mumbai", "Crowds queued."))]).toEqual(["AAPL"]);
    expect([...companiesNamedInLead(hit("Oil prices rise", "Brent gained. Exxon Mobil (NYSE: XOM) rose."))]).toEqual([
      "XOM",
    ]);
    expect(companiesNamedInLead(hit("Bitcoin hits a record", "Crypto funds bought in.")).size).toBe(0);
  });

  it("reads a title from a URL's slug in any case, its possessive and long tickers too, never everyday words", () => {
    const fromSlug = (slug: string) => {
      const title = titleFromUrl(`https://news.example/articles/${slug}`) ?? "";
      return [...companiesNamedInLead(hit(title, "", { url: `https://news.example/articles/${slug}` }))];
    };
    expect(fromSlug("apples-iphone-sales-slump-in-china")).toEqual(["AAPL"]);
    expect(fromSlug("guru-fundamental-report-for-aapl-12")).toEqual(["AAPL"]);
    expect(fromSlug("investors-chase-gains-as-cost-of-money-falls")).toEqual([]);
    // A title as written is read as written: "apple" in lower case is a fruit.
    expect(companiesNamedInLead(hit("Farmers expect a record apple harvest", "")).size).toBe(0);
  });

  it("keeps, in order, the articles about the companies asked, and every generated filing alert", () => {
    const hits = [
      hit("3 Top Stocks to Buy Now", "Apple (NASDAQ: AAPL) leads the list."),
      hit("Apple unveils a new iPad", "The tablet ships in May."),
      hit("Bitcoin hits a record", "Crypto funds bought in."),
      hit("Apple Inc. filed its 10-Q", "Generated from EDGAR.", { kind: "filing_alert" }),
      hit("Markets rally", "Apple (NASDAQ: AAPL) and Microsoft led the Nasdaq higher."),
    ];
    expect(evidenceHits(hits, ["AAPL"]).map((h) => h.title)).toEqual([
      "Apple unveils a new iPad",
      "Apple Inc. filed its 10-Q",
      "Markets rally",
    ]);
    expect(evidenceHits(hits, ["MSFT"]).map((h) => h.title)).toEqual(["Apple Inc. filed its 10-Q", "Markets rally"]);
    // No company named (a sector's news): only the promotional list goes.
    expect(evidenceHits(hits, [])).toHaveLength(4);
  });
});

describe.skipIf(!hasDataDir())("the data folder's headlines", () => {
  it("drops the promotional ones of FNSPID and Benzinga within bounds", () => {
    const fnspid = readFileSync(path.join(dataDir(), "news_fnspid", "aapl_nasdaq_news_2023_2024.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => titleFromUrl((JSON.parse(line) as { url: string }).url) ?? "");
    const benzinga = [
      ...readCsv(
        readFileSync(
          path.join(dataDir(), "news_benzinga_headlines_sample", "analyst_ratings_processed_first9993rows.csv"),
          "utf8",
        ),
      ),
    ].flatMap((row, i) => (i > 0 && !("error" in row) && row.fields[1] ? [row.fields[1]] : []));
    const dropped = (titles: readonly string[]) => titles.filter(isPromotionalHeadline).length;
    const fnspidDropped = dropped(fnspid);
    const benzingaDropped = dropped(benzinga);
    console.info(
      `promotional headlines: FNSPID ${fnspidDropped} of ${fnspid.length}, Benzinga ${benzingaDropped} of ${benzinga.length}`,
    );
    expect(fnspidDropped / fnspid.length).toBeGreaterThan(0.15);
    expect(fnspidDropped / fnspid.length).toBeLessThan(0.35);
    expect(benzingaDropped / benzinga.length).toBeGreaterThan(0.03);
    expect(benzingaDropped / benzinga.length).toBeLessThan(0.15);
  });
});
