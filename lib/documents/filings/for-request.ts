// The filing passages an answer uses (the "10-K agent"): the request's filings route becomes
// sub-questions, one per company (≤ 8; "compare the risks of X and Y" searches X and Y apart), plus
// a table search per input of a derived metric asked for ("current ratio" → current assets, current
// liabilities in Item 8). They run in parallel (bounded) over the route's sections and the request's
// fiscal years (≤ 12). Then, up to MAX_ROUNDS, what found nothing is searched again with a wider
// filter (the sections dropped, then the years); what still found nothing is reported as missing.
// The hits, deduplicated, take turns per sub-question (each company keeps its best passages), and a
// reranker may reorder them (none by default). A route's sections are a score bonus by default, not a
// filter (SectionRouting: the filter lost relevant chunks outside the routed items, npm run eval:filings).
// A document the request names (its form, fiscal year and quarter) is a filter no widening drops: the
// filings held for each company say whether it is there; when it is not, the nearest held one of its form
// is searched instead and a notice says so, so no other year is ever quoted silently.
import { type DocumentAsked, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { metricByKey } from "@/lib/catalog/metrics";
import { addDays } from "@/lib/core/dates";
import type { FilingChunkHit, FilingFilters, FilingForm, FilingQuery } from "@/lib/documents/filings/types";
import { type DocumentNotice, type HeldDocument, resolveDocument } from "@/lib/documents/document-asked";
import type { HeldFiling } from "@/lib/documents/filings/store";
import type { RankingOptions } from "@/lib/documents/search/engine";

export const MAX_FILING_COMPANIES = 8;
const MAX_FILING_PERIODS = 12;
/** The first search and two widenings: the sections dropped, then the years. */
const MAX_ROUNDS = 3;
/** Searches at once: PGlite runs one query at a time anyway, PostgreSQL shares 2 cores. */
const SEARCH_CONCURRENCY = 3;
/** "the 8-K of 2023-02-02": filed on that day or within a week after the event it reports. */
const EVENT_MARGIN_DAYS = 7;

/** Reorders the merged hits for the question: a cross-encoder or an LLM judge may go here. */
export interface Reranker {
  name: string;
  rerank(question: string, hits: readonly FilingChunkHit[]): Promise<FilingChunkHit[]>;
}

const NO_RERANKER: Reranker = { name: "none", rerank: async (_question, hits) => [...hits] };

/** How a route's sections shape a search: "filter" searches only their chunks; "boost" searches every
 * chunk the other filters allow and adds SECTION_BOOST to the score of those in the sections. */
export type SectionRouting = "filter" | "boost";
export const DEFAULT_SECTION_ROUTING: SectionRouting = "boost";
/** A tenth of the best possible hybrid score (cosine 1, best keyword match). */
const SECTION_BOOST = 0.1;
/** Boosted, the search brings this many times k candidates for the bonus to reorder. */
const BOOST_CANDIDATE_FACTOR = 3;

type FilingSearch = (query: FilingQuery) => Promise<{ engine: string; hits: FilingChunkHit[] }>;

/** One search with its sections applied as `routing` says. Boosted, the best k of k ×
 * BOOST_CANDIDATE_FACTOR candidates after the bonus (a routed chunk ranked below them keeps out). */
export async function searchRouted(
  search: FilingSearch,
  query: FilingQuery,
  routing: SectionRouting,
): Promise<{ engine: string; hits: FilingChunkHit[] }> {
  const { sections } = query.filters;
  if (routing === "filter" || sections.length === 0) return search(query);
  const { k } = query.ranking;
  const found = await search({
    ...query,
    filters: { ...query.filters, sections: [] },
    ranking: { ...query.ranking, k: k * BOOST_CANDIDATE_FACTOR },
  });
  const boosted = found.hits.map((hit) =>
    sections.includes(hit.sectionCode) ? { ...hit, score: hit.score + SECTION_BOOST } : hit,
  );
  // A stable sort: equal scores keep the engine's order.
  return { engine: found.engine, hits: boosted.sort((a, b) => b.score - a.score).slice(0, k) };
}

/** One search the plan runs: for whom, what text, within which filters. */
export interface FilingSubQuestion {
  ticker: string;
  /** "the question", or "input: Current Assets" for a derived metric's input. */
  purpose: string;
  text: string;
  filters: FilingFilters;
  /** The document's filters (form, fiscal years, periods), which widening keeps; null: no document named. */
  pinned: DocumentFilters | null;
}

type DocumentFilters = Pick<FilingFilters, "forms" | "fiscalYears" | "fiscalPeriods">;

/** What one sub-question found, round by round. */
interface FilingSearchReport extends FilingSubQuestion {
  /** 1 for the first search; 2, 3 when it was widened. */
  rounds: number;
  found: number;
}

export interface AnswerFilings {
  hits: FilingChunkHit[];
  searches: FilingSearchReport[];
  /** What no round found, even widened, as first asked ("NKE: the question, Item 1A, FY2023"). */
  missing: string[];
  /** Companies beyond MAX_FILING_COMPANIES, not searched. */
  skipped: string[];
  /** Companies for which the document asked is not held: the nearest held was searched instead, or
   * nothing when none of its form is held. Absent in answers stored before documents were asked. */
  notices?: DocumentNotice[];
  reranker: string;
  /** The engine that answered the searches ("postgres" also when Elasticsearch was configured but
   * down; "elasticsearch, postgres" when it failed part-way through the question). */
  engine: string;
  ms: number;
}

/** A route's section code as the store's filters: an 8-K's items are its sections ("2.02"). */
export function sectionFilters(sections: readonly string[]): { forms: FilingForm[]; sections: string[] } {
  const forms = new Set<FilingForm>();
  const codes = new Set<string>();
  for (const code of sections) {
    const eightK = /^8-K(?:\s+(\S+))?$/i.exec(code);
    if (eightK) {
      forms.add("8-K");
      if (eightK[1]) {
        forms.add("earnings");
        codes.add(eightK[1]);
      }
    } else codes.add(code);
  }
  // An 8-K route with 10-K items beside it ("risks in the 8-K"): every form.
  const onlyEightK = forms.size > 0 && [...codes].every((c) => /^\d+\.\d+$/.test(c));
  return { forms: onlyEightK ? [...forms] : [], sections: [...codes] };
}

/** The fiscal years a request covers, latest last; empty: any year. */
function fiscalYearsOf(request: StructuredDataRequest): number[] {
  const { fiscal, start, end, latest } = request.dates;
  if (fiscal) return [fiscal.year];
  if (latest || !start || !end) return [];
  const years: number[] = [];
  for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++) years.push(y);
  return years.slice(-MAX_FILING_PERIODS);
}

