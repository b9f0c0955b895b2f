// Every company on the SEC's ticker list (about 9,600 tickers), for naming companies beyond the curated
// core: ticker, CIK, the SEC's name and, where the S&P 500 list of 2021 has it, the GICS sector.
// `npm run seed:build` derives prisma/seed/sec_companies.csv.gz from the reference files (facts only:
// identifiers, names, sectors); this module reads it once, on first use, on the server (node:fs).
//
// The rows keep the SEC list's order (largest companies first), so the first row of a CIK is its main
// listing; the other rows of a CIK are its other share classes and preferred shares ("BRK-A",
// "F-PB"), or foreign listings.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { readCsvRecords } from "@/lib/core/csv";

export const LISTED_COMPANIES_FILE = "sec_companies.csv.gz";
export const LISTED_COMPANY_COLUMNS = ["ticker", "cik", "name", "sector"] as const;

export interface ListedCompany {
  /** As the SEC writes it: "TSN", "BRK-B", "F-PB". */
  ticker: string;
  /** Ten digits. */
  cik: string;
  /** The SEC's name, as filed: "TYSON FOODS, INC.", "Apple Inc.". */
  secName: string;
  /** The name for people to read: "Tyson Foods, Inc." (an all-capitals SEC name in title case). */
  name: string;
  /** GICS sector from the S&P 500 list of 2021 (the core companies' from their coverage table); null
   * when the ticker is not on it. */
  sector: string | null;
  /** The first row of its CIK: the company's main listing. */
  primary: boolean;
}

export interface ListedCompanies {
  all: readonly ListedCompany[];
  byTicker: ReadonlyMap<string, ListedCompany>;
  /** Rows of each CIK, main listing first. */
  byCik: ReadonlyMap<string, readonly ListedCompany[]>;
  /** Where the list was read from, and why it is empty if it is. */
  source: { file: string; error: string | null };
}

/** The seed folder, read at run time from the project folder (not bundled: tell Next's tracer so). */
function defaultFile(): string {
  return path.join(path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma/seed"), LISTED_COMPANIES_FILE);
}

let cached: ListedCompanies | undefined;

/** The SEC-listed companies, read once. A missing or unreadable file gives an empty list (the agent
 * then knows only the curated companies) and one warning. */
export function listedCompanies(): ListedCompanies {
  if (cached) return cached;
  const file = defaultFile();
  try {
    cached = indexListedCompanies(
      parseListedCompanies(gunzipSync(readFileSync(/*turbopackIgnore: true*/ file)).toString("utf8")),
      file,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[catalog] SEC company list not read (${reason}): only the curated companies can be named`);
    cached = { all: [], byTicker: new Map(), byCik: new Map(), source: { file, error: reason } };
  }
  return cached;
}

/** The listed company with this ticker (any case; "BRK.B" reads "BRK-B"). */
export function listedCompanyByTicker(ticker: string): ListedCompany | undefined {
  return listedCompanies().byTicker.get(ticker.trim().toUpperCase().replaceAll(".", "-"));
}

/** Rows of the CSV text; throws on a malformed file (it is built by the project, never edited). */
export function parseListedCompanies(text: string): ListedCompany[] {
  const rows: ListedCompany[] = [];
  const seenCik = new Set<string>();
  for (const row of readCsvRecords(text, LISTED_COMPANY_COLUMNS)) {
    if (!row.ok) throw new Error(`${LISTED_COMPANIES_FILE}:${row.line}: ${row.reason}`);
    const { ticker, cik, name, sector } = row.values;
    if (!/^[A-Z0-9][A-Z0-9.-]{0,11}$/.test(ticker) || !/^\d{10}$/.test(cik) || name.trim() === "") {
      throw new Error(`${LISTED_COMPANIES_FILE}:${row.line}: not a ticker, CIK and name`);
    }
    rows.push({
      ticker,
      cik,
      secName: name,
      name: displayName(name),
      sector: sector === "" ? null : sector,
      primary: !seenCik.has(cik),
    });
    seenCik.add(cik);
  }
  return rows;
}

function indexListedCompanies(all: ListedCompany[], file: string): ListedCompanies {
  const byTicker = new Map<string, ListedCompany>();
  const byCik = new Map<string, ListedCompany[]>();
  for (const c of all) {
    if (!byTicker.has(c.ticker)) byTicker.set(c.ticker, c);
    const rows = byCik.get(c.cik);
    if (rows) rows.push(c);
    else byCik.set(c.cik, [c]);
  }
  return { all, byTicker, byCik, source: { file, error: null } };
}

/** Words kept in capitals when an all-capitals SEC name is put in title case. */
const UPPER_WORDS: ReadonlySet<string> = new Set([
  "LLC",
  "LP",
  "LLP",
  "PLC",
  "NV",
  "SA",
  "AG",
  "SE",
  "ASA",
  "AB",
  "SPA",
  "REIT",
  "ETF",
  "ETN",
  "ADR",
  "USA",
  "US",
  "UK",
  "II",
  "III",
  "IV",
  "VI",
  "VII",
  "VIII",
  "IX",
  "XI",
  "XII",
  "SAB",
  "CV",
  "NA",
  "BV",
  "KK",
  "SCA",
]);
/** Short words written in lower case inside a name ("Bank of America"). */
const LOWER_WORDS: ReadonlySet<string> = new Set([
  "of",
  "and",
  "the",
  "in",
  "for",
  "on",
  "at",
  "to",
  "de",
  "del",
  "la",
  "le",
  "du",
  "y",
]);

/**
 * "TYSON FOODS, INC." → "Tyson Foods, Inc."; "BANK OF AMERICA CORP /DE/" → "Bank of America Corp".
 * Names written in mixed case are the company's own spelling and stay as they are (less the state
 * of incorporation the SEC appends). Abbreviations without vowels ("CVS", "NVR") and words with
 * digits or "&" ("AT&T", "3M") stay in capitals.
 */
export function displayName(secName: string): string {
  const clean =
    secName
      .replace(/\s*[/\\][A-Z]{2,3}[/\\]?\s*$/, "")
      .replace(/\s*\/NEW\/?\s*$/i, "")
      .replace(/\s+/g, " ")
      .trim() || secName.trim();
  if (/[a-z]/.test(clean)) return clean;
  let first = true;
  return clean.replace(/[A-Z0-9&'.-]+/g, (word) => {
    const wasFirst = first;
    first = false;
    const bare = word.replace(/[.,]+$/, "");
    if (UPPER_WORDS.has(bare) || /[0-9&]/.test(word) || !/[AEIOUY]/.test(bare)) return word;
    const lower = word.toLowerCase();
    if (!wasFirst && LOWER_WORDS.has(lower)) return lower;
    // "MCDONALD'S" → "Mcdonald's" would be wrong either way; capitalize each part after - or '.
    return lower.replace(/(^|[-.])([a-z])/g, (_m, sep: string, c: string) => `${sep}${c.toUpperCase()}`);
  });
}
