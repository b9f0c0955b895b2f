// The sectors and industries a question can name a group of companies by: the 11 GICS sectors, the
// GICS industry groups, and the industries of the curated companies (lib/catalog/companies.ts), each
// with the sector it belongs to. The S&P 500 list of 2021 (sec_companies.csv.gz) uses the same 11
// sector names.
import { COMPANIES } from "./companies";

export const GICS_SECTORS = [
  "Communication Services",
  "Consumer Discretionary",
  "Consumer Staples",
  "Energy",
  "Financials",
  "Health Care",
  "Industrials",
  "Information Technology",
  "Materials",
  "Real Estate",
  "Utilities",
] as const;
export type GicsSector = (typeof GICS_SECTORS)[number];

export interface IndustryDefinition {
  name: string;
  sector: GicsSector;
  /** "group": a GICS industry group (several industries); "industry": a GICS industry. */
  level: "group" | "industry";
  /** For a group: the curated companies' industries inside it. */
  industries: readonly string[];
}

/** Industry groups, and the curated companies' industries each holds. Groups named like their sector
 * (Energy, Materials, Utilities) are left out: the sector says the same. */
const GROUPS: ReadonlyArray<readonly [string, GicsSector, readonly string[]]> = [
  ["Capital Goods", "Industrials", ["Aerospace & Defense", "Industrial Conglomerates"]],
  ["Commercial & Professional Services", "Industrials", []],
  ["Transportation", "Industrials", ["Ground Transportation"]],
  ["Automobiles & Components", "Consumer Discretionary", ["Automobiles"]],
  ["Consumer Durables & Apparel", "Consumer Discretionary", ["Textiles, Apparel & Luxury Goods"]],
  ["Consumer Services", "Consumer Discretionary", ["Hotels, Restaurants & Leisure"]],
  ["Consumer Discretionary Distribution & Retail", "Consumer Discretionary", ["Broadline Retail", "Specialty Retail"]],
  ["Consumer Staples Distribution & Retail", "Consumer Staples", ["Consumer Staples Distribution & Retail"]],
  ["Food, Beverage & Tobacco", "Consumer Staples", ["Beverages"]],
  ["Household & Personal Products", "Consumer Staples", ["Household Products"]],
  ["Health Care Equipment & Services", "Health Care", ["Health Care Providers & Services"]],
  ["Pharmaceuticals, Biotechnology & Life Sciences", "Health Care", ["Pharmaceuticals", "Biotechnology"]],
  ["Banks", "Financials", ["Banks"]],
  ["Financial Services", "Financials", ["Transaction & Payment Processing Services", "Consumer Finance"]],
  ["Insurance", "Financials", []],
  ["Software & Services", "Information Technology", ["Software", "IT Services"]],
  ["Technology Hardware & Equipment", "Information Technology", ["Technology Hardware, Storage & Peripherals"]],
  ["Semiconductors & Semiconductor Equipment", "Information Technology", ["Semiconductors"]],
  ["Telecommunication Services", "Communication Services", ["Diversified Telecommunication Services"]],
  ["Media & Entertainment", "Communication Services", ["Interactive Media & Services", "Entertainment"]],
  ["Equity Real Estate Investment Trusts (REITs)", "Real Estate", []],
  ["Real Estate Management & Development", "Real Estate", []],
];

/** Industries of the groups named like their sector (the Energy group is the Energy sector). */
const SECTOR_NAMED_GROUPS: ReadonlyArray<readonly [GicsSector, readonly string[]]> = [
  ["Energy", ["Oil, Gas & Consumable Fuels"]],
  ["Materials", []],
  ["Utilities", []],
];

function build(): IndustryDefinition[] {
  const out = new Map<string, IndustryDefinition>();
  for (const [name, sector, industries] of GROUPS) out.set(name, { name, sector, level: "group", industries });
  for (const c of COMPANIES) {
    if (out.has(c.industry)) continue;
    const sector =
      GROUPS.find(([, , industries]) => industries.includes(c.industry))?.[1] ??
      SECTOR_NAMED_GROUPS.find(([, industries]) => industries.includes(c.industry))?.[0];
    if (!sector)
      throw new Error(`industry ${c.industry} of ${c.ticker} belongs to no industry group in lib/catalog/sectors.ts`);
    out.set(c.industry, { name: c.industry, sector, level: "industry", industries: [c.industry] });
  }
  return [...out.values()];
}

/** Industry groups first, then the curated companies' industries (a name that is both, like Banks,
 * is listed once, as a group). */
export const INDUSTRIES: readonly IndustryDefinition[] = build();

export function industryByName(name: string): IndustryDefinition | undefined {
  const wanted = name.trim().toLowerCase();
  return INDUSTRIES.find((i) => i.name.toLowerCase() === wanted);
}

export function isGicsSector(name: string): name is GicsSector {
  return (GICS_SECTORS as readonly string[]).includes(name);
}
