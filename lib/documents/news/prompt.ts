// News in the prompt: numbered items [N1], [N2]… with source, title and date, and a short excerpt,
// fenced as untrusted data. Article text is third-party input: it may contain text written to look
// like instructions, so it is fenced between markers it cannot forge (marker text is removed from
// articles), kept on one line per field (no fake headings or items), and the system rules say that
// anything inside the fence is data to cite, never instructions.
import { fencedSection, fenceLabel, fenceRule, NEWS_FENCE, untrustedLine } from "@/lib/documents/fence";
import type { NewsHit } from "@/lib/documents/news/types";
import { formatDate } from "@/lib/format/periods";

export const NEWS_FENCE_OPEN = NEWS_FENCE.open;
export const NEWS_FENCE_CLOSE = NEWS_FENCE.close;

export const NEWS_SYSTEM_RULE = fenceRule(
  NEWS_FENCE,
  "articles retrieved for this question",
  "Figures come from the Financial Data, not from news.",
);

/** The label an answer cites: "N1" for the first hit. */
export const newsLabel = (index: number) => fenceLabel(NEWS_FENCE, index);

export function newsSection(hits: readonly NewsHit[]): string {
  return fencedSection(
    NEWS_FENCE,
    hits.map((hit, i) => [
      `[${newsLabel(i)}] ${untrustedLine(hit.title)}`,
      `Source: ${untrustedLine(hit.source)}${hit.kind === "filing_alert" ? " (generated from SEC filing data)" : ""}; published ${formatDate(hit.publishedAt.slice(0, 10))}`,
      `Excerpt: ${untrustedLine(hit.snippet)}`,
    ]),
  );
}
