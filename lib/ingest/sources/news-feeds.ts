// RSS 2.0 and Atom feeds, parsed with rss-parser (xml2js underneath). Items become news drafts: link,
// title, the plain-text summary (contentSnippet: HTML stripped), the item's date and the feed's title
// as source. Fetched with a time limit; one bad feed or item never stops the others.
import Parser from "rss-parser";
import type { NewsDraft } from "@/lib/ingest/news-write";
import type { Parsed } from "@/lib/core/types";
import { newsDraftOf } from "./news-files";

const FETCH_TIMEOUT_MS = 15_000;
const parser = new Parser();

export async function parseFeedXml(xml: string, feedUrl: string): Promise<Parsed<NewsDraft>[]> {
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (error) {
    return [{ ok: false, problem: { where: feedUrl, reason: `not an RSS or Atom feed: ${(error as Error).message}` } }];
  }
  const source = feed.title?.trim() || new URL(feedUrl).hostname;
  return feed.items.map((item, i): Parsed<NewsDraft> => {
    const draft = newsDraftOf(
      {
        url: item.link ?? (item.guid && /^https?:/.test(item.guid) ? item.guid : undefined),
        title: item.title,
        summary: item.contentSnippet ?? item.summary,
        published_at: item.isoDate ?? item.pubDate,
        source,
      },
      { source },
    );
    return typeof draft === "string"
      ? { ok: false, problem: { where: `${feedUrl}#item${i + 1}`, reason: draft } }
      : { ok: true, record: draft };
  });
}

export async function fetchFeed(feedUrl: string, fetchImpl: typeof fetch = fetch): Promise<Parsed<NewsDraft>[]> {
  try {
    const response = await fetchImpl(feedUrl, {
      headers: { accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5" },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok)
      return [{ ok: false, problem: { where: feedUrl, reason: `HTTP ${response.status} ${response.statusText}` } }];
    return await parseFeedXml(await response.text(), feedUrl);
  } catch (error) {
    return [{ ok: false, problem: { where: feedUrl, reason: `cannot fetch: ${(error as Error).message}` } }];
  }
}