/** The store's forms of a document form asked (an 8-K covers the earnings releases filed with one). */
function formsOf(form: DocumentAsked["form"]): FilingForm[] {
  if (form === "8-K") return ["8-K", "earnings"];
  return form === "10-K" || form === "10-Q" ? [form] : [];
}

const QUARTER_PERIODS = ["Q1", "Q2", "Q3", "Q4"] as const;
/** A fiscal quarter 1-4 (the schemas keep it there) as the filings' period; null: the year's. */
const periodOf = (quarter: number | null): FilingFilters["fiscalPeriods"][number] =>
  quarter === null ? "FY" : (QUARTER_PERIODS[quarter - 1] ?? "FY");

/** The filters of the document asked, where the filings held are not known. */
function askedFilters(document: DocumentAsked): DocumentFilters {
  return {
    forms: formsOf(document.form),
    fiscalYears: document.fiscalYear === null ? [] : [document.fiscalYear],
    fiscalPeriods: document.fiscalQuarter === null ? [] : [periodOf(document.fiscalQuarter)],
  };
}

/** The filters of held documents: their years and periods, in the form asked. */
function heldFilters(form: DocumentAsked["form"], documents: readonly HeldDocument[]): DocumentFilters {
  return {
    forms: formsOf(form),
    fiscalYears: [...new Set(documents.map((d) => d.fiscalYear))],
    fiscalPeriods: [...new Set(documents.map((d) => periodOf(d.fiscalQuarter)))],
  };
}

/** The document filters for one company, and its notice when the document is not held. `undefined`
 * filters: nothing of the form is held, so the question is not searched in its filings. */
function documentFiltersFor(
  document: DocumentAsked,
  company: { ticker: string; name: string },
  held: readonly HeldFiling[] | null,
  datesNamed: StructuredDataRequest["dates"],
): { filters: DocumentFilters | undefined; notice: DocumentNotice | null } {
  // The call is the document asked: the filings beside it keep to its fiscal period; the calls' own
  // search says whether the call is held.
  if (document.form === "earnings-call") return { filters: { ...askedFilters(document), forms: [] }, notice: null };
  // A form without its year, beside dates ("its 8-K of 2023-02-02"): the form, within those dates.
  if (held === null || (document.fiscalYear === null && !datesNamed.latest))
    return { filters: askedFilters(document), notice: null };
  const own = held.filter((h) => h.ticker === company.ticker).map((h) => h.document);
  const resolution = resolveDocument(document, own);
  if (resolution.held) return { filters: heldFilters(document.form, resolution.documents), notice: null };
  const notice = { ticker: company.ticker, companyName: company.name, asked: document, nearest: resolution.nearest };
  return { filters: resolution.nearest ? heldFilters(document.form, [resolution.nearest]) : undefined, notice };
}

