// What a request needs of the earnings calls: when its sources route it to the transcripts, one search
// per company named (at most 8) × fiscal quarter (the request's fiscal years' quarters, at most 12; none
// named: each company's calls, every quarter), all in parallel on the configured engine
// (transcriptSearchFor), each keeping its own top k (TRANSCRIPTS_K_PER_QUARTER), over the route's call
// sections. What was searched, and by which engine, is reported beside the hits, for the request panel.
// A call the request names ("the Q2 2023 earnings call": fiscal Q2 FY2023) is the only quarter searched
// for each company that holds it; a company that does not gets its nearest held call instead, under a
// notice, never another quarter silently.
import { type DocumentAsked, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { type DocumentNotice, type HeldDocument, resolveDocument } from "@/lib/documents/document-asked";
import type { RankingOptions } from "@/lib/documents/search/engine";
import type { EngineName } from "@/lib/documents/search/engine-from-config";
import type { TranscriptChunkHit, TranscriptFilters, TranscriptQuery } from "./search";
import { CALL_SECTIONS, type CallSection } from "./types";

const MAX_COMPANIES = 8;
const MAX_QUARTERS = 12;

export interface AnswerTranscripts {
  hits: TranscriptChunkHit[];
  /** What was searched: companies, fiscal quarters ("FY2021 Q3"; empty: every quarter), sections. */
  searched: { tickers: string[]; quarters: string[]; sections: CallSection[] };
  /** Which engine answered: Elasticsearch, or PostgreSQL (configured, or its fallback). */
  engine: EngineName;
  /** Companies beyond the limit, not searched. */
  skipped: string[];
  /** Companies for which the call asked is not held (the nearest held searched instead). Absent in
   * answers stored before calls were asked by quarter. */
  notices?: DocumentNotice[];
  ms: number;
}

/** The fiscal quarters the request names: a fiscal quarter ("Q3 FY2021") alone, a fiscal year's four,
 * or for a calendar range the quarters of the fiscal years it spans (calls carry fiscal quarters only),
 * newest first; none when it names no date (every quarter is searched). */
function quartersOf(request: StructuredDataRequest): TranscriptFilters["quarters"] {
  const { fiscal, start, end } = request.dates;
  if (fiscal && fiscal.period !== "FY")
    return [{ fiscalYear: fiscal.year, fiscalQuarter: Number(fiscal.period.slice(1)) }];
  const first = fiscal ? fiscal.year : start ? Number(start.slice(0, 4)) : null;
  const last = fiscal ? fiscal.year : end ? Number(end.slice(0, 4)) : null;
  if (first === null || last === null) return [];
  const quarters: TranscriptFilters["quarters"] = [];
  for (let year = last; year >= first && quarters.length < MAX_QUARTERS; year--)
    for (let q = 4; q >= 1 && quarters.length < MAX_QUARTERS; q--)
      quarters.push({ fiscalYear: year, fiscalQuarter: q });
  return quarters;
}

/** The quarters of a call asked: its quarter, or its fiscal year's four. */
function askedQuarters(document: DocumentAsked): TranscriptFilters["quarters"] {
  const year = document.fiscalYear;
  if (year === null) return [];
  if (document.fiscalQuarter !== null) return [{ fiscalYear: year, fiscalQuarter: document.fiscalQuarter }];
  return [4, 3, 2, 1].map((fiscalQuarter) => ({ fiscalYear: year, fiscalQuarter }));
}

const quarterOf = (d: HeldDocument) => ({ fiscalYear: d.fiscalYear, fiscalQuarter: d.fiscalQuarter ?? 4 });

export async function transcriptsForRequest(options: {
  request: StructuredDataRequest;
  /** transcriptSearchFor bound to a database and configuration. */
  search: (query: TranscriptQuery) => Promise<{ engine: EngineName; hits: TranscriptChunkHit[] }>;
  embed: (text: string) => Promise<readonly number[] | null>;
  /** `k` per company and quarter. */
  ranking: RankingOptions;
  /** The calls held for the companies (heldCallsOf bound to a database): whether a call the request
   * names is there. Absent: the call's quarter is searched as asked, without notices. */
  held?: (tickers: readonly string[]) => Promise<{ ticker: string; document: HeldDocument }[]>;
}): Promise<AnswerTranscripts | null> {
  const started = performance.now();
  const { request } = options;
  const route = request.sources.find((s) => s.source === "transcripts");
  if (!route) return null;
  const tickers = [
    ...new Set([
      ...singleCompanies(request).map((c) => c.ticker),
      ...request.companies.flatMap((c) => (c.kind === "peers" ? [c.of.ticker] : [])),
    ]),
  ];
  if (tickers.length === 0) return null;
  const sections = route.sections.filter((s): s is CallSection => (CALL_SECTIONS as readonly string[]).includes(s));
  const searchedTickers = tickers.slice(0, MAX_COMPANIES);
  const call = request.document?.form === "earnings-call" ? request.document : null;
  // One search per set of quarters: every company the same ones, unless a call asked is not held by all.
  const searches: TranscriptFilters[] = [];
  const notices: DocumentNotice[] = [];
  if (call && options.held) {
    const held = await options.held(searchedTickers);
    for (const ticker of searchedTickers) {
      const resolution = resolveDocument(
        call,
        held.filter((h) => h.ticker === ticker).map((h) => h.document),
      );
      const name =
        singleCompanies(request).find((c) => c.ticker === ticker)?.name ??
        request.companies.flatMap((c) => (c.kind === "peers" && c.of.ticker === ticker ? [c.of.name] : []))[0] ??
        ticker;
      if (!resolution.held) notices.push({ ticker, companyName: name, asked: call, nearest: resolution.nearest });
      const documents = resolution.held ? resolution.documents : resolution.nearest ? [resolution.nearest] : [];
      if (documents.length > 0)
        searches.push({ tickers: [ticker], quarters: documents.map(quarterOf), sections, roles: [] });
    }
  } else {
    const quarters = call ? askedQuarters(call) : quartersOf(request);
    searches.push({ tickers: searchedTickers, quarters, sections, roles: [] });
  }
  const embedding = await options.embed(request.question);
  const results = await Promise.all(
    searches.map((filters) => options.search({ text: request.question, embedding, filters, ranking: options.ranking })),
  );
  const quarters = [
    ...new Map(searches.flatMap((f) => f.quarters).map((q) => [`FY${q.fiscalYear} Q${q.fiscalQuarter}`, q])).keys(),
  ];
  return {
    hits: results.flatMap((r) => r.hits),
    searched: { tickers: searchedTickers, quarters, sections },
    engine: results[0]?.engine ?? "postgres",
    skipped: tickers.slice(MAX_COMPANIES),
    notices,
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
}
