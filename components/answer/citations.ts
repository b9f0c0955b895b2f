// Citations of documents in an answer's text: "[N1]" (news) and "[F1]" (filing passages) become links
// to their cards ("#news-N1", "#filing-F1"), so the Markdown renderer hands them to CitationLink.
// Escaped brackets ("\[N1\]", as the analyst writes article titles) and existing links ("[N1](…)")
// are left alone.
import { matchesOf } from "@/lib/core/regex";

const CITATION = /(?<!\\)\[([NF])(\d{1,3})\](?!\()/g;

/** Each kind's card: the anchor prefix of its id, and its test ids (news keeps its own). */
export const CITATION_KINDS = {
  N: { anchor: "#news-", card: "news-card", citation: "news-citation" },
  F: { anchor: "#filing-", card: "filing-card", citation: "filing-citation" },
} as const;
type CitationKind = keyof typeof CITATION_KINDS;

export function linkCitations(text: string): string {
  return text.replace(
    CITATION,
    (_match, kind: CitationKind, n: string) => `[${kind}${n}](${CITATION_KINDS[kind].anchor}${kind}${n})`,
  );
}

/** The label a link points at ("F1" for "#filing-F1"), or null when it is no citation. */
export function citationOfHref(href: string | undefined): string | null {
  for (const { anchor } of Object.values(CITATION_KINDS))
    if (href?.startsWith(anchor)) return href.slice(anchor.length);
  return null;
}

/** The labels of one kind a text cites, in first-cited order: ["N2", "N1"]. */
export function citedLabels(text: string, kind: CitationKind): string[] {
  return [
    ...new Set(
      matchesOf(text, CITATION)
        .filter((m) => m[1] === kind)
        .map((m) => `${kind}${m[2]}`),
    ),
  ];
}

export const citationKindOf = (label: string): CitationKind => (label.startsWith("F") ? "F" : "N");
