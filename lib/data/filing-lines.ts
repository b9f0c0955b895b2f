// Statement lines that are no catalog metric ("number of warehouses", "cross-currency swaps notional"),
// found in filing_facts by the question's unmatched words within the named company and fiscal period
// (or, when the parser understood every word of a question asking how many or how much, by the words no
// company, metric or date took: "employees" in "How many employees does Costco have?"), so the answer quotes the row as printed with its filing,
// page and row instead of saying "no data". With a label search given (the chat's: by vector and keyword,
// lib/documents/filings/fact-labels.ts) a phrasing other than the label finds it ("headcount" the
// employees line); without one, the label must hold every word. Either way a row is shown only when it
// answers what was asked: found by its label's meaning, or its label (with its table's title and column)
// holding every word asked; a label sharing only some words with the question ("Net losses after tax" for
// "How much did Costco spend on property tax?") is no answer.
import { FISCAL_PERIODS, type FiscalPeriod } from "@/lib/core/types";
import type { CompanyRef, StructuredDataRequest } from "@/lib/agent/schema";
import type { PrismaClient } from "@/lib/db/generated/client";
import { searchFilingFacts, type FilingFactHit } from "@/lib/db/queries/filing-facts";
import { matchesOf } from "@/lib/core/regex";
import type { FilingLine, LabelRanking } from "./types";

/** A company's row labels within a period, ranked for a question's words, best first; each says how it
 * was ranked. Empty when no label is close enough. */
export type FactLabelSearch = (query: FactLabelQuery) => Promise<RankedFactLabel[]>;

export interface FactLabelQuery {
  ticker: string;
  words: string;
  /** The question asks how many ("How many shops …"): statement tables label counts "Number of …". */
  asksCount: boolean;
  fiscalYear?: number;
  fiscalPeriod?: string;
  /** "income", "balance", "cash_flow", "segment" or "other"; any when absent. */
  statement?: string;
}

export interface RankedFactLabel {
  normalizedLabel: string;
  ranking: LabelRanking;
  /** Cosine similarity of the label's vector to the words asked; null when ranked by keyword alone. */
  similarity: number | null;
}

/** A label sharing no word asked answers only when its meaning is this close and clearly the closest: the
 * sentence encoder (USE lite) puts "workers" at 0.65 of "Number of employees" and 0.46 of the next label,
 * but "property tax" at 0.51 of "Net income", so closeness alone would answer questions not asked. */
const MEANING_ONLY = { minSimilarity: 0.6, minLead: 0.1 };

/** The label with the best match and the periods asked for: a few lines, never a dump of the table. */
const MAX_LINES_PER_COMPANY = 4;

/** The lines of each named company's tables that match the question's unmatched words, best first. */
export async function filingLinesFor(
  prisma: PrismaClient,
  request: StructuredDataRequest,
  companies: readonly CompanyRef[],
  labelSearch?: FactLabelSearch,
): Promise<FilingLine[]> {
  const unmatched = request.unrecognized.map((s) => s.text.trim()).filter((t) => t !== "");
  const phrases =
    unmatched.length > 0 ? unmatched : QUANTITY_QUESTION.test(request.question) ? leftoverWords(request) : [];
  if (phrases.length === 0) return [];
  // All unmatched words first ("notional cross-currency swaps"); then each phrase alone, longest first,
  // since a word of the question may sit in the column header or title rather than the row label.
  const attempts = [...new Set([phrases.join(" "), ...[...phrases].sort((a, b) => b.length - a.length)])];
  const fiscal = request.dates.fiscal;
  const asksCount = COUNT_QUESTION.test(request.question);
  const asked = contentStems(phrases.join(" "));
  const lines: FilingLine[] = [];
  for (const company of companies) {
    const period = fiscal ? { fiscalYear: fiscal.year, fiscalPeriod: fiscal.period } : {};
    for (const words of attempts) {
      const labels = labelSearch ? await labelSearch({ ticker: company.ticker, words, asksCount, ...period }) : null;
      if (labels?.length === 0) continue;
      const match = labels ? { labels: labels.map((l) => l.normalizedLabel) } : { words };
      const hits = await searchFilingFacts(prisma, { ticker: company.ticker, ...match, ...period, limit: 50 });
      const rankingOf = (hit: FilingFactHit): LabelRanking =>
        labels?.find((l) => l.normalizedLabel === hit.normalizedLabel)?.ranking ?? "keyword";
      const byMeaning = labels ? closestByMeaning(labels) : null;
      const kept = bestLabelLines(
        hits.filter(
          (h) =>
            isFiscalPeriod(h.fiscalPeriod) &&
            isFiscalPeriod(h.filingFiscalPeriod) &&
            answersAsked(h, asked, h.normalizedLabel === byMeaning),
        ),
        fiscal === null,
      );
      if (kept.length > 0) {
        const ranking = rankingOf(kept[0]!);
        lines.push(...kept.map((hit) => lineOf(company, hit, ranking)));
        break;
      }
    }
  }
  return lines;
}

/** A question asking for a count or amount: only then do its understood words name a line (not "What
 * are Apple's risks?", which the filings' text answers). */
const QUANTITY_QUESTION = /\b(how many|how much|number of)\b/i;

const COUNT_QUESTION = /\b(how many|number of)\b/i;

/** Words that ask rather than name a line: never searched for in row labels. */
const QUESTION_WORDS = new Set(
  "how many much what which who whose when where was were is are be been does do did have has had the a an of in on at for to by from with and or its their it they there this that as per company company's corporation inc fiscal year years quarter total amount value report reported show tell me give".split(
    " ",
  ),
);

/** The question's words outside the spans of its companies and metrics and its date words, question
 * words and bare numbers left out; each word one phrase (tried together first). */
