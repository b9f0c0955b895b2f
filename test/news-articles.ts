// A small, invented news set for tests: companies, dates and wording chosen so that each search
// mode and filter has something to find and something to leave out. Written as JSON Lines.
import { writeFileSync } from "node:fs";
import path from "node:path";

const TEST_ARTICLES = [
  {
    url: "https://news.example/a1",
    title: "Apple iPhone sales slump in China",
    text: "Apple (NASDAQ: AAPL) saw iPhone shipments in China fall sharply in the first week of January as Huawei gained share.",
    date: "2024-01-08T14:00:00Z",
    ticker: "AAPL",
  },
  {
    url: "https://news.example/a2",
    title: "Apple opens Vision Pro preorders",
    text: "Apple began taking orders for its mixed reality headset ahead of the February launch.",
    date: "2024-01-19T13:00:00Z",
    ticker: "AAPL",
  },
  {
    url: "https://news.example/a3",
    title: "Apple settles patent dispute over smartwatch sensor",
    text: "The blood oxygen feature returns after the settlement with Masimo.",
    date: "2023-06-15T10:00:00Z",
    ticker: "AAPL",
  },
  {
    url: "https://news.example/n1",
    title: "Nvidia data center revenue soars on AI chip demand",
    text: "NVIDIA reported record data center sales as cloud providers bought accelerators.",
    date: "2024-01-10T21:00:00Z",
    ticker: "NVDA",
  },
  {
    url: "https://news.example/x1",
    title: "Exxon raises dividend as oil output climbs",
    text: "Exxon Mobil lifted its quarterly payout after higher production in the Permian basin.",
    date: "2024-01-12T12:00:00Z",
    ticker: "XOM",
  },
  // Same URL as a1 (a re-crawl): skipped.
  {
    url: "https://news.example/a1",
    title: "Apple iPhone sales slump in China (updated)",
    text: "Updated text.",
    date: "2024-01-08T15:00:00Z",
    ticker: "AAPL",
  },
  // Same content as a2 under another URL (syndication): skipped.
  {
    url: "https://mirror.example/a2?utm_source=x",
    title: "Apple opens Vision Pro preorders",
    text: "Apple began taking orders for its mixed reality headset ahead of the February launch.",
    date: "2024-01-19T13:05:00Z",
    ticker: "AAPL",
  },
] as const;

export const UNIQUE_TEST_ARTICLES = 5;

export function writeTestArticles(dir: string, extra: readonly Record<string, string>[] = []): string {
  const file = path.join(dir, "news.jsonl");
  writeFileSync(file, `${[...TEST_ARTICLES, ...extra].map((a) => JSON.stringify(a)).join("\n")}\n`);
  return file;
}
