// A stored filing's page as ingested, one text line per row, the cited row highlighted (its anchor
// `#line-N` scrolls to it);
// links to the neighbouring pages keep the reader in the filing.
import Link from "next/link";
import type { FilingPage } from "@/lib/documents/filings/store";
import { filingPagePath, filingPeriodLabel } from "@/lib/format/provenance";

export function FilingPageView({
  page,
  lines,
  highlightedLine,
}: {
  page: FilingPage;
  /** The page's text lines. */
  lines: readonly string[];
  highlightedLine: number | null;
}) {
  const number = page.pageIndex + 1;
  const period = filingPeriodLabel(page.fiscalYear, page.fiscalPeriod);
  return (
    <div className="space-y-4" data-testid="filing-page">
      <header className="space-y-1">
        <h1 className="text-2xl">
          {page.companyName} {page.form} {period}, page {number} of {page.pageCount}
        </h1>
        <nav className="flex gap-4 text-sm">
          {number > 1 ? <Link href={filingPagePath(page.filingId, number - 1, null)}>Previous page</Link> : null}
          {number < page.pageCount ? (
            <Link href={filingPagePath(page.filingId, number + 1, null)}>Next page</Link>
          ) : null}
          {highlightedLine !== null ? <a href={`#line-${highlightedLine}`}>Go to the highlighted row</a> : null}
          {page.sourceUrl && /^https?:\/\//i.test(page.sourceUrl) ? (
            <a href={page.sourceUrl} rel="noreferrer">
              Filing as published
            </a>
          ) : null}
        </nav>
      </header>
      <pre className="overflow-x-auto rounded border border-slate-200 bg-white p-4 text-xs leading-5">
        {lines.map((text, index) => (
          <span
            // Lines are positions on a fixed page: the index is their identity.
            key={index}
            id={`line-${index}`}
            data-testid={index === highlightedLine ? "highlighted-line" : undefined}
            className={index === highlightedLine ? "block bg-amber-100 font-semibold" : "block"}
          >
            {text === "" ? " " : text}
          </span>
        ))}
      </pre>
    </div>
  );
}
