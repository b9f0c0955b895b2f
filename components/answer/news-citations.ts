// Citations of news in an answer's text: "[N1]" becomes a link to the card "#news-N1", so the
// Markdown renderer hands it to NewsCitationLink. Escaped brackets ("\[N1\]", as the analyst writes
// article titles) and existing links ("[N1](…)") are left alone.
const CITATION = /(?<!\\)\[N(\d{1,3})\](?!\()/g;

export const NEWS_ANCHOR_PREFIX = "#news-";

export function linkNewsCitations(text: string): string {
  return text.replace(CITATION, (_match, n: string) => `[N${n}](${NEWS_ANCHOR_PREFIX}N${n})`);
}

/** The labels a text cites, in first-cited order: ["N2", "N1"]. */
export function citedNewsLabels(text: string): string[] {
  return [...new Set([...text.matchAll(CITATION)].map((m) => `N${m[1]}`))];
}
