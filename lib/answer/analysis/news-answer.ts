// The built-in analyst's answer to a news question ("What's the latest news on Nvidia?"): the items
// found, newest first when the latest was asked for (else most relevant first), each cited [N#] with a
// sentence of its own text (extractive, never paraphrased), and how old the newest item is. Generated
// filing alerts are labelled and listed after the articles, so they never crowd them out.
import { singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { daysBetween } from "@/lib/core/dates";
import { openingQuote } from "@/lib/core/sentences";
import { escapeMarkdown, untrustedLine } from "@/lib/documents/fence";
import { newsLabel } from "@/lib/documents/news/prompt";
import type { NewsHit } from "@/lib/documents/news/types";
import { formatDate } from "@/lib/format/periods";
import { listOf, shortCompanyName } from "../format";

/** Articles shown; alerts come after them, at most ALERTS of them. */
const ARTICLES = 5;
const ALERTS = 2;
/** An excerpt longer than this is cut at a word boundary. */
const EXCERPT_CHARS = 220;
/** The excerpt runs on to the next sentence while shorter than this ("Shares rose." says little). */
const MIN_EXCERPT_CHARS = 40;

const dayOf = (hit: NewsHit) => hit.publishedAt.slice(0, 10);

/** "Nvidia", "Apple and Microsoft", or the companies the news was searched for. */
function aboutWhom(request: StructuredDataRequest): string {
  const names = singleCompanies(request).map((c) => shortCompanyName(c.name));
  return names.length > 0 ? listOf(names, "and") : "the companies asked about";
}

/** The answer's first line, written before the news search is done: "**News about Apple**". */
export function newsHeading(request: StructuredDataRequest): string {
  const when = request.dates.expression ? ` (${request.dates.expression})` : "";
  return `**News about ${aboutWhom(request)}${when}**`;
}

/** The opening whole sentences of the item's own text (one, or two when the first is short), cut at a
 * word boundary to EXCERPT_CHARS and marked "…" when longer (lib/core/sentences.ts). */
function excerptOf(hit: NewsHit): string {
  const text = untrustedLine(hit.snippet);
  const first = openingQuote(text, EXCERPT_CHARS, 1);
  return first.length >= MIN_EXCERPT_CHARS || first.endsWith("…") ? first : openingQuote(text, EXCERPT_CHARS, 2);
}

/** One cited line: its label is its place in the hits (the cards and the prompt number them alike). */
export function citedNewsLine(hit: NewsHit, hits: readonly NewsHit[]): string {
  const label = newsLabel(hits.indexOf(hit));
  const alert = hit.kind === "filing_alert" ? " — generated filing alert (from SEC filing data, not an article)" : "";
  const excerpt = excerptOf(hit);
  return (
    `- [${label}] **${escapeMarkdown(untrustedLine(hit.title))}** (${escapeMarkdown(untrustedLine(hit.source))}, ${formatDate(dayOf(hit))})${alert}` +
    (excerpt ? `: ${escapeMarkdown(excerpt)}` : "")
  );
}

/** Articles before alerts; within each, newest first for "latest", else in the engine's order. */
function ordered(hits: readonly NewsHit[], newestFirst: boolean): NewsHit[] {
  const sorted = newestFirst ? [...hits].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)) : [...hits];
  return [
    ...sorted.filter((h) => h.kind !== "filing_alert").slice(0, ARTICLES),
    ...sorted.filter((h) => h.kind === "filing_alert").slice(0, ALERTS),
  ];
}

export function newsAnswer(request: StructuredDataRequest, hits: readonly NewsHit[]): string {
  const whom = aboutWhom(request);
  const when = request.dates.expression ? ` around ${request.dates.expression}` : "";
  if (hits.length === 0)
    return `No news about ${whom}${when} is held. The news index may not cover this company or period; the Data page lists what is held.`;
  const newestFirst = request.dates.latest;
  const shown = ordered(hits, newestFirst);
  const newest = hits.map(dayOf).sort().at(-1)!;
  const age = daysBetween(newest, request.today);
  const articles = shown.filter((h) => h.kind !== "filing_alert").length;
  const lead = newestFirst
    ? `The latest news held about ${whom}: the newest item is from ${formatDate(newest)}, ${age} day${age === 1 ? "" : "s"} before today (${formatDate(request.today)}). Newest first`
    : `News about ${whom}${when}, most relevant first`;
  const counts =
    articles === shown.length
      ? `${articles} article${articles === 1 ? "" : "s"}`
      : `${articles} article${articles === 1 ? "" : "s"} and ${shown.length - articles} generated filing alert${shown.length - articles === 1 ? "" : "s"}`;
  return [`${lead} (${counts} of ${hits.length} found):`, ...shown.map((h) => citedNewsLine(h, hits))].join("\n");
}
