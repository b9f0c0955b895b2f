// What a request needs of the earnings calls: when its sources route it to the transcripts, one search
// per company named (at most 8) × fiscal quarter (the request's fiscal years' quarters, at most 12; none
// named: each company's calls, every quarter), all in parallel on the configured engine
// (transcriptSearchFor), each keeping its own top k (TRANSCRIPTS_K_PER_QUARTER), over the route's call
// sections. What was searched, and by which engine, is reported beside the hits, for the request panel.
import { singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import type { RankingOptions } from "@/lib/documents/news/types";
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

export async function transcriptsForRequest(options: {
  request: StructuredDataRequest;
  /** transcriptSearchFor bound to a database and configuration. */
  search: (query: TranscriptQuery) => Promise<{ engine: EngineName; hits: TranscriptChunkHit[] }>;
  embed: (text: string) => Promise<readonly number[] | null>;
  /** `k` per company and quarter. */
  ranking: RankingOptions;
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
  const quarters = quartersOf(request);
  const filters: TranscriptFilters = { tickers: tickers.slice(0, MAX_COMPANIES), quarters, sections, roles: [] };
  const { engine, hits } = await options.search({
    text: request.question,
    embedding: await options.embed(request.question),
    filters,
    ranking: options.ranking,
  });
  return {
    hits,
    searched: {
      tickers: filters.tickers,
      quarters: quarters.map((q) => `FY${q.fiscalYear} Q${q.fiscalQuarter}`),
      sections,
    },
    engine,
    skipped: tickers.slice(MAX_COMPANIES),
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
}
