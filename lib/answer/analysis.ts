// The built-in analyst: a Markdown answer written from the DataSlice alone. It is what users get when
// no LLM is configured or the LLM fails, so it must be useful on its own, and it must never state a
// number that is not in the slice or computed from it (values, differences, percent changes, ratios,
// counts). All arithmetic is exact (decimal.js); rounding happens only in ./format.
//
// This module puts the answer's sections in order; each section is written in ./analysis/.
import { companyGroups, singleCompanies } from "@/lib/agent/schema";
import type { DataSlice } from "@/lib/data/types";
import { alignmentNotice } from "./analysis/alignment-notice";
import { comparisonBlock, unmatchedComparisons } from "./analysis/comparison";
import { conceptAnswer } from "./analysis/concept-answer";
import { disagreementsBlock } from "./analysis/disagreements";
import { answersFromDocuments } from "./analysis/documents";
import { filingLinesAnswer } from "./analysis/filing-lines";
import { headline } from "./analysis/headline";
import { explainBlock, investBlock } from "./analysis/intent-blocks";
import { marginBlocks } from "./analysis/margins";
import { moveAnswer } from "./analysis/move";
import { newsHeading } from "./analysis/news-answer";
import { priceLead } from "./analysis/price-answer";
import { staleNotice } from "./analysis/stale-notice";
import { mixedConceptsNotice, revisionsNotice } from "./analysis/versions-notice";
import { missingBlock, noDataAnswer, notUnderstoodAnswer, truncatedBlock } from "./analysis/no-data";
import { averageLead, trackBlock } from "./analysis/track-block";
import { buildTracks, groupByMetric } from "./analysis/tracks";
import { valuationInputsBlock } from "./analysis/valuation-inputs";
import { rankingSections } from "./ranking-text";

export function writeAnalysis(slice: DataSlice): string {
  // A news question is answered from the news (analyst-text.ts adds it below this heading when it
  // arrives); a move question from the slice's price move, its news paired after.
  if (slice.request.intent === "news") return newsHeading(slice.request);
  if (slice.request.intent === "move") return moveAnswer(slice.move, singleCompanies(slice.request)[0]?.name ?? null);
  const unreadable: string[] = [];
  const tracks = buildTracks(slice, unreadable);
  // A ranking or screen (ranking-text.ts) answers for the group it ranks, data or not.
  if (slice.ranking) {
    const missing = missingBlock(slice, unreadable);
    const truncated = truncatedBlock(slice);
    // A ranked value read on two concepts, or restated, is said under a ranking as under any figure.
    const concepts = mixedConceptsNotice(slice);
    const revisions = revisionsNotice(slice);
    return [
      ...(slice.distribution
        ? [conceptAnswer(slice.ranking, slice.distribution)]
        : rankingSections(slice, slice.ranking)),
      ...(concepts ? [concepts] : []),
      ...(revisions ? [revisions] : []),
      ...(missing ? [missing] : []),
      ...(truncated ? [truncated] : []),
    ].join("\n\n");
  }
  if (tracks.length === 0) {
    const { metrics } = slice.request;
    const named = singleCompanies(slice.request).length + companyGroups(slice.request).length;
    // No catalog metric, but a line of the company's statement tables matched the question's words.
    if (slice.filingLines && slice.filingLines.length > 0) return filingLinesAnswer(slice.filingLines);
    // What the filings or calls say, and no figure asked: their passages answer, after a lead that
    // names what they quote (both written once they arrive, analyst-text.ts).
    if (answersFromDocuments(slice.request)) return "";
    if (named === 0 || metrics.length === 0) return notUnderstoodAnswer(slice, unreadable);
    return noDataAnswer(slice, unreadable);
  }

  const groups = groupByMetric(tracks);
  const lead = headline(groups, slice);
  const sections = [
    staleNotice(tracks, slice) ?? "",
    alignmentNotice(slice) ?? "",
    priceLead(tracks, slice.request.question) ?? "",
    averageLead(tracks) ?? "",
    mixedConceptsNotice(slice) ?? "",
    lead.text,
    unmatchedComparisons(slice, tracks) ?? "",
    valuationInputsBlock(tracks) ?? "",
    revisionsNotice(slice) ?? "",
  ];
  // A track whose every value the headline already states gets no block of its own: it would only
  // repeat the headline; unless the question asked for their average, which the block states.
  for (const track of tracks) {
    if (track.series.periodMean || !track.obs.every((o) => lead.mentioned.has(o))) sections.push(trackBlock(track));
  }
  for (const group of groups) {
    const block = comparisonBlock(group, !lead.compared.has(group));
    if (block) sections.push(block);
  }
  sections.push(...marginBlocks(tracks));
  if (slice.request.intent === "explain") sections.push(explainBlock(groups));
  if (slice.request.intent === "invest") sections.push(investBlock(tracks));
  sections.push(disagreementsBlock(slice));
  const missing = missingBlock(slice, unreadable);
  if (missing) sections.push(missing);
  const truncated = truncatedBlock(slice);
  if (truncated) sections.push(truncated);
  return sections.filter((s) => s.trim() !== "").join("\n\n");
}