/** The plan: sub-questions for the request's filings route, the companies left out, and the notices
 * for documents asked but not held (`held`: the filings held for the companies; null: not known, the
 * document's filters are applied as asked). */
export function planFilingSearches(
  request: StructuredDataRequest,
  held: readonly HeldFiling[] | null = null,
): {
  subQuestions: FilingSubQuestion[];
  skipped: string[];
  notices: DocumentNotice[];
} {
  const route = request.sources.find((s) => s.source === "filings");
  if (!route) return { subQuestions: [], skipped: [], notices: [] };
  const named = [
    ...singleCompanies(request).map((c) => ({ ticker: c.ticker, name: c.name })),
    ...request.companies.flatMap((c) => (c.kind === "peers" ? [c.of] : [])),
  ].filter((c, i, all) => all.findIndex((o) => o.ticker === c.ticker) === i);
  const companies = named.slice(0, MAX_FILING_COMPANIES);
  const routed = sectionFilters(route.sections);
  const byEvent = routed.forms.length > 0 && request.dates.start !== null && request.dates.end !== null;
  const dateFilters = byEvent
    ? {
        fiscalYears: [],
        fiscalPeriods: [],
        periodEndFrom: addDays(request.dates.start!, -EVENT_MARGIN_DAYS),
        periodEndTo: addDays(request.dates.end!, EVENT_MARGIN_DAYS),
      }
    : { fiscalYears: fiscalYearsOf(request), fiscalPeriods: [], periodEndFrom: null, periodEndTo: null };
  const inputs = request.metrics.flatMap((m) => metricByKey(m.key)?.formula?.inputs ?? []);
  const subQuestions: FilingSubQuestion[] = [];
  const notices: DocumentNotice[] = [];
  for (const company of companies) {
    const asked = request.document ? documentFiltersFor(request.document, company, held, request.dates) : null;
    if (asked?.notice) notices.push(asked.notice);
    if (asked && asked.filters === undefined) continue;
    const pinned = asked?.filters ?? null;
    // A document with a year is found by its fiscal period, not by the dates around an event.
    const dates =
      pinned && pinned.fiscalYears.length > 0
        ? {
            fiscalYears: pinned.fiscalYears,
            fiscalPeriods: pinned.fiscalPeriods,
            periodEndFrom: null,
            periodEndTo: null,
          }
        : { ...dateFilters, fiscalPeriods: pinned?.fiscalPeriods ?? [] };
    const forms = pinned && pinned.forms.length > 0 ? pinned.forms : routed.forms;
    const filters = { tickers: [company.ticker], forms, sections: routed.sections, ...dates };
    const kept = pinned ? { ...pinned, fiscalYears: filters.fiscalYears } : null;
    subQuestions.push({
      ticker: company.ticker,
      purpose: "the question",
      text: request.question,
      filters,
      pinned: kept,
    });
    for (const key of new Set(inputs)) {
      const name = metricByKey(key)?.name ?? key;
      subQuestions.push({
        ticker: company.ticker,
        purpose: `input: ${name}`,
        text: `${company.name} ${name}`,
        filters: { ...filters, forms: [], sections: ["8"] },
        pinned: kept ? { ...kept, forms: [] } : null,
      });
    }
  }
  return { subQuestions, skipped: named.slice(MAX_FILING_COMPANIES).map((c) => c.ticker), notices };
}

/** The next wider filter, or null when nothing is left to drop: the sections first (and the forms a
 * route gave), then the dates; never the document asked (`pinned`). */
function widened(filters: FilingFilters, pinned: DocumentFilters | null): FilingFilters | null {
  const keptForms = pinned?.forms ?? [];
  if (filters.sections.length > 0 || filters.forms.length > keptForms.length)
    return { ...filters, sections: [], forms: keptForms };
  if (pinned) return null;
  if (filters.fiscalYears.length > 0 || filters.periodEndFrom || filters.periodEndTo)
    return { ...filters, fiscalYears: [], fiscalPeriods: [], periodEndFrom: null, periodEndTo: null };
  return null;
}

