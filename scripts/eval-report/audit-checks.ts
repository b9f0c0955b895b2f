// The audit suite's checks (npm run eval:audit, scripts/eval-audit.ts): each reads one answer of the chat
// pipeline — its message parts (request, slice, documents' hits) and, where no part carries what is
// checked, its text — and returns what it found wrong, one finding per fault. What each check reads and
// why: eval/audit/LABELLING.md.
import { singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { matchesOf } from "@/lib/core/regex";
import type { FinGroundUIMessage } from "@/lib/conversation/message";
import type { DataPoint, DataSlice, FilingLine, Series } from "@/lib/data/types";
import type { AnswerFilings } from "@/lib/documents/filings/for-request";
import type { AnswerNews } from "@/lib/documents/news/for-request";
import type { AnswerTranscripts } from "@/lib/documents/transcripts/for-request";
import type { AuditQuestion } from "@/eval/audit/questions";
import { measureOf } from "@/lib/data/versions";

export const AUDIT_CHECKS = [
  "cut-quotes",
  "duplicate-quotes",
  "stale-valuation",
  "mixed-concepts",
  "mixed-period-kinds",
  "invented-companies",
  "wrong-document",
  "dropped-scale",
] as const;
export type AuditCheck = (typeof AUDIT_CHECKS)[number];

export interface Finding {
  check: AuditCheck;
  /** What the check saw, short enough for a report line. */
  detail: string;
}

/** What the checks read of one answer, taken from its message parts. */
export interface AuditAnswer {
  text: string;
  request: StructuredDataRequest | null;
  slice: DataSlice | null;
  filings: AnswerFilings | null;
  transcripts: AnswerTranscripts | null;
  news: AnswerNews | null;
}

export function auditAnswerOf(parts: FinGroundUIMessage["parts"]): AuditAnswer {
  let answer: AuditAnswer = { text: "", request: null, slice: null, filings: null, transcripts: null, news: null };
  for (const part of parts) {
    if (part.type === "text") answer = { ...answer, text: answer.text + part.text };
    else if (part.type === "data-request") answer = { ...answer, request: part.data };
    else if (part.type === "data-slice") answer = { ...answer, slice: part.data };
    else if (part.type === "data-filings") answer = { ...answer, filings: part.data };
    else if (part.type === "data-transcripts") answer = { ...answer, transcripts: part.data };
    else if (part.type === "data-news") answer = { ...answer, news: part.data };
  }
  return answer;
}

// --- Quotes -------------------------------------------------------------------------------------------

/** A quoted span of the answer and the citation right after it ([F2], [T1]), if any. */
interface Quote {
  text: string;
  cited: { kind: "F" | "T"; index: number } | null;
}

/** `"…" [F2]` or `"…" [T1]`: how the analyst quotes a passage, cited (the quote may hold quotation marks). */
const CITED_QUOTE = /"([^\n]+?)"\s*\[([FT])(\d+)\]/g;
/** A call's answer quoted under the question it answers: `  Answered by Name: "…"`. */
const ANSWERED_QUOTE = /^\s*Answered by [^:\n]*: "([^\n]+)"$/gm;
/** A news line's excerpt: `- [N1] **title** (source, date): excerpt`. */
const NEWS_EXCERPT = /^- \[N\d+\] \*\*.*?\*\* \([^)\n]*\)(?: — [^:\n]*)?: (.+)$/gm;
const MARKDOWN_ESCAPE = /\\([\\`*_{}[\]()#+\-.!|<>~"'$])/g;
const unescapeMarkdown = (text: string) => text.replace(MARKDOWN_ESCAPE, "$1");

/** The answer's quotes of documents: cited passages, answers under their questions, news excerpts. */
export function quotesOf(text: string): Quote[] {
  return [
    ...matchesOf(text, CITED_QUOTE).map((m) => ({
      text: unescapeMarkdown(m[1]!),
      cited: { kind: m[2] as "F" | "T", index: Number(m[3]) - 1 },
    })),
    ...matchesOf(text, ANSWERED_QUOTE).map((m) => ({ text: unescapeMarkdown(m[1]!), cited: null })),
    ...matchesOf(text, NEWS_EXCERPT).map((m) => ({ text: unescapeMarkdown(m[1]!), cited: null })),
  ];
}

/** As the prompt and the analyst print a passage: control characters and runs of spaces as one space. */
const flatten = (text: string) =>
  text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The texts a quote may come from: the cited passage first, then every passage of the answer. */
function sourcesOf(answer: AuditAnswer, quote: Quote): string[] {
  const filings = answer.filings?.hits.map((h) => h.text) ?? [];
  const calls = answer.transcripts?.hits.flatMap((h) => [h.text, ...(h.counterpart ? [h.counterpart.text] : [])]) ?? [];
  const news = answer.news?.hits.flatMap((h) => [h.snippet, h.title]) ?? [];
  const cited =
    quote.cited?.kind === "F"
      ? answer.filings?.hits[quote.cited.index]?.text
      : quote.cited?.kind === "T"
        ? answer.transcripts?.hits[quote.cited.index]?.text
        : undefined;
  return [...(cited ? [cited] : []), ...filings, ...calls, ...news].map(flatten);
}

const ELLIPSIS = /(?:…|\.\.\.)$/;
const SENTENCE_BREAK = /(?<=[.!?]["”’)]?)\s+(?=["“(]?[A-Z])/;
const LEADING_ELLIPSIS = /^(?:…|\.\.\.)/;
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Abbreviations that do not end a sentence when lower case or a digit follows. */
const ABBREVIATION_END = /\b(?:Inc|Corp|Co|Ltd|Mr|Mrs|Ms|Dr|St|Jr|U\.S|etc)\.$/i;
/** Never the end of a sentence when anything follows: "v." (versus), "e.g.", "No.", a lone letter ("(e."). */
const CONTINUED_END = /(?:^|[\s(])(?:v|vs|e\.g|i\.e|cf|approx|No|Nos|[a-z])\.$/;
const ITEM_END = /\bItem\s+\d+[A-Z]?\.$/i;
/** What follows an item number cut from its title ("Item 1A." + "Risk Factors"); a sentence that ends by
 * naming an item ("… presented below in this Item 7.") is whole. */
const ITEM_TITLE =
  /^(?:Risk Factors|Management|Financial Statements|Business|Legal Proceedings|Properties|Controls and Procedures|Quantitative and Qualitative|Market for|Selected Financial|Unresolved Staff|Mine Safety|Changes in and Disagreements|Other Information|Exhibits)/i;
/** Where an answer visibly shortened a quote between two of its sentences. */
const INNER_ELLIPSIS = /\s*…\s*/;
const FURNITURE = /Table of Contents|\|\s*(?:19|20)\d{2}\s+Form\s+10-[KQ]\s*\|/i;

/** Why a quote located at `at` in `source` is cut, or null when it is whole (or visibly shortened with "…"). */
export function cutOf(quote: string, source: string, at: number): string | null {
  const before = source.slice(0, at);
  const after = source.slice(at + quote.length);
  const next = after.trimStart();
  if (!ELLIPSIS.test(quote)) {
    if (/\d[.,]$/.test(quote) && /^\d/.test(after))
      return `ends inside a number ("…${quote.slice(-12)}" + "${after.slice(0, 8)}")`;
    if (/[$(]$/.test(quote) || (/[$(]\d*$/.test(quote) && /^\d/.test(after)))
      return `ends inside an amount ("…${quote.slice(-12)}" + "${after.slice(0, 8)}")`;
    if (WORD_CHAR.test(quote.at(-1) ?? "") && WORD_CHAR.test(after[0] ?? ""))
      return `ends mid-word ("…${quote.slice(-12)}" + "${after.slice(0, 8)}")`;
    if (ITEM_END.test(quote) && ITEM_TITLE.test(next)) return `ends at an item number ("…${quote.slice(-12)}")`;
    if (/\b[A-Z]\.$/.test(quote) && /^[A-Z]\./.test(after))
      return `ends inside an abbreviation ("…${quote.slice(-8)}${after.slice(0, 4)}")`;
    if (CONTINUED_END.test(quote) && next !== "")
      return `ends at an abbreviation ("…${quote.slice(-12)}" + " ${next.slice(0, 10)}")`;
    if (ABBREVIATION_END.test(quote) && /^[\p{Ll}\d]/u.test(next))
      return `ends at an abbreviation ("…${quote.slice(-12)}" + " ${next.slice(0, 10)}")`;
  }
  if (!LEADING_ELLIPSIS.test(quote)) {
    if (/\d[.,]$/.test(before) && /^\d/.test(quote))
      return `starts inside a number ("${before.slice(-8)}" + "${quote.slice(0, 12)}…")`;
    if (WORD_CHAR.test(before.at(-1) ?? "") && WORD_CHAR.test(quote[0] ?? ""))
      return `starts mid-word ("${before.slice(-8)}" + "${quote.slice(0, 12)}…")`;
  }
  if (FURNITURE.test(quote.slice(0, 40)) || FURNITURE.test(quote.slice(-40)))
    return `page furniture at an end ("${quote.slice(0, 30)}…${quote.slice(-30)}")`;
  return null;
}

function checkQuotes(answer: AuditAnswer): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  for (const quote of quotesOf(answer.text)) {
    const flat = flatten(quote.text);
    const body = flat.replace(ELLIPSIS, "").replace(LEADING_ELLIPSIS, "").trim();
    const sources = sourcesOf(answer, quote);
    // "A … B": two sentences of one passage, the text between them visibly left out; each must be whole.
    const parts = body.split(INNER_ELLIPSIS).filter((p) => p !== "");
    const source = sources.find((s) => parts.every((p) => s.includes(p)));
    if (source === undefined) {
      // Sentences of one passage that are not adjacent in it, joined without "…", are no quote of it either.
      const pieces = body.split(SENTENCE_BREAK);
      const joined = pieces.length > 1 && pieces.every((p) => sources.some((s) => s.includes(p)));
      findings.push({
        check: "cut-quotes",
        detail: `${joined ? "joins sentences not adjacent in the passage, without …" : "in no passage of the answer"}: "${flat.slice(0, 80)}"`,
      });
    } else {
      for (const part of parts) {
        const cut = cutOf(part, source, source.indexOf(part));
        if (cut) findings.push({ check: "cut-quotes", detail: `${cut}: "${flat.slice(0, 60)}…"` });
      }
    }
    const key = body.toLowerCase();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const [sentence, times] of seen)
    if (times > 1 && sentence.length >= 20)
      findings.push({ check: "duplicate-quotes", detail: `quoted ${times} times: "${sentence.slice(0, 80)}"` });
  return findings;
}

// --- Figures ------------------------------------------------------------------------------------------

/** Price-based ratios: their fundamentals must be TTM (or annual) as of the price date. */
const VALUATION_METRICS = new Set([
  "pe_ratio_ttm",
  "earnings_yield",
  "peg_ratio",
  "price_to_sales",
  "price_to_book",
  "price_to_tangible_book",
  "price_to_free_cash_flow",
  "price_to_operating_cash_flow",
  "ev_to_ebitda",
  "ev_to_sales",
  "ev_to_ebit",
  "ev_to_fcf",
  "dividend_yield_ttm",
  "fcf_yield",
  "buyback_yield",
  "shareholder_yield",
]);
/** "More than 15 months older than the price" (issue 30, item 2), in days. */
const STALE_DAYS = 457;
/** A flow input covers at least this many days to count as twelve months (52-week years, TTM sums). */
const TWELVE_MONTH_DAYS = 350;
const DAY_MS = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** A point's leaves: the filed and price values it was computed from, with the metric each is of. */
function leavesOf(point: DataPoint, metricKey: string): { metricKey: string; point: DataPoint }[] {
  if (point.source.kind !== "derived") return [{ metricKey, point }];
  return point.source.inputs.flatMap((input) => leavesOf(input.point, input.metricKey));
}

/** What is stale or not TTM in a valuation point, or null. */
function staleValuationOf(point: DataPoint, metricKey: string): string | null {
  const leaves = leavesOf(point, metricKey);
  const prices = leaves.filter((l) => l.point.source.kind === "daily_prices").map((l) => l.point.periodEnd);
  const priceDate = prices.sort().at(-1);
  if (priceDate === undefined) return null;
  const filed = leaves.filter((l) => l.point.source.kind === "sec_filing");
  const newest = filed
    .map((l) => l.point.periodEnd)
    .sort()
    .at(-1);
  if (newest !== undefined && days(newest, priceDate) > STALE_DAYS)
    return `fundamentals end ${newest}, ${days(newest, priceDate)} days before the price of ${priceDate}`;
  const flows = new Map<string, DataPoint[]>();
  for (const l of filed)
    if (l.point.periodStart !== null) flows.set(l.metricKey, [...(flows.get(l.metricKey) ?? []), l.point]);
  for (const [key, points] of flows) {
    const covered = points.reduce((sum, p) => sum + days(p.periodStart!, p.periodEnd), 0);
    if (covered < TWELVE_MONTH_DAYS)
      return `${key} covers ${covered} days (${points.map((p) => `${p.fiscalPeriod} FY${p.fiscalYear}`).join(", ")}), not twelve months`;
  }
  return null;
}

const STALE_NOTICE = /\bstale\b/i;

function checkValuation(answer: AuditAnswer): Finding[] {
  if (!answer.slice || STALE_NOTICE.test(answer.text)) return [];
  return answer.slice.series.flatMap((series) => {
    const latest = series.points.at(-1);
    if (!VALUATION_METRICS.has(series.metricKey) || latest === undefined) return [];
    const stale = staleValuationOf(latest, series.metricKey);
    return stale
      ? [{ check: "stale-valuation" as const, detail: `${series.ticker} ${series.metricKey}: ${stale}` }]
      : [];
  });
}

/** The concepts of each metric a series reads, over all its points (a ratio: each input's own). */
function conceptsOf(series: Series): Map<string, Set<string>> {
  const concepts = new Map<string, Set<string>>();
  for (const point of series.points)
    for (const leaf of leavesOf(point, series.metricKey))
      if (leaf.point.source.kind === "sec_filing") {
        const set = concepts.get(leaf.metricKey) ?? new Set<string>();
        set.add(measureOf(leaf.point.source.concept));
        concepts.set(leaf.metricKey, set);
      }
  return concepts;
}

const CONCEPT_NOTICE =
  /(?:different|two|several|mixed|changed?)\s+(?:XBRL\s+)?concepts?|concepts?\s+(?:changed|differ)/i;

function checkConcepts(answer: AuditAnswer): Finding[] {
  if (!answer.slice || CONCEPT_NOTICE.test(answer.text)) return [];
  return answer.slice.series.flatMap((series) =>
    [...conceptsOf(series)]
      .filter(([, concepts]) => concepts.size > 1)
      .map(([key, concepts]) => ({
        check: "mixed-concepts" as const,
        detail: `${series.ticker} ${series.metricKey}: ${key} from ${[...concepts].join(" and ")}`,
      })),
  );
}

type PeriodKind = "fiscal year" | "quarter" | "part year";
const kindOfPeriod = (p: Pick<DataPoint, "periodStart" | "fiscalPeriod">): PeriodKind | null => {
  if (p.periodStart === null || p.fiscalPeriod === null) return null; // balances and prices: no period kind
  if (p.fiscalPeriod === "FY") return "fiscal year";
  return p.fiscalPeriod.startsWith("Q") ? "quarter" : "part year";
};

const PERIOD_NOTICE =
  /different (?:kinds of )?periods|period kinds differ|not the same (?:kind of )?period|quarter (?:beside|against|with|and) (?:a |the )?(?:full[- ])?(?:fiscal )?year/i;

/** A comparison (two companies or more on one metric) or a ranking whose values are of different period kinds. */
function mixedPeriodKindsOf(slice: DataSlice): string[] {
  const found: string[] = [];
  const byMetric = new Map<string, { ticker: string; kind: PeriodKind; label: string }[]>();
  for (const series of slice.series) {
    const latest = series.points.at(-1);
    const kind = latest ? kindOfPeriod(latest) : null;
    if (!latest || !kind) continue;
    const entry = { ticker: series.ticker, kind, label: `${latest.fiscalPeriod} FY${latest.fiscalYear}` };
    byMetric.set(series.metricKey, [...(byMetric.get(series.metricKey) ?? []), entry]);
  }
  for (const [metric, entries] of byMetric)
    if (new Set(entries.map((e) => e.ticker)).size > 1 && new Set(entries.map((e) => e.kind)).size > 1)
      found.push(`${metric}: ${entries.map((e) => `${e.ticker} ${e.label}`).join(", ")}`);
  const ranking = slice.ranking;
  if (ranking) {
    const kinds = ranking.entries.map((e) => ({ e, kind: kindOfPeriod(e.period) })).filter((x) => x.kind !== null);
    if (new Set(kinds.map((k) => k.kind)).size > 1)
      found.push(
        `ranking of ${ranking.metricKey}: ${kinds
          .slice(0, 6)
          .map(({ e }) => `${e.ticker} ${e.period.fiscalPeriod} FY${e.period.fiscalYear}`)
          .join(", ")}`,
      );
  }
  return found;
}

function checkPeriodKinds(answer: AuditAnswer): Finding[] {
  if (!answer.slice || PERIOD_NOTICE.test(answer.text)) return [];
  return mixedPeriodKindsOf(answer.slice).map((detail) => ({ check: "mixed-period-kinds" as const, detail }));
}

// --- Companies and documents -------------------------------------------------------------------------

/** Every company the request, the data or a document brings into the answer, each with where (companies
 * of a group the request resolved, and those a distribution surveys, are not named one by one: left out). */
function companiesIn(answer: AuditAnswer): Map<string, string> {
  const where = new Map<string, string>();
  const add = (ticker: string, place: string) => where.has(ticker) || where.set(ticker, place);
  if (answer.request)
    for (const c of singleCompanies(answer.request)) add(c.ticker, `request ("${c.span?.text ?? c.name}")`);
  // A group the request resolved (all companies for a healthy-ratio question, a sector) names no company.
  const grouped = new Set(answer.slice?.groups?.flatMap((g) => g.tickers) ?? []);
  const surveyed = answer.slice?.distribution ? new Set(answer.slice.series.map((s) => s.ticker)) : new Set<string>();
  const named = (ticker: string) => !grouped.has(ticker) && !surveyed.has(ticker);
  for (const s of answer.slice?.series ?? []) if (named(s.ticker)) add(s.ticker, `data (${s.metricKey})`);
  for (const e of answer.slice?.ranking?.entries ?? []) if (named(e.ticker)) add(e.ticker, "ranking");
  for (const l of answer.slice?.filingLines ?? []) add(l.ticker, `table row "${l.label}"`);
  for (const h of answer.filings?.hits ?? []) add(h.ticker, `filing ${h.form} FY${h.fiscalYear}`);
  for (const h of answer.transcripts?.hits ?? []) add(h.ticker, `call FY${h.fiscalYear} Q${h.fiscalQuarter}`);
  return where;
}

function checkCompanies(answer: AuditAnswer, question: AuditQuestion): Finding[] {
  if (question.group) return [];
  const asked = new Set(question.tickers);
  return [...companiesIn(answer)]
    .filter(([ticker]) => !asked.has(ticker))
    .map(([ticker, place]) => ({ check: "invented-companies" as const, detail: `${ticker} from the ${place}` }));
}

const CITATION = /\[([FT])(\d+)\]/g;
const NOT_HELD_NOTICE = /not held|isn't held|is not among|does not hold|doesn't hold|no .{0,60}? is held|nearest held/i;

/** Each cited filing or call whose form, fiscal year or quarter is not the one the question names. */
function wrongDocumentsOf(answer: AuditAnswer, question: AuditQuestion): string[] {
  const asked = question.document;
  if (!asked) return [];
  const found = new Set<string>();
  for (const m of matchesOf(answer.text, CITATION)) {
    const index = Number(m[2]) - 1;
    if (m[1] === "T") {
      const hit = answer.transcripts?.hits[index];
      if (!hit || asked.form !== "call") continue;
      if (
        (asked.fiscalYear !== undefined && hit.fiscalYear !== asked.fiscalYear) ||
        (asked.quarter !== undefined && hit.fiscalQuarter !== asked.quarter)
      )
        found.add(`[T${index + 1}] is the FY${hit.fiscalYear} Q${hit.fiscalQuarter} call`);
    } else {
      const hit = answer.filings?.hits[index];
      if (!hit || asked.form === "call") continue;
      const quarter = hit.fiscalPeriod.startsWith("Q") ? Number(hit.fiscalPeriod.slice(1)) : null;
      if (
        (asked.form !== undefined && hit.form !== asked.form) ||
        (asked.fiscalYear !== undefined && hit.fiscalYear !== asked.fiscalYear) ||
        (asked.quarter !== undefined && quarter !== asked.quarter)
      )
        found.add(`[F${index + 1}] is the ${hit.form} ${hit.fiscalPeriod} FY${hit.fiscalYear}`);
    }
  }
  return [...found];
}

function checkDocuments(answer: AuditAnswer, question: AuditQuestion): Finding[] {
  if (NOT_HELD_NOTICE.test(answer.text)) return [];
  const asked = question.document;
  const label = asked
    ? `${asked.form ?? ""} ${asked.quarter ? `Q${asked.quarter} ` : ""}FY${asked.fiscalYear ?? "?"}`
    : "";
  return wrongDocumentsOf(answer, question).map((detail) => ({
    check: "wrong-document" as const,
    detail: `asked ${label.trim()}: ${detail}`,
  }));
}

// --- Scale --------------------------------------------------------------------------------------------

const SCALES: [RegExp, number][] = [
  [/\bin (?:\$ ?)?thousands\b|\(thousands\)|\$000s?\b/i, 1e3],
  [/\bin (?:\$ ?)?millions\b|\(millions\)|\$M\b/i, 1e6],
  [/\bin (?:\$ ?)?billions\b|\(billions\)/i, 1e9],
];
/** A shown amount carries its unit: a currency sign or code, a scale word, a percent, "per share", "shares". */
const UNIT_WORD = /\$|US\$|\bUSD\b|%|\bpercent\b|\b(?:thousand|million|billion|trillion)s?\b|\bper share\b|\bshares\b/i;
const NUMBER = /\d[\d,]*(?:\.\d+)?/;

const SCALE_WORDS: ReadonlyMap<number, string> = new Map([
  [1e3, "thousands"],
  [1e6, "millions"],
  [1e9, "billions"],
]);

/** A table row whose value lost the table's stated scale, is shown without that scale, or without its unit. */
function droppedScaleOf(line: FilingLine, text: string): string | null {
  const printed = line.valueAsWritten ? Number(line.valueAsWritten.replace(/[(),$\s]/g, "")) : Number.NaN;
  const value = Math.abs(Number(line.value));
  const stated = SCALES.find(([pattern]) => pattern.test(`${line.tableTitle} ${line.columnHeader}`));
  if (stated && Number.isFinite(printed) && printed !== 0) {
    const scale = value / Math.abs(printed);
    if (Math.abs(scale - stated[1]) / stated[1] > 0.01)
      return `"${line.label}": printed ${line.valueAsWritten} in a table ${stated[0].source.includes("thousands") ? "in thousands" : stated[1] === 1e6 ? "in millions" : "in billions"}, value ${line.value}`;
  }
  const shown = unescapeMarkdown(text)
    .split("\n")
    .find((l) => l.includes(line.label));
  if (shown === undefined) return null;
  const scaleWord = SCALE_WORDS.get(Number(line.scale));
  if (scaleWord && !shown.includes(scaleWord))
    return `"${line.label}": printed ${line.valueAsWritten} in a table in ${scaleWord}, shown without it`;
  if (line.unit === "pure") return null;
  const afterLabel = shown.slice(shown.indexOf(line.label) + line.label.length);
  const valuePart = afterLabel.split(/\(printed|;/)[0] ?? "";
  const amount = valuePart.replace(/\bFY\d{4}\b|\b[QHM]\d\b|\b(?:19|20)\d{2}\b/g, "");
  if (NUMBER.test(amount) && !UNIT_WORD.test(amount))
    return `"${line.label}" shown as "${valuePart.trim().slice(0, 40)}" (${line.unit})`;
  return null;
}

function checkScale(answer: AuditAnswer): Finding[] {
  return (answer.slice?.filingLines ?? []).flatMap((line) => {
    const dropped = droppedScaleOf(line, answer.text);
    return dropped ? [{ check: "dropped-scale" as const, detail: `${line.ticker} ${dropped}` }] : [];
  });
}

/** Every check on one answer. */
export function auditFindings(answer: AuditAnswer, question: AuditQuestion): Finding[] {
  return [
    ...checkQuotes(answer),
    ...checkValuation(answer),
    ...checkConcepts(answer),
    ...checkPeriodKinds(answer),
    ...checkCompanies(answer, question),
    ...checkDocuments(answer, question),
    ...checkScale(answer),
  ];
}
