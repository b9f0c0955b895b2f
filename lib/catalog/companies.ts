// The core companies: facts the SEC reference files do not give (display name, industry, listing,
// fiscal calendar, the names people actually use). Curated by hand.

import type { CompanyAliasDefinition, CompanyDefinition } from "./types";

/** Compact alias lists: most aliases are plain names, so only the others spell out a kind. */
function aliases(
  names: readonly string[],
  others: Partial<Record<Exclude<CompanyAliasDefinition["kind"], "name">, readonly string[]>> = {},
): readonly CompanyAliasDefinition[] {
  return [
    ...names.map((alias): CompanyAliasDefinition => ({ alias, kind: "name" })),
    ...(others.abbreviation ?? []).map((alias): CompanyAliasDefinition => ({ alias, kind: "abbreviation" })),
    ...(others.former_name ?? []).map((alias): CompanyAliasDefinition => ({ alias, kind: "former_name" })),
    ...(others.brand ?? []).map((alias): CompanyAliasDefinition => ({ alias, kind: "brand" })),
  ];
}

// fiscalYearEndMonth: companies on 52/53-week years (AAPL, NVDA, COST, HD, ...) are filed under the
// month their year nominally ends in, per CompanyDefinition.
export const COMPANIES: readonly CompanyDefinition[] = [
  // Information technology
  {
    ticker: "AAPL",
    name: "Apple Inc.",
    industry: "Technology Hardware, Storage & Peripherals",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 9, // last Saturday of September
    aliases: aliases(["Apple"], { former_name: ["Apple Computer"] }),
  },
  {
    ticker: "MSFT",
    name: "Microsoft Corporation",
    industry: "Software",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 6,
    aliases: aliases(["Microsoft"]),
  },
  {
    ticker: "NVDA",
    name: "NVIDIA Corporation",
    industry: "Semiconductors",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 1, // last Sunday of January
    aliases: aliases(["Nvidia"]),
  },
  {
    ticker: "ADBE",
    name: "Adobe Inc.",
    industry: "Software",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 11, // Friday closest to November 30
    aliases: aliases(["Adobe"], { former_name: ["Adobe Systems"] }),
  },
  {
    ticker: "CRM",
    name: "Salesforce, Inc.",
    industry: "Software",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 1, // January 31
    aliases: aliases(["Salesforce"], { former_name: ["salesforce.com"] }),
  },
  {
    ticker: "IBM",
    name: "International Business Machines Corporation",
    industry: "IT Services",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["International Business Machines", "Big Blue"], { abbreviation: ["IBM"] }),
  },
  {
    ticker: "INTC",
    name: "Intel Corporation",
    industry: "Semiconductors",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12, // last Saturday of December
    aliases: aliases(["Intel"]),
  },
  {
    ticker: "AMD",
    name: "Advanced Micro Devices, Inc.",
    industry: "Semiconductors",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12, // last Saturday of December
    aliases: aliases(["Advanced Micro Devices"], { abbreviation: ["AMD"] }),
  },
  {
    ticker: "ORCL",
    name: "Oracle Corporation",
    industry: "Software",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 5,
    aliases: aliases(["Oracle"]),
  },

  // Communication services
  {
    ticker: "GOOGL",
    name: "Alphabet Inc.",
    industry: "Interactive Media & Services",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12,
    // Google Inc. was the listed company until the 2015 holding-company reorganization.
    aliases: aliases(["Alphabet"], { former_name: ["Google Inc."], brand: ["Google", "YouTube"] }),
  },
  {
    ticker: "META",
    name: "Meta Platforms, Inc.",
    industry: "Interactive Media & Services",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Meta", "Meta Platforms"], {
      former_name: ["Facebook", "Facebook, Inc."],
      brand: ["Instagram", "WhatsApp"],
    }),
  },
  {
    ticker: "NFLX",
    name: "Netflix, Inc.",
    industry: "Entertainment",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Netflix"]),
  },
  {
    ticker: "VZ",
    name: "Verizon Communications Inc.",
    industry: "Diversified Telecommunication Services",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Verizon", "Verizon Communications"]),
  },

  // Consumer discretionary
  {
    ticker: "AMZN",
    name: "Amazon.com, Inc.",
    industry: "Broadline Retail",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Amazon", "Amazon.com"], { brand: ["AWS", "Amazon Web Services"] }),
  },
  {
    ticker: "TSLA",
    name: "Tesla, Inc.",
    industry: "Automobiles",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Tesla"], { former_name: ["Tesla Motors"] }),
  },
  {
    ticker: "HD",
    name: "The Home Depot, Inc.",
    industry: "Specialty Retail",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 1, // Sunday nearest January 31
    aliases: aliases(["Home Depot", "The Home Depot"]),
  },
  {
    ticker: "MCD",
    name: "McDonald's Corporation",
    industry: "Hotels, Restaurants & Leisure",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["McDonald's", "McDonalds"]),
  },
  {
    ticker: "NKE",
    name: "NIKE, Inc.",
    industry: "Textiles, Apparel & Luxury Goods",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 5, // May 31
    aliases: aliases(["Nike"], { brand: ["Jordan Brand", "Converse"] }),
  },
  {
    ticker: "BBY",
    name: "Best Buy Co., Inc.",
    industry: "Specialty Retail",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 1, // Saturday nearest January 31
    aliases: aliases(["Best Buy"]),
  },

  // Financials
  {
    ticker: "JPM",
    name: "JPMorgan Chase & Co.",
    industry: "Banks",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["JPMorgan", "JPMorgan Chase", "J.P. Morgan", "JP Morgan"], { brand: ["Chase"] }),
  },
  {
    ticker: "WFC",
    name: "Wells Fargo & Company",
    industry: "Banks",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Wells Fargo"]),
  },
  {
    ticker: "V",
    name: "Visa Inc.",
    industry: "Transaction & Payment Processing Services",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 9, // September 30
    aliases: aliases(["Visa"]),
  },
  {
    ticker: "MA",
    name: "Mastercard Incorporated",
    industry: "Transaction & Payment Processing Services",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Mastercard"]),
  },
  {
    ticker: "AXP",
    name: "American Express Company",
    industry: "Consumer Finance",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["American Express"], { abbreviation: ["Amex"] }),
  },
  {
    ticker: "PYPL",
    name: "PayPal Holdings, Inc.",
    industry: "Transaction & Payment Processing Services",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["PayPal"], { brand: ["Venmo"] }),
  },

  // Health care
  {
    ticker: "JNJ",
    name: "Johnson & Johnson",
    industry: "Pharmaceuticals",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12, // Sunday closest to December 31
    aliases: aliases(["Johnson and Johnson"], { abbreviation: ["J&J"] }),
  },
  {
    ticker: "PFE",
    name: "Pfizer Inc.",
    industry: "Pharmaceuticals",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Pfizer"]),
  },
  {
    ticker: "UNH",
    name: "UnitedHealth Group Incorporated",
    industry: "Health Care Providers & Services",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["UnitedHealth", "UnitedHealth Group"], { brand: ["UnitedHealthcare", "Optum"] }),
  },
  {
    ticker: "ABBV",
    name: "AbbVie Inc.",
    industry: "Biotechnology",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["AbbVie"]),
  },
  {
    ticker: "CVS",
    name: "CVS Health Corporation",
    industry: "Health Care Providers & Services",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["CVS Health"], {
      abbreviation: ["CVS"],
      former_name: ["CVS Caremark"],
      brand: ["CVS Pharmacy", "Aetna"],
    }),
  },

  // Consumer staples
  {
    ticker: "KO",
    name: "The Coca-Cola Company",
    industry: "Beverages",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Coca-Cola", "Coca Cola"], { brand: ["Coke"] }),
  },
  {
    ticker: "PEP",
    name: "PepsiCo, Inc.",
    industry: "Beverages",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 12, // last Saturday of December
    aliases: aliases(["PepsiCo"], { brand: ["Pepsi", "Frito-Lay"] }),
  },
  {
    ticker: "PG",
    name: "The Procter & Gamble Company",
    industry: "Household Products",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 6, // June 30
    aliases: aliases(["Procter & Gamble", "Procter and Gamble"], { abbreviation: ["P&G"] }),
  },
  {
    ticker: "WMT",
    name: "Walmart Inc.",
    industry: "Consumer Staples Distribution & Retail",
    // Walmart moved its listing from the NYSE to Nasdaq in December 2025.
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 1, // January 31
    aliases: aliases(["Walmart"], { former_name: ["Wal-Mart", "Wal-Mart Stores"], brand: ["Sam's Club"] }),
  },
  {
    ticker: "COST",
    name: "Costco Wholesale Corporation",
    industry: "Consumer Staples Distribution & Retail",
    exchange: "NASDAQ",
    currency: "USD",
    fiscalYearEndMonth: 8, // Sunday nearest August 31
    aliases: aliases(["Costco", "Costco Wholesale"]),
  },

  // Industrials
  {
    ticker: "BA",
    name: "The Boeing Company",
    industry: "Aerospace & Defense",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Boeing"]),
  },
  {
    ticker: "MMM",
    name: "3M Company",
    industry: "Industrial Conglomerates",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["3M"], { former_name: ["Minnesota Mining and Manufacturing"] }),
  },
  {
    ticker: "UNP",
    name: "Union Pacific Corporation",
    industry: "Ground Transportation",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Union Pacific"], { brand: ["Union Pacific Railroad"] }),
  },
  {
    ticker: "LMT",
    name: "Lockheed Martin Corporation",
    industry: "Aerospace & Defense",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Lockheed Martin", "Lockheed"]),
  },

  // Energy
  {
    ticker: "XOM",
    name: "Exxon Mobil Corporation",
    industry: "Oil, Gas & Consumable Fuels",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["ExxonMobil", "Exxon Mobil", "Exxon"], { brand: ["Mobil"] }),
  },
  {
    ticker: "CVX",
    name: "Chevron Corporation",
    industry: "Oil, Gas & Consumable Fuels",
    exchange: "NYSE",
    currency: "USD",
    fiscalYearEndMonth: 12,
    aliases: aliases(["Chevron"], { former_name: ["ChevronTexaco"], brand: ["Texaco"] }),
  },
];

let companiesByTicker: ReadonlyMap<string, CompanyDefinition> | undefined;

/** Case-insensitive: users and URLs type "aapl" as often as "AAPL". */
export function companyByTicker(ticker: string): CompanyDefinition | undefined {
  companiesByTicker ??= new Map(COMPANIES.map((c) => [c.ticker, c]));
  return companiesByTicker.get(ticker.trim().toUpperCase());
}
