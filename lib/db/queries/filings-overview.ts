// What the filings tables hold, for the /data page and the coverage table of docs/filings.md: totals, how many
// chunks have a vector from which model (background embedding's progress), and per company its forms
// and fiscal years. Plain serializable data.
import { FISCAL_PERIODS, type FiscalPeriod } from "@/lib/core/types";
import type { PrismaClient } from "@/lib/db/generated/client";

interface FilingCoverage {
  ticker: string;
  companyName: string;
  /** "10-K", "10-Q", … in that order of first appearance by name */
  forms: string[];
  fiscalYears: number[];
  filings: number;
  chunks: number;
}

export interface FilingsOverview {
  filings: number;
  chunks: number;
  /** Chunks that have a vector (of any model). */
  embeddedChunks: number;
  companies: FilingCoverage[];
}

export async function getFilingsOverview(prisma: PrismaClient): Promise<FilingsOverview> {
  const [totals] = await prisma.$queryRaw<{ filings: number; chunks: number; embedded: number }[]>`
    SELECT (SELECT count(*)::int FROM filings) AS filings,
           (SELECT count(*)::int FROM filing_chunks) AS chunks,
           (SELECT count(*)::int FROM filing_chunks WHERE embedding_model IS NOT NULL) AS embedded`;
  const companies = await prisma.$queryRaw<
    { ticker: string; company_name: string; forms: string[]; years: number[]; filings: number; chunks: number }[]
  >`
    SELECT f.ticker, min(f.company_name) AS company_name,
           array_agg(DISTINCT f.form ORDER BY f.form) AS forms,
           array_agg(DISTINCT f.fiscal_year ORDER BY f.fiscal_year) AS years,
           count(*)::int AS filings,
           coalesce(sum((SELECT count(*) FROM filing_chunks c WHERE c.filing_id = f.id)), 0)::int AS chunks
    FROM filings f GROUP BY f.ticker ORDER BY f.ticker`;
  return {
    filings: totals?.filings ?? 0,
    chunks: totals?.chunks ?? 0,
    embeddedChunks: totals?.embedded ?? 0,
    companies: companies.map((c) => ({
      ticker: c.ticker,
      companyName: c.company_name,
      forms: c.forms,
      fiscalYears: c.years,
      filings: c.filings,
      chunks: c.chunks,
    })),
  };
}

/** A company's newest 10-K or 10-Q document held, whatever its figures have been read into. */
export interface NewestFilingDocument {
  ticker: string;
  form: string;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriod;
  periodEnd: string;
}

/** Each company's newest 10-K or 10-Q held (by period end; at one end the 10-K), for what it says of how
 * current the company's filings are: its XBRL figures can stop earlier (Microsoft's end in 2015 while its
 * 10-Ks to FY2023 are held). */
export async function newestFilingDocuments(
  prisma: PrismaClient,
  tickers: readonly string[],
): Promise<NewestFilingDocument[]> {
  if (tickers.length === 0) return [];
  const rows = await prisma.$queryRaw<
    { ticker: string; form: string; fiscal_year: number; fiscal_period: string; period_end: string }[]
  >`
    SELECT DISTINCT ON (ticker) ticker, form, fiscal_year, fiscal_period, to_char(period_end, 'YYYY-MM-DD') AS period_end
    FROM filings
    WHERE ticker = ANY(${[...tickers]}::text[]) AND form IN ('10-K', '10-Q') AND period_end IS NOT NULL
    ORDER BY ticker, period_end DESC, form`;
  const isFiscalPeriod = (p: string): p is FiscalPeriod => (FISCAL_PERIODS as readonly string[]).includes(p);
  return rows.flatMap((r) =>
    isFiscalPeriod(r.fiscal_period)
      ? [
          {
            ticker: r.ticker,
            form: r.form,
            fiscalYear: r.fiscal_year,
            fiscalPeriod: r.fiscal_period,
            periodEnd: r.period_end,
          },
        ]
      : [],
  );
}

/** Fiscal years as ranges: [2018, 2020, 2021, 2022] → "2018, 2020–2022". */
export function yearRanges(years: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < years.length; i++) {
    let j = i;
    while (j + 1 < years.length && years[j + 1] === years[j]! + 1) j++;
    parts.push(j > i ? `${years[i]}–${years[j]}` : String(years[i]));
    i = j;
  }
  return parts.join(", ");
}
