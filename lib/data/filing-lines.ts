// Statement lines that are no catalog metric ("number of warehouses", "cross-currency swaps notional"),
// found in filing_facts by the question's unmatched words within the named company and fiscal period,
// so the answer quotes the row as printed with its filing, page and row instead of saying "no data".
import { FISCAL_PERIODS, type FiscalPeriod } from "@/lib/core/types";
import type { CompanyRef, StructuredDataRequest } from "@/lib/agent/schema";
import type { PrismaClient } from "@/lib/db/generated/client";
import { searchFilingFacts, type FilingFactHit } from "@/lib/db/queries/filing-facts";
import type { FilingLine } from "./types";

/** The label with the best match and the periods asked for: a few lines, never a dump of the table. */
const MAX_LINES_PER_COMPANY = 4;

/** The lines of each named company's tables that match the question's unmatched words, best first. */
export async function filingLinesFor(
  prisma: PrismaClient,
  request: StructuredDataRequest,
  companies: readonly CompanyRef[],
): Promise<FilingLine[]> {
  const phrases = request.unrecognized.map((s) => s.text.trim()).filter((t) => t !== "");
  if (phrases.length === 0) return [];
  // All unmatched words first ("notional cross-currency swaps"); then each phrase alone, longest first,
  // since a word of the question may sit in the column header or title rather than the row label.
  const attempts = [...new Set([phrases.join(" "), ...[...phrases].sort((a, b) => b.length - a.length)])];
  const fiscal = request.dates.fiscal;
  const lines: FilingLine[] = [];
  for (const company of companies) {
    for (const words of attempts) {
      const hits = await searchFilingFacts(prisma, {
        ticker: company.ticker,
        words,
        ...(fiscal ? { fiscalYear: fiscal.year, fiscalPeriod: fiscal.period } : {}),
        limit: 50,
      });
      const kept = bestLabelLines(
        hits.filter((h) => isFiscalPeriod(h.fiscalPeriod) && isFiscalPeriod(h.filingFiscalPeriod)),
        fiscal === null,
      );
      if (kept.length > 0) {
        lines.push(...kept.map((hit) => lineOf(company, hit)));
        break;
      }
    }
  }
  return lines;
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

/** A filing reporting the fact's own period beats a later one repeating it as a comparative. */
function ownPeriodScore(hit: FilingFactHit): number {
  const own = hit.filingFiscalYear === hit.fiscalYear && hit.filingFiscalPeriod === hit.fiscalPeriod;
  return (own ? 10_000 : 0) + hit.filingFiscalYear;
}

function isFiscalPeriod(period: string): period is FiscalPeriod {
  return (FISCAL_PERIODS as readonly string[]).includes(period);
}

/** A hit whose periods passed isFiscalPeriod. */
function lineOf(company: CompanyRef, hit: FilingFactHit): FilingLine {
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
  };
}
