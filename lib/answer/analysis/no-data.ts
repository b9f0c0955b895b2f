// Answers without data to write about, and the list of what is not in the data: the question named
// no company or no metric (say what was understood and how to ask), or the Data Module found nothing.
import { companyGroups, describeGroup, singleCompanies, type Suggestion } from "@/lib/agent/schema";
import { missingReasons } from "@/lib/data/missing";
import type { DataSlice, MissingData, SliceCut } from "@/lib/data/types";
import { capitalize, listOf, metricInSentence, plainText, possessive, shortCompanyName } from "../format";

/** The example question offered when the question named no company or no metric. Kept free of
 * digits, like everything else written here that does not come from the slice. */
const EXAMPLE_COMPANY = "Apple";
const EXAMPLE_METRIC = "revenue";
/** Suggestions this close to the best one are offered with it. */
const CLOSE_SCORE_MARGIN = 0.1;

export function noDataAnswer(slice: DataSlice, unreadable: string[]): string {
  const first = slice.missing[0]?.reason;
  const lead = first
    ? `FinGround has no data to answer this: ${lowerFirst(first.replace(/\.$/, ""))}.`
    : "FinGround found no data for this question in its database.";
  const missing = missingBlock(slice, unreadable, first ? 1 : 0);
  return missing ? `${lead}\n\n${missing}` : lead;
}

/** The question named no company or no metric: say what was understood, what was not, and what to
 * ask instead. Everything taken from the request is the user's text or an agent's (possibly a
 * model's) output, so it is quoted as plain text: Markdown in it stays literal. */
export function notUnderstoodAnswer(slice: DataSlice, unreadable: string[]): string {
  const { metrics, dates, unrecognized, suggestions } = slice.request;
  const companies = singleCompanies(slice.request);
  const groups = companyGroups(slice.request);
  const wanting = [
    companies.length === 0 && groups.length === 0 ? "company" : null,
    metrics.length === 0 ? "metric" : null,
  ].filter((k) => k !== null);
  const notFound = wanting.map((k) => `a ${k}`).join(" or ");
  const found = [
    ...companies.map((c) => companyWithTicker(c.name, c.ticker)),
    ...groups.map((g) => plainText(describeGroup(g))),
    ...metrics.map((m) => plainText(metricInSentence(m.name))),
    ...(dates.expression?.trim() ? [`the period ${quoted(dates.expression)}`] : []),
  ];
  const spans = unrecognized.map((u) => u.text).filter((t) => t.trim() !== "");
  const where = spans.length ? listOf(spans.map(quoted), "and") : "the question";
  const sentences = [
    found.length
      ? `I found ${listOf(found, "and")} but could not find ${notFound} in ${where}.`
      : `I could not find ${notFound} in ${where}.`,
  ];

  // "Did you mean …?" for close matches (the best and any nearly as close: "Aple" is Apple, not
  // Oracle too); the most asked-for metrics (score 0) are offered as examples instead.
  const close = suggestions
    .map((s) => {
      const best = Math.max(0, ...s.candidates.map((c) => c.score));
      return { ...s, candidates: s.candidates.filter((c) => c.score > 0 && c.score >= best - CLOSE_SCORE_MARGIN) };
    })
    .filter((s) => s.candidates.length > 0);
  for (const s of close) {
    const names = s.candidates.map((c) =>
      s.kind === "company" ? companyCandidate(c) : plainText(metricInSentence(c.label)),
    );
    const ask = `did you mean ${listOf(names, "or")}?`;
    sentences.push(close.length > 1 && s.text.trim() ? `For ${quoted(s.text)}, ${ask}` : capitalize(ask));
  }
  const popular = [
    ...new Set(
      suggestions
        .filter((s) => s.kind === "metric")
        .flatMap((s) => s.candidates.filter((c) => c.score <= 0).map((c) => plainText(metricInSentence(c.label)))),
    ),
  ];
  const uncovered = wanting.filter((k) => !close.some((s) => s.kind === k));
  const suggestedCompany = close.find((s) => s.kind === "company")?.candidates[0];
  const company = companies[0]
    ? plainText(shortCompanyName(companies[0].name))
    : suggestedCompany
      ? plainText(shortCompanyName(candidateName(suggestedCompany)))
      : EXAMPLE_COMPANY;
  const metric = metrics[0] ? plainText(metricInSentence(metrics[0].name)) : EXAMPLE_METRIC;
  const example = `e.g. "What was ${possessive(company)} ${metric} last year?"`;
  const such = popular.length ? ` such as ${listOf(popular, "or")}` : "";
  if (uncovered.length === 2) sentences.push(`Try a company name or ticker and a figure${such}, ${example}`);
  else if (uncovered[0] === "company") sentences.push(`Try a company name or ticker, ${example}`);
  else if (uncovered[0] === "metric") sentences.push(`Try a figure${such}, ${example}`);

  // The Data Module's own "names no company / no metric" reasons are what the lead already says.
  const generic = new Set([missingReasons.noCompany().reason, missingReasons.noMetric().reason]);
  const missing = missingBlock(
    slice,
    unreadable,
    0,
    (m) => m.ticker !== null || m.metricKey !== null || !generic.has(m.reason),
  );
  const lead = sentences.join(" ");
  return missing ? `${lead}\n\n${missing}` : lead;
}

/** "Apple (AAPL)". */
function companyWithTicker(name: string, ticker: string): string {
  return `${plainText(shortCompanyName(name))} (${plainText(ticker)})`;
}

/** A company suggestion's label is "AAPL — Apple Inc."; its value the ticker. */
function candidateName(candidate: Suggestion["candidates"][number]): string {
  const match = /^\s*\S+\s+[—–-]\s+(.+)$/.exec(candidate.label);
  return match?.[1]?.trim() || candidate.label;
}

function companyCandidate(candidate: Suggestion["candidates"][number]): string {
  const name = candidateName(candidate);
  return name === candidate.value ? plainText(name) : companyWithTicker(name, candidate.value);
}

/** User text in quotes, verbatim and inert. */
function quoted(text: string): string {
  return `"${plainText(text)}"`;
}

export function missingBlock(
  slice: DataSlice,
  unreadable: string[],
  skip = 0,
  keep: (m: MissingData) => boolean = () => true,
): string | null {
  const reasons = [
    ...slice.missing
      .slice(skip)
      .filter(keep)
      .map((m) => m.reason),
    ...unreadable,
  ];
  for (const series of slice.series) {
    const reported = slice.missing.some((m) => m.ticker === series.ticker && m.metricKey === series.metricKey);
    if (series.points.length === 0 && !reported) {
      reasons.push(
        `No ${metricInSentence(series.metricName)} values for ${shortCompanyName(series.companyName)} (${series.ticker}) in this period.`,
      );
    }
  }
  const unique = [...new Set(reasons.map((r) => r.trim()).filter((r) => r !== ""))];
  if (unique.length === 0) return null;
  return ["**Not in the data**", ...unique.map((r) => `- ${r}`)].join("\n");
}

function lowerFirst(text: string): string {
  // Keep tickers and acronyms ("TSLA ...") as written.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** What the question's budget left out (lib/data/budget.ts), and how to ask for it. */
export function truncatedBlock(slice: DataSlice): string | null {
  const cuts = slice.truncated ?? [];
  return cuts.length === 0 ? null : cutsBlock(cuts);
}

export function cutsBlock(cuts: readonly SliceCut[]): string {
  return ["**Left out to keep the answer quick**", ...cuts.map((c) => `- ${c.what} ${c.narrow}`)].join("\n");
}
