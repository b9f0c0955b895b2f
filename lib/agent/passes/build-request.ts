// The Structured Data Request from the reading: each company, group and metric once, in order of first
// mention, and the default metrics where the question implies them.
import { INVEST_DEFAULTS, OVERVIEW_DEFAULTS, POPULAR_METRICS } from "../lexicon/metric-words";
import { metricName, relatedMetrics } from "../metrics";
import { readDocumentAsked } from "../document-asked";
import { asksFilings, routeSources } from "../routing";
import type { CompanyEntry, CompanyRef, GroupRef, MetricRef, Span, StructuredDataRequest } from "../schema";
import { spanOf, type ReadingState, type ResolvedGroup } from "./reading-state";

/** Default metrics read as implied. */
const DEFAULT_CONFIDENCE = 0.5;

/** "Highest dividend", "best dividend stocks": the bare words an income investor ranks by. */
const INCOME_WORDS = /^dividends?$/i;
/** "The biggest payout": no metric's name, but a ranking by it is the same income ranking. */
const PAYOUT_WORDS: ReadonlySet<string> = new Set(["payout", "payouts"]);
const INCOME_AMOUNTS: ReadonlySet<string> = new Set(["dividends_per_share", "dividends_paid"]);
const INCOME_MEASURE = "dividend_yield_ttm";

export function buildRequest(state: ReadingState, agent: string): StructuredDataRequest {
  const { metrics, intent, suggestions } = state;
  const companyRefs: CompanyEntry[] = [];
  const ordered: Array<{ first: number; entry: CompanyEntry }> = [
    ...state.companies.map((hit) => ({
      first: hit.first,
      entry: {
        kind: "company",
        ticker: hit.ticker,
        name: hit.name,
        span: spanOf(state, hit.first, hit.last),
        confidence: hit.confidence,
      } as CompanyRef,
    })),
    ...state.groups.map((g) => ({ first: g.first < 0 ? Number.MAX_SAFE_INTEGER : g.first, entry: withSpan(state, g) })),
  ];
  for (const { entry } of ordered.sort((a, b) => a.first - b.first)) {
    const existing = companyRefs.find((c) => sameEntry(c, entry));
    if (!existing) companyRefs.push(entry);
    else if (existing.kind !== "all" && entry.kind !== "all")
      existing.confidence = Math.max(existing.confidence, entry.confidence);
  }
  const singles = companyRefs.filter((c) => c.kind === "company").length;
  const metricRefs: MetricRef[] = [];
  const addMetric = (key: string, span: Span | null, confidence: number) => {
    const existing = metricRefs.find((m) => m.key === key);
    if (existing) existing.confidence = Math.max(existing.confidence, confidence);
    else metricRefs.push({ key, name: metricName(key), span, confidence, related: relatedMetrics(key) });
  };
  // "stock" is the share price only when no other metric is named ("highest dividend yield stocks").
  // A plain-language word ("cheaper on a P/E basis") adds nothing when a metric is named by name.
  const namedByName = metrics.some((m) => !m.weak && !m.hint);
  for (const hit of [...metrics].sort((a, b) => a.first - b.first)) {
    if ((hit.weak && state.metricNamed) || (hit.hint && namedByName)) continue;
    const span = spanOf(state, hit.first, hit.last);
    // A ranking by a bare "dividend" ranks by dividend yield (issue 30): by dollars per share, the stock with
    // the lowest yield can come first. "Dividend per share" or "dividends paid" said in full stays as said.
    const income = state.rank !== null && INCOME_AMOUNTS.has(hit.key) && INCOME_WORDS.test(span?.text ?? "");
    addMetric(income ? INCOME_MEASURE : hit.key, span, hit.confidence);
  }
  let { unrecognized } = state;
  if (state.rank !== null && metricRefs.length === 0) {
    const at = state.tokens.findIndex((t) => PAYOUT_WORDS.has(t.norm));
    const span = at >= 0 ? spanOf(state, at, at) : null;
    if (span && unrecognized.some((u) => u.start <= span.start && u.end >= span.end)) {
      addMetric(INCOME_MEASURE, span, DEFAULT_CONFIDENCE);
      unrecognized = unrecognized.filter((u) => !(u.start <= span.start && u.end >= span.end));
      suggestions.splice(0, suggestions.length, ...suggestions.filter((s) => !s.text.includes(span.text)));
    }
  }

  // A news or a stock-move question asks for documents and prices, not for invented metrics.
  const readsDocuments = intent.intent === "news" || intent.intent === "move";
  if (readsDocuments) {
    // no default metrics: `sources` (below) says what the answer reads
  } else if (intent.intent === "invest" && metrics.every((m) => m.weak)) {
    for (const key of INVEST_DEFAULTS) addMetric(key, null, DEFAULT_CONFIDENCE);
  } else if (
    metrics.length === 0 &&
    // A question about what the filings say gets their passages, not invented figures.
    (!asksFilings(state.documents) || intent.overview) &&
    ((singles > 0 && (intent.overview || unrecognized.length === 0)) || (companyRefs.length > 0 && intent.overview))
  ) {
    // A group alone ("top 5 companies") gets no invented metric, unless asked how it is doing.
    for (const key of OVERVIEW_DEFAULTS) addMetric(key, null, DEFAULT_CONFIDENCE);
  }
  if (
    !readsDocuments &&
    metricRefs.length === 0 &&
    (companyRefs.length > 0 || intent.intent !== "lookup") &&
    !asksFilings(state.documents) &&
    !suggestions.some((s) => s.kind === "metric")
  ) {
    suggestions.push({
      text: unrecognized.map((u) => u.text).join(" "),
      kind: "metric",
      candidates: POPULAR_METRICS.map((key) => ({ value: key, label: metricName(key), score: 0 })),
    });
  }

  const sources = routeSources({ companies: companyRefs, metrics: metricRefs, intent: intent.intent }, state.documents);
  return {
    question: state.question,
    today: state.today,
    asOf: null,
    companies: companyRefs,
    metrics: metricRefs,
    dates: state.dates.range,
    intent: intent.intent,
    rank: state.rank,
    screen: state.screen,
    invested: state.invested,
    sources,
    document: readDocumentAsked(state.question, state.dates.range, sources),
    unrecognized,
    suggestions,
    agent,
  };
}

function withSpan(state: ReadingState, g: ResolvedGroup): GroupRef {
  if (g.first < 0) return g.ref;
  return { ...g.ref, span: spanOf(state, g.first, g.last) };
}

function sameEntry(a: CompanyEntry, b: CompanyEntry): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "company":
      return b.kind === "company" && a.ticker === b.ticker;
    case "peers":
      return b.kind === "peers" && a.of.ticker === b.of.ticker;
    case "sector":
      return b.kind === "sector" && a.sector === b.sector;
    case "industry":
      return b.kind === "industry" && a.industry === b.industry;
    case "all":
      return true;
  }
}
