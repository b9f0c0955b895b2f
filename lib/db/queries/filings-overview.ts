// What the filings tables hold, for the /data page and the coverage table of docs/filings.md: totals, how many
// chunks have a vector from which model (background embedding's progress), and per company its forms
// and fiscal years. Plain serializable data.
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
