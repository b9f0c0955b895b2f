// Which catalog company a filing belongs to: by the ticker or CIK the source gives, else by name
// against the curated companies (names and aliases) and the SEC list. Names compare without case,
// punctuation or corporate suffixes ("Coca-Cola" = "COCA COLA CO"); a name that only begins a listed
// name ("Amazon" → "AMAZON COM INC") takes the shortest such name.
import { COMPANIES } from "@/lib/catalog/companies";
import { listedCompanies, listedCompanyByTicker } from "@/lib/catalog/listed-companies";

export interface ResolvedCompany {
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
