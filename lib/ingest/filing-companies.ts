// Which catalog company a filing belongs to: by the ticker or CIK the source gives, else by name
// against the curated companies (names and aliases) and the SEC list. Names compare without case,
// punctuation or corporate suffixes ("Coca-Cola" = "COCA COLA CO"); a name that only begins a listed
// name ("Amazon" → "AMAZON COM INC") takes the shortest such name. A company known only from its filings
// becomes a covered company (coverFilingCompanies), so its table facts answer like XBRL's.
import { COMPANIES } from "@/lib/catalog/companies";
import { listedCompanies, listedCompanyByTicker } from "@/lib/catalog/listed-companies";
import type { PrismaClient } from "@/lib/db/generated/client";
import { upsertCompanies } from "@/lib/db/queries/companies";
import { fiscalYearEndMonthOf } from "./fiscal";

interface ResolvedCompany {
  ticker: string;
  name: string;
}

const SUFFIXES = /(INCORPORATED|INC|CORPORATION|CORP|COMPANY|CO|HOLDINGS|PLC|LTD|GROUP|THE)$/;

function nameKey(name: string): string {
  let key = name
    .toUpperCase()
    .replace(/&/g, "")
    .replace(/[^A-Z0-9]/g, "");
  for (let previous = ""; previous !== key; ) {
    previous = key;
    key = key.replace(SUFFIXES, "") || previous;
  }
  return key;
}

export interface CompanyResolver {
  resolve(company: { ticker: string | null; cik: string | null; name: string }): ResolvedCompany | null;
}

export function companyResolver(): CompanyResolver {
  const curated = new Map<string, ResolvedCompany>();
  for (const c of COMPANIES) {
    const resolved = { ticker: c.ticker, name: c.name };
    for (const n of [c.name, ...c.aliases.map((a) => a.alias)])
      if (!curated.has(nameKey(n))) curated.set(nameKey(n), resolved);
  }
  const listed = listedCompanies().all.filter((c) => c.primary);
  const listedByKey = new Map<string, ResolvedCompany>();
  for (const c of listed) if (!listedByKey.has(nameKey(c.secName))) listedByKey.set(nameKey(c.secName), c);
  const byTicker = (ticker: string): ResolvedCompany | null => {
    const c = COMPANIES.find((d) => d.ticker === ticker);
    if (c) return { ticker: c.ticker, name: c.name };
    const l = listedCompanyByTicker(ticker);
    return l ? { ticker: l.ticker, name: l.name } : null;
  };
  return {
    resolve({ ticker, cik, name }) {
      if (ticker) return byTicker(ticker.toUpperCase());
      if (cik) {
        const rows = listedCompanies().byCik.get(cik.padStart(10, "0"));
        if (rows?.[0]) return byTicker(rows[0].ticker);
      }
      const key = nameKey(name);
      if (key === "") return null;
      const exact = curated.get(key) ?? listedByKey.get(key);
      if (exact) return byTicker(exact.ticker) ?? exact;
      const prefixed = [...listedByKey.entries()]
        .filter(([k]) => k.startsWith(key))
        .sort(([a], [b]) => a.length - b.length)[0];
      return prefixed ? (byTicker(prefixed[1].ticker) ?? prefixed[1]) : null;
    },
  };
}

/** Adds a companies row for every filing's company the database does not have yet: identity from the SEC
 * list (CIK, name, the S&P list's sector, or none: unclassified), its fiscal year end from its filings (10-Ks
 * first, the most common month). Returns the tickers added. */
export async function coverFilingCompanies(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<
    { ticker: string; company_name: string; form: string; fiscal_period: string; period_end: string }[]
  >`
    SELECT f.ticker, f.company_name, f.form, f.fiscal_period, f.period_end::text AS period_end
    FROM filings f
    WHERE f.period_end IS NOT NULL AND f.form IN ('10-K', '10-Q')
      AND NOT EXISTS (SELECT 1 FROM companies c WHERE c.ticker = f.ticker)
    ORDER BY f.ticker, f.form, f.period_end`;
  const names = new Map(rows.map((row) => [row.ticker, row.company_name]));
  const yearEnds = fiscalYearEndMonths(
    rows.map((row) => ({
      ticker: row.ticker,
      form: row.form,
      fiscalPeriod: row.fiscal_period,
      periodEnd: row.period_end,
    })),
  );
  const added = [...yearEnds].map(([ticker, fiscalYearEndMonth]) => {
    const listed = listedCompanyByTicker(ticker);
    return {
      ticker,
      cik: listed?.cik ?? null,
      name: listed?.name ?? names.get(ticker)!,
      sector: listed?.sector ?? null,
      industry: null,
      exchange: null,
      currency: "USD",
      fiscalYearEndMonth,
      aliases: [],
    };
  });
  await upsertCompanies(prisma, added);
  return added.map((c) => c.ticker);
}

/** Each company's fiscal year end month read off its 10-K and 10-Q period ends (10-Ks first, the most
 * common month); a company none of whose filings says it is left out. */
export function fiscalYearEndMonths(
  filings: readonly { ticker: string; form: string; fiscalPeriod: string; periodEnd: string | null }[],
): Map<string, number> {
  const months = new Map<string, { tenK: number[]; tenQ: number[] }>();
  for (const filing of filings) {
    const month = filing.periodEnd && fiscalYearEndMonthOf(filing.form, filing.fiscalPeriod, filing.periodEnd);
    if (!month) continue;
    const entry = months.get(filing.ticker) ?? { tenK: [], tenQ: [] };
    (filing.form === "10-K" ? entry.tenK : entry.tenQ).push(month);
    months.set(filing.ticker, entry);
  }
  const yearEnds = new Map<string, number>();
  for (const [ticker, { tenK, tenQ }] of months) yearEnds.set(ticker, mostCommon(tenK.length > 0 ? tenK : tenQ)!);
  return yearEnds;
}

function mostCommon(values: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
}
