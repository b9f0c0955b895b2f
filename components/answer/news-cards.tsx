import { formatDate } from "@/lib/format/periods";
import type { AnswerNews } from "@/lib/documents/news/for-request";
import { newsLabel } from "@/lib/documents/news/prompt";

/** Only http(s) links are links: headline datasets without one get an urn: id, shown as plain text. */
function isWebLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The news the answer cites, as cards: source, title, date, link and a snippet. Article text is
 * untrusted: it is rendered as React text (escaped), never as HTML or Markdown.
 */
export function NewsCards({
  news,
  cited,
  active,
}: {
  news: AnswerNews;
  cited: readonly string[];
  active: string | null;
}) {
  const byLabel = new Map(news.hits.map((hit, i) => [newsLabel(i), hit]));
  const shown = cited.flatMap((label) => {
    const hit = byLabel.get(label);
    return hit ? [{ label, hit }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <section aria-label="Cited news" className="space-y-2" data-testid="news-cards">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Cited news</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map(({ label, hit }) => {
          const isActive = label === active;
          return (
            <li
              key={label}
              id={`news-${label}`}
              data-testid="news-card"
              data-news-label={label}
              data-cite-label={label}
              data-active={isActive}
              className={`rounded-lg border bg-white p-3 text-sm transition-shadow ${isActive ? "border-sky-400 ring-2 ring-sky-300" : "border-slate-200"}`}
            >
              <div className="flex items-baseline justify-between gap-2 text-xs text-slate-500">
                <span>
                  <span className="mr-1 font-mono font-semibold text-sky-800">[{label}]</span>
                  <span data-testid="news-card-source">{hit.source}</span>
                  {hit.kind === "filing_alert" ? (
                    <span className="ml-1 rounded bg-slate-100 px-1">generated from SEC data</span>
                  ) : null}
                </span>
                <time dateTime={hit.publishedAt} data-testid="news-card-date">
                  {formatDate(hit.publishedAt.slice(0, 10))}
                </time>
              </div>
              <p className="mt-1 font-medium text-slate-900" data-testid="news-card-title">
                {isWebLink(hit.url) ? (
                  <a
                    href={hit.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="hover:underline"
                    data-testid="news-card-link"
                  >
                    {hit.title}
                  </a>
                ) : (
                  hit.title
                )}
              </p>
              <p className="mt-1 line-clamp-3 text-slate-600" data-testid="news-card-snippet">
                {hit.snippet}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