function describeSearch(sub: FilingSubQuestion): string {
  const parts = [sub.purpose];
  if (sub.filters.forms.length > 0) parts.push(sub.filters.forms.join("/"));
  if (sub.filters.sections.length > 0) parts.push(`Item ${sub.filters.sections.join(", ")}`);
  if (sub.filters.fiscalYears.length > 0) parts.push(`FY${sub.filters.fiscalYears.join(", FY")}`);
  if (sub.filters.fiscalPeriods.length > 0) parts.push(sub.filters.fiscalPeriods.join("/"));
  if (sub.filters.periodEndFrom) parts.push(`${sub.filters.periodEndFrom} to ${sub.filters.periodEndTo}`);
  return `${sub.ticker}: ${parts.join(", ")}`;
}

/** Runs `work` over `items`, at most `limit` at once, results in order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Each sub-question's hits in turn (its best first, then every one's second…), each chunk once, up to k. */
function takeTurns(lists: ReadonlyArray<readonly FilingChunkHit[]>, k: number): FilingChunkHit[] {
  const seen = new Set<string>();
  const merged: FilingChunkHit[] = [];
  for (let rank = 0; merged.length < k && lists.some((l) => l.length > rank); rank++) {
    for (const list of lists) {
      const hit = list[rank];
      if (hit && !seen.has(hit.chunkId) && merged.length < k) {
        seen.add(hit.chunkId);
        merged.push(hit);
      }
    }
  }
  return merged;
}

export async function filingsForRequest(options: {
  request: StructuredDataRequest;
  /** The configured engine's search (filingSearchFor), or searchFilingChunks bound to a database. */
  search: FilingSearch;
  /** The text's embedding, or null for keyword ranking. */
  embed: (text: string) => Promise<readonly number[] | null>;
  ranking: RankingOptions;
  reranker?: Reranker;
  sectionRouting?: SectionRouting;
  /** The filings held for the companies (heldFilingsOf bound to a database): whether the document a
   * request names is there. Absent: its filters are applied as asked, without notices. */
  held?: (tickers: readonly string[]) => Promise<HeldFiling[]>;
}): Promise<AnswerFilings | null> {
  const started = performance.now();
  const { request, search, embed, ranking } = options;
  const routing = options.sectionRouting ?? DEFAULT_SECTION_ROUTING;
  const reranker = options.reranker ?? NO_RERANKER;
  const held =
    request.document && options.held && request.sources.some((s) => s.source === "filings")
      ? await options.held(
          singleCompanies(request)
            .map((c) => c.ticker)
            .concat(request.companies.flatMap((c) => (c.kind === "peers" ? [c.of.ticker] : []))),
        )
      : null;
  const { subQuestions, skipped, notices } = planFilingSearches(request, held);
  if (subQuestions.length === 0 && notices.length === 0) return null;

  const embeddings = new Map<string, Promise<readonly number[] | null>>();
  const embedOnce = (text: string) => {
    let vector = embeddings.get(text);
    if (!vector) embeddings.set(text, (vector = embed(text)));
    return vector;
  };
  const reports: FilingSearchReport[] = subQuestions.map((sub) => ({ ...sub, rounds: 0, found: 0 }));
  const found: FilingChunkHit[][] = subQuestions.map(() => []);
  const engines = new Set<string>();
  let pending = reports.map((_, i) => i);
  for (let round = 1; round <= MAX_ROUNDS && pending.length > 0; round++) {
    await mapBounded(pending, SEARCH_CONCURRENCY, async (i) => {
      const report = reports[i]!;
      const query = { text: report.text, embedding: await embedOnce(report.text), filters: report.filters, ranking };
      const { engine, hits } = await searchRouted(search, query, routing);
      engines.add(engine);
      report.rounds = round;
      report.found = hits.length;
      found[i] = hits;
    });
    // What found nothing is searched again, wider; what cannot widen stays missing.
    pending = pending.filter((i) => {
      if (found[i]!.length > 0) return false;
      const wider = widened(reports[i]!.filters, reports[i]!.pinned);
      if (wider) reports[i]!.filters = wider;
      return wider !== null;
    });
  }
  const missing = reports.filter((r) => r.found === 0).map((r) => describeSearch(subQuestions[reports.indexOf(r)]!));
  const hits = await reranker.rerank(request.question, takeTurns(found, ranking.k));
  return {
    hits,
    searches: reports,
    missing,
    skipped,
    notices,
    reranker: reranker.name,
    engine: [...engines].sort().join(", "),
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
}
