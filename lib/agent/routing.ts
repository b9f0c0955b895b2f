// Which grounded sources a question needs, and why: the request's `sources`. The figures it names
// come from the filed metrics (prices for market metrics); what a company's filings say (its risks,
// its business, its legal proceedings…) from the filing sections the subject words point at
// (lexicon/document-words.ts); news where companies are named. The same routing serves the built-in
// parser and, as the fallback, the LLM agent.
import { metricByKey } from "@/lib/catalog/metrics";
import { CALL_SUBJECTS, type CallSubject, LATEST_QUARTER } from "./lexicon/call-words";
import {
  DOCUMENT_CUE_REASON,
  DOCUMENT_CUES,
  DOCUMENT_PHRASES,
  DOCUMENT_SUBJECTS,
  type DocumentSubject,
} from "./lexicon/document-words";
import { z } from "zod";
import type { CharSpan } from "./dates";
import { singleCompanies, type SourceRoute, type StructuredDataRequest } from "./schema";
import { matchesOf } from "@/lib/core/regex";

/** What the question asks of the filings, read from its words. */
export interface DocumentReading {
  subjects: DocumentSubject[];
  /** It asks what a filing says without naming a subject ("what does Nike say about…"). */
  cue: boolean;
  /** What it asks of the earnings calls (management commentary, guidance, analysts' questions…). */
  callSubjects: CallSubject[];
  /** It asks for the latest quarter's results (the figures first, the call for context). */
  latestQuarter: boolean;
  /** The words read, to mark as understood. */
  spans: CharSpan[];
}

const EXPLAIN_REASON = "asks what drove a change: the 10-K's Item 7 (MD&A)";

/** Where `text` names a document by "earnings" or "conference" ("the earnings call", "its earnings
 * release"): words no metric may take. */
export function documentPhraseSpans(text: string): CharSpan[] {
  return matchesOf(text, DOCUMENT_PHRASES).map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** The document words of `text` that `isFree` lets through (words no metric or company took). Cue words
 * ("say", "mention") count only `withCues`: about a company they ask its filings, else they are prose. */
export function readDocumentWords(
  text: string,
  isFree: (span: CharSpan) => boolean,
  withCues: boolean,
): DocumentReading {
  const reading: DocumentReading = { subjects: [], cue: false, callSubjects: [], latestQuarter: false, spans: [] };
  // Call words are read on the whole question: "guidance" asks the calls even where a filing subject
  // took it; the ones no other reading takes ("tone", "analysts") are marked understood.
  for (const subject of CALL_SUBJECTS) {
    for (const m of matchesOf(text, subject.pattern)) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (isFree(span)) reading.spans.push(span);
      if (!reading.callSubjects.includes(subject)) reading.callSubjects.push(subject);
    }
  }
  for (const m of matchesOf(text, LATEST_QUARTER)) {
    const span = { start: m.index, end: m.index + m[0].length };
    if (isFree(span)) reading.spans.push(span);
    reading.latestQuarter = true;
  }
  for (const subject of DOCUMENT_SUBJECTS) {
    for (const m of matchesOf(text, subject.pattern)) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (!isFree(span)) continue;
      reading.spans.push(span);
      if (!reading.subjects.includes(subject)) reading.subjects.push(subject);
    }
  }
  if (!withCues) return reading;
  for (const m of matchesOf(text, DOCUMENT_CUES)) {
    const span = { start: m.index, end: m.index + m[0].length };
    if (!isFree(span)) continue;
    reading.spans.push(span);
    reading.cue = true;
  }
  return reading;
}

/** Whether the reading sends the question to the filings (subjects or cue words). */
export function asksFilings(reading: DocumentReading): boolean {
  return reading.subjects.length > 0 || reading.cue;
}

