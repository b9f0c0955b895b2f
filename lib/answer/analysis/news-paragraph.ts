// The built-in analyst's news paragraph: the news found for the question, cited, never summarised.
import { escapeMarkdown, untrustedLine } from "@/lib/documents/fence";
import { newsLabel } from "@/lib/documents/news/prompt";
import type { NewsHit } from "@/lib/documents/news/types";
import { formatDate } from "@/lib/format/periods";

/** The built-in analyst's news paragraph: the best few items, cited, titles escaped for Markdown. */
const ANALYST_NEWS_ITEMS = 3;

export function analystNewsParagraph(hits: readonly NewsHit[]): string {
  if (hits.length === 0) return "";
  const items = hits
    .slice(0, ANALYST_NEWS_ITEMS)
    .map(
      (hit, i) =>
        `- [${newsLabel(i)}] ${escapeMarkdown(untrustedLine(hit.title))} (${escapeMarkdown(untrustedLine(hit.source))}, ${formatDate(hit.publishedAt.slice(0, 10))})`,
    );
  return [`Related news (${hits.length} found; the most relevant):`, ...items].join("\n");
}
