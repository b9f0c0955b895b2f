// The coverage matrix of issue-32's core statement metrics: for every 10-K held, which of them the database has
// for the fiscal year it reports (from XBRL or from the filing's own tables), and for each gap whether the filing's
// tables held the line (read, but not stored: its tables disagree, or XBRL covers another period) or the reader
// found no such line in them. For `npm run filings -- coverage`.
import type { PrismaClient } from "@/lib/db/generated/client";

/** Revenue to pre-tax income: the lines every statement prints (banks and insurers print fewer). */
export const CORE_STATEMENT_METRICS = [
  "revenue",
  "cost_of_revenue",
  "gross_profit",
  "operating_income",
  "pretax_income",
  "income_tax",
  "net_income",
  "eps_diluted",
  "weighted_shares_diluted",
  "interest_expense",
  "total_assets",
  "current_assets",
  "cash",
  "accounts_receivable",
  "inventory",
  "ppe_net",
  "goodwill",
  "total_liabilities",
  "current_liabilities",
  "accounts_payable",
  "long_term_debt",
  "stockholders_equity",
  "operating_cash_flow",
  "investing_cash_flow",
  "financing_cash_flow",
  "capex",
  "depreciation_amortization",
  "dividends_paid",
  "share_repurchases",
] as const;

type CoverageGap = "read, not stored" | "not read from its tables";

export interface TenKCoverage {
  ticker: string;
  fiscalYear: number;
  present: string[];
  gaps: { metric: string; reason: CoverageGap }[];
}

export async function statementCoverage(prisma: PrismaClient): Promise<TenKCoverage[]> {
  const metrics = [...CORE_STATEMENT_METRICS];
  // Every 10-K of the year counts (a year can be held from two sources): what any of them read.
  const rows = await prisma.$queryRaw<{ ticker: string; fiscal_year: number; present: string[]; read: string[] }[]>`
    SELECT f.ticker, f.fiscal_year,
           coalesce((SELECT array_agg(DISTINCT m.key) FROM metric_values mv
                     JOIN metrics m ON m.id = mv.metric_id JOIN companies c ON c.id = mv.company_id
                     WHERE c.ticker = f.ticker AND mv.fiscal_year = f.fiscal_year AND mv.fiscal_period = 'FY'
                       AND m.key = ANY (${metrics})), '{}') AS present,
           coalesce((SELECT array_agg(DISTINCT ff.metric_key) FROM filing_facts ff
                     WHERE ff.filing_id = ANY (f.ids) AND ff.fiscal_year = f.fiscal_year
                       AND ff.metric_key = ANY (${metrics})), '{}') AS read
    FROM (SELECT ticker, fiscal_year, array_agg(id) AS ids FROM filings WHERE form = '10-K'
          GROUP BY ticker, fiscal_year) f
    ORDER BY f.ticker, f.fiscal_year`;
  return rows.map((row) => {
    const present = new Set(row.present);
    const read = new Set(row.read);
    return {
      ticker: row.ticker,
      fiscalYear: row.fiscal_year,
      present: metrics.filter((m) => present.has(m)),
      gaps: metrics
        .filter((m) => !present.has(m))
        .map((metric) => ({ metric, reason: read.has(metric) ? "read, not stored" : "not read from its tables" })),
    };
  });
}