/** The request's sources, most important first: the filings lead when the question names no figure. */
export function routeSources(
  request: Pick<StructuredDataRequest, "companies" | "metrics" | "intent">,
  reading: DocumentReading,
): SourceRoute[] {
  const companies = singleCompanies(request);
  const peersOf = request.companies.flatMap((c) => (c.kind === "peers" ? [c.of] : []));
  const sectors = request.companies.flatMap((c) => (c.kind === "sector" ? [c.sector] : []));
  const filed = request.metrics.filter((m) => metricByKey(m.key)?.statement !== "market");
  const market = request.metrics.filter((m) => metricByKey(m.key)?.statement === "market");

  const figures: SourceRoute[] = [];
  if (filed.length > 0)
    figures.push({ source: "metrics", reason: `asks for ${namesOf(filed)}: the filed figures`, sections: [] });
  if (market.length > 0)
    figures.push({ source: "prices", reason: `asks for ${namesOf(market)}: the daily prices`, sections: [] });

  // Filings are searched per company: a question about a sector alone or every company has none to read.
  const filingCompanies = companies.length + peersOf.length;
  const explains = request.intent === "explain" && request.metrics.length > 0;
  const filings: SourceRoute[] = [];
  if (filingCompanies > 0 && (asksFilings(reading) || explains)) {
    const reasons = reading.subjects.map((s) => s.reason);
    const sections = reading.subjects.flatMap((s) => s.sections);
    if (explains) {
      reasons.push(EXPLAIN_REASON);
      sections.push("7");
    }
    if (reasons.length === 0) reasons.push(DOCUMENT_CUE_REASON);
    filings.push({ source: "filings", reason: reasons.join("; "), sections: [...new Set(sections)] });
  }

  // Calls, like filings, are searched per company (each company's calls when several are compared).
  const transcripts: SourceRoute[] = [];
  if (filingCompanies > 0 && (reading.callSubjects.length > 0 || reading.latestQuarter)) {
    const reasons = reading.callSubjects.map((s) => s.reason);
    if (reading.latestQuarter) reasons.push("asks about the latest quarter: the call's commentary for context");
    if (filingCompanies > 1) reasons.push("names several companies: each one's calls, side by side");
    // A section only when every subject points to one ("what analysts asked" → the Q&A).
    const sections = reading.callSubjects.every((s) => s.sections.length > 0)
      ? [...new Set(reading.callSubjects.flatMap((s) => s.sections))]
      : [];
    transcripts.push({ source: "transcripts", reason: reasons.join("; "), sections });
  }
  if (reading.latestQuarter && filingCompanies > 0 && !figures.some((f) => f.source === "metrics")) {
    figures.unshift({
      source: "metrics",
      reason: "asks for the latest quarter's results: the filed figures first",
      sections: [],
    });
  }

  // A news question asks for the news itself; a stock-move question for the prices over the window and
  // what was published on or just before the days it moved.
  if (request.intent === "news")
    return [
      { source: "news", reason: "asks for the news itself", sections: [] },
      ...figures,
      ...transcripts,
      ...filings,
    ];
  if (request.intent === "move")
    return [
      { source: "prices", reason: "asks why the stock moved: daily prices over the window", sections: [] },
      { source: "news", reason: "what was published on or just before the days it moved", sections: [] },
      ...figures.filter((f) => f.source !== "prices"),
      ...transcripts,
      ...filings,
    ];
  const news: SourceRoute[] =
    filingCompanies > 0 || sectors.length > 0
      ? [{ source: "news", reason: "names companies: recent news about them, for context", sections: [] }]
      : [];
  return [...figures, ...transcripts, ...filings, ...news];
}

function namesOf(metrics: ReadonlyArray<{ name: string }>): string {
  const names = metrics.map((m) => m.name);
  return names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The filing sections a route may name: the 10-K's items (a 10-Q's are stored in their terms), the
 * exhibits, an 8-K, or an 8-K's item ("8-K 2.02"). */
const FILING_SECTION = /^(?:1|1A|1B|1C|2|3|4|5|7|7A|8|9A|9B|10|11|12|13|14|15|exhibits|8-K|8-K \d\.\d{2})$/;
const routeReason = z.string().trim().min(1).max(300);

/** The document routes an LLM may propose (filings with their sections, earnings calls with theirs),
 * checked against what FinGround searches; anything else fails and the rules route the question. */
export const proposedDocumentRoutesSchema = z
  .array(
    z.discriminatedUnion("source", [
      z.object({
        source: z.literal("filings"),
        reason: routeReason,
        sections: z.array(z.string().trim().regex(FILING_SECTION, "not a filing section FinGround stores")).max(8),
      }),
      z.object({
        source: z.literal("transcripts"),
        reason: routeReason,
        sections: z.array(z.enum(["prepared_remarks", "qa"])).max(2),
      }),
    ]),
  )
  .max(2)
  .refine((routes) => new Set(routes.map((r) => r.source)).size === routes.length, "a source named twice");

/** The rules' routes with their document routes (filings, transcripts) replaced by `documents`, placed
 * where routeSources places them: after the figures, before the news given for context; last when the
 * news itself or a stock move is asked (the news leads then). */
export function withDocumentRoutes(
  rules: readonly SourceRoute[],
  documents: readonly SourceRoute[],
  intent: StructuredDataRequest["intent"],
): SourceRoute[] {
  const others = rules.filter((r) => r.source !== "filings" && r.source !== "transcripts");
  const deduped = documents.map((d) => ({ ...d, sections: [...new Set(d.sections)] }));
  const contextNews = intent === "news" || intent === "move" ? -1 : others.findIndex((r) => r.source === "news");
  if (contextNews < 0) return [...others, ...deduped];
  return [...others.slice(0, contextNews), ...deduped, ...others.slice(contextNews)];
}