function leftoverWords(request: StructuredDataRequest): string[] {
  const taken = [...request.companies, ...request.metrics].flatMap((entry) => (entry.span ? [entry.span] : []));
  let text = request.question;
  for (const span of [...taken].sort((a, b) => b.start - a.start))
    text = `${text.slice(0, span.start)} ${text.slice(span.end)}`;
  if (request.dates.expression) text = text.replace(request.dates.expression, " ");
  return text
    .toLowerCase()
    .split(/[^a-z&-]+/)
    .filter((w) => w.length > 1 && !QUESTION_WORDS.has(w));
}

/** Verbs of a question about an amount that no row label repeats ("spend" on "Repurchases of …"). */
const AMOUNT_VERBS = new Set(
  "spend spent spending pay paid paying get got make made earn earned hold held own owned carry carried record recorded book booked report count counted have had".split(
    " ",
  ),
);

const WORD = /[a-z]+/g;
const POSSESSIVE = /['’]s\b/g;
const SIBILANT_PLURAL = /(?:ss|sh|ch|x)es$/;

/** "warehouses" and "warehouse", "liabilities" and "liability" alike. */
function stemOf(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && SIBILANT_PLURAL.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The words of `text` that name something (no question words, amount verbs, stop words or numbers), stemmed. */
function contentStems(text: string): Set<string> {
  const words = matchesOf(text.toLowerCase().replace(POSSESSIVE, ""), WORD).map((m) => m[0]);
  return new Set(words.filter((w) => w.length > 1 && !QUESTION_WORDS.has(w) && !AMOUNT_VERBS.has(w)).map(stemOf));
}

/** The label clearly closest in meaning to the words asked (MEANING_ONLY), or null when none is. */
function closestByMeaning(labels: readonly RankedFactLabel[]): string | null {
  const [first, second] = labels
    .filter((l) => l.ranking === "hybrid" && l.similarity !== null)
    .sort((a, b) => b.similarity! - a.similarity!);
  if (!first || first.similarity! < MEANING_ONLY.minSimilarity) return null;
  return !second || first.similarity! - second.similarity! >= MEANING_ONLY.minLead ? first.normalizedLabel : null;
}

/**
 * Whether a row answers the words asked: its label (with its headings, table title and column header)
 * holds every one of them; or it shares none and is the label clearly closest in meaning ("workers" finds
 * "Number of employees"). A label sharing some words but not all is a coincidence of words, even when its
 * vector is close for that reason ("Net losses after tax" for "property tax").
 */
function answersAsked(hit: FilingFactHit, asked: ReadonlySet<string>, closestInMeaning: boolean): boolean {
  if (asked.size === 0) return false;
  const held = contentStems(`${hit.label} ${hit.normalizedLabel} ${hit.tableTitle} ${hit.columnHeader}`);
  const shared = [...asked].filter((word) => held.has(word)).length;
  return shared === asked.size || (closestInMeaning && shared === 0);
}

/** The hits of the best-ranked label (its first hit's), one per period: the filing that reports that
 * period itself (else the latest filing repeating it); with no period asked, the latest period only. */
function bestLabelLines(hits: readonly FilingFactHit[], latestOnly: boolean): FilingFactHit[] {
  const best = hits.find((h) => h.value !== null);
  if (!best) return [];
  const sameLine = hits.filter((h) => h.normalizedLabel === best.normalizedLabel && h.value !== null);
  const byPeriod = new Map<string, FilingFactHit>();
  for (const hit of sameLine) {
    const held = byPeriod.get(hit.relation);
    if (!held || ownPeriodScore(hit) > ownPeriodScore(held)) byPeriod.set(hit.relation, hit);
  }
  const periods = [...byPeriod.values()].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
  return periods.slice(0, latestOnly ? 1 : MAX_LINES_PER_COMPANY);
}

const PRIMARY_STATEMENTS: ReadonlySet<string> = new Set(["income", "balance", "cash_flow"]);

/** A filing reporting the fact's own period beats a later one repeating it as a comparative; within one
 * filing, the line of a primary statement beats the same line in another table (an MD&A breakdown). */
function ownPeriodScore(hit: FilingFactHit): number {
  const own = hit.filingFiscalYear === hit.fiscalYear && hit.filingFiscalPeriod === hit.fiscalPeriod;
  return (own ? 100_000 : 0) + hit.filingFiscalYear * 10 + (PRIMARY_STATEMENTS.has(hit.statement) ? 1 : 0);
}

function isFiscalPeriod(period: string): period is FiscalPeriod {
  return (FISCAL_PERIODS as readonly string[]).includes(period);
}

/** A hit whose periods passed isFiscalPeriod. */
function lineOf(company: CompanyRef, hit: FilingFactHit, labelRanking: LabelRanking): FilingLine {
  return {
    ticker: company.ticker,
    companyName: company.name,
    label: hit.label,
    fiscalYear: hit.fiscalYear,
    fiscalPeriod: hit.fiscalPeriod as FiscalPeriod,
    periodEnd: hit.periodEnd,
    value: hit.value ?? "",
    valueAsWritten: hit.valueAsWritten,
    unit: hit.unit,
    scale: hit.scale,
    statement: hit.statement,
    tableTitle: hit.tableTitle,
    columnHeader: hit.columnHeader,
    filing: {
      id: hit.filingId,
      key: hit.filing,
      form: hit.form,
      fiscalYear: hit.filingFiscalYear,
      fiscalPeriod: hit.filingFiscalPeriod as FiscalPeriod,
    },
    page: hit.pageIndex + 1,
    line: hit.line,
    readBy: hit.readBy,
    labelRanking,
  };
}
