// Builds the committed seed (prisma/seed) from the data folder with the project's own parsers:
// companies' identifiers and sectors, metric values with periods and sources, daily prices. Numbers
// only; no text from the sources. Used by `npm run seed:build`, never by the app.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { companyByTicker } from "@/lib/catalog/companies";
import { LISTED_COMPANIES_FILE, LISTED_COMPANY_COLUMNS } from "@/lib/catalog/listed-companies";
import { conceptIndex } from "@/lib/catalog/metrics";
import { readCsvRecords } from "@/lib/core/csv";
import { collapseHistory } from "./history";
import type { Progress } from "@/lib/core/progress";
import { FACT_COLUMNS, PRICE_COLUMNS, SEED_FILES, type SeedCompany } from "./seed";
import { companyFactsEntity, parseCompanyFacts } from "./sources/sec-companyfacts";
import { parsePriceCsv } from "./sources/prices";
import { parseXbrlFactsCsv } from "./sources/sec-xbrl";
import type { IngestProblem, MetricFact, Parsed, PriceRow } from "@/lib/core/types";

export interface SeedBuildSummary {
  companies: number;
  /** Rows of the SEC ticker list written to sec_companies.csv.gz. */
  listedCompanies: number;
  facts: number;
  prices: number;
  problems: IngestProblem[];
}

export function buildSeed(dataDir: string, outDir: string, progress: Progress): SeedBuildSummary {
  const problems: IngestProblem[] = [];
  const keep = <T>(items: Iterable<Parsed<T>>): T[] => {
    const out: T[] = [];
    for (const item of items) item.ok ? out.push(item.record) : problems.push(item.problem);
    return out;
  };
  const read = (relative: string) => readFileSync(path.join(dataDir, relative), "utf8");
  const xbrlFiles = [
    "sec_10k_10q_ixbrl_edgartools/ixbrl_facts_nondimensional.csv",
    "sec_10k_10q_ixbrl_edgartools/xbrl_instance_facts_nondimensional.csv",
  ];
  const xbrlTexts = xbrlFiles.map((file) => ({ file, text: read(file) }));

  progress.log("companies: reference lists");
  const companies = seedCompanies(
    read,
    xbrlTexts.map((x) => x.text),
  );
  const listed = listedCompanyRows(read);
  const fiscalYearEnds = new Map(companies.map((c) => [c.ticker, c.fiscalYearEndMonth]));
  const byCik = new Map(companies.map((c) => [c.cik, c]));

  progress.log("facts: SEC companyfacts");
  const facts: MetricFact[] = [];
  const covered = new Set<string>();
  for (const file of COMPANYFACTS_FILES) {
    const json = JSON.parse(read(`sec_companyfacts_edgartools/${file}`)) as unknown;
    const company = byCik.get(companyFactsEntity(json).cik);
    if (!company) throw new Error(`${file}: CIK not among the seed's companies`);
    covered.add(company.ticker);
    facts.push(
      ...keep(
        parseCompanyFacts(json, {
          file,
          ticker: company.ticker,
          fiscalYearEndMonth: company.fiscalYearEndMonth,
          concepts: conceptIndex(),
        }),
      ),
    );
  }
  progress.log("facts: XBRL fact tables (companies without companyfacts)");
  for (const { file, text } of xbrlTexts) {
    const parsed = keep(
      parseXbrlFactsCsv(text, { file, fiscalYearEndMonth: (t) => fiscalYearEnds.get(t), concepts: conceptIndex() }),
    );
    facts.push(...parsed.filter((fact) => !covered.has(fact.ticker)));
  }
  const history = collapseHistory(facts, conceptIndex());

  progress.log("prices: daily CSVs");
  const prices = [
    "prices_sp500_alphavantage_pooksoft/daily_ohlcv_2015_2021.csv",
    "prices_sp500_yfinance_gdputney/daily_ohlcv_adjusted_2015_2025.csv",
  ].flatMap((file) => keep(parsePriceCsv(read(file), { file })));

  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, SEED_FILES.companies), `${JSON.stringify(companies, null, 1)}\n`);
  writeFileSync(path.join(outDir, SEED_FILES.facts), gzipCsv(FACT_COLUMNS, history.map(factToRow)));
  writeFileSync(path.join(outDir, SEED_FILES.prices), gzipCsv(PRICE_COLUMNS, prices.map(priceToRow)));
  writeFileSync(path.join(outDir, LISTED_COMPANIES_FILE), listedCompaniesFile(listed));
  return {
    companies: companies.length,
    listedCompanies: listed.length,
    facts: history.length,
    prices: prices.length,
    problems,
  };
}

const COMPANYFACTS_FILES = [
  "AAPL_CIK0000320193_companyfacts_subset.json",
  "NVDA_CIK0001045810_companyfacts_subset.json",
  "GOOGL_CIK0001652044_companyfacts_subset.json",
  "TSLA_CIK0001318605_companyfacts_subset.json",
];

/** sec_companies.csv.gz, byte for byte: the same reference files always give the same bytes. */
export function listedCompaniesFile(rows: string[][]): Buffer {
  return gzipCsv(LISTED_COMPANY_COLUMNS, rows);
}

const secTickersSchema = z.record(z.string(), z.object({ cik_str: z.number(), ticker: z.string(), title: z.string() }));

/** Every row of the SEC ticker list, in its order (largest companies first), as ticker, CIK, SEC name
 * and sector: the S&P 500 list of 2021 by ticker ("BRK.B" there is "BRK-B" here), and for the core
 * companies whose ticker changed since (FB → META) their coverage table's sector, by CIK. */
export function listedCompanyRows(read: (relative: string) => string): string[][] {
  const sec = secTickersSchema.parse(JSON.parse(read("reference/sec_company_tickers.json")));
  const sectors = new Map<string, string>();
  for (const row of readCsvRecords(read("reference/sp500_constituents_2021.csv"), ["Symbol", "Sector"] as const)) {
    if (!row.ok) throw new Error(`sp500_constituents_2021.csv:${row.line}: ${row.reason}`);
    if (row.values.Sector.trim() !== "")
      sectors.set(row.values.Symbol.trim().replaceAll(".", "-"), row.values.Sector.trim());
  }
  const coreSectors = new Map<string, { ticker: string; sector: string }>();
  for (const row of readCsvRecords(read("reference/core_company_coverage.csv"), [
    "ticker",
    "cik",
    "sector_2021",
  ] as const)) {
    if (row.ok && row.values.sector_2021)
      coreSectors.set(row.values.cik.padStart(10, "0"), { ticker: row.values.ticker, sector: row.values.sector_2021 });
  }
  // Integer-like keys iterate in ascending order: the list's own order.
  const entries = Object.entries(sec).sort(([a], [b]) => Number(a) - Number(b));
  const rows: string[][] = [];
  const seen = new Set<string>();
  for (const [, e] of entries) {
    const ticker = e.ticker.trim().toUpperCase();
    if (ticker === "" || seen.has(ticker)) continue;
    seen.add(ticker);
    const cik = String(e.cik_str).padStart(10, "0");
    const core = coreSectors.get(cik);
    const sector = sectors.get(ticker) ?? (core && core.ticker === ticker ? core.sector : "");
    rows.push([ticker, cik, e.title.replace(/\s+/g, " ").trim(), sector]);
  }
  return rows;
}

/** The 41 core companies, plus any company the XBRL tables add, with CIK, SEC name and 2021 sector. */
function seedCompanies(read: (relative: string) => string, xbrlTexts: string[]): SeedCompany[] {
  const secTitles = secTickersSchema.parse(JSON.parse(read("reference/sec_company_tickers.json")));
  const byTicker = new Map(Object.values(secTitles).map((e) => [e.ticker, e]));
  const sectors = new Map<string, string>();
  for (const row of readCsvRecords(read("reference/sp500_constituents_2021.csv"), ["Symbol", "Sector"] as const)) {
    if (row.ok) sectors.set(row.values.Symbol, row.values.Sector);
  }
  const companies = new Map<string, SeedCompany>();
  for (const row of readCsvRecords(read("reference/core_company_coverage.csv"), [
    "ticker",
    "cik",
    "sec_name",
    "sector_2021",
  ] as const)) {
    if (!row.ok) throw new Error(`core_company_coverage.csv:${row.line}: ${row.reason}`);
    const { ticker, cik, sec_name, sector_2021 } = row.values;
    const curated = companyByTicker(ticker);
    if (!curated) throw new Error(`core company ${ticker} is missing from lib/catalog/companies.ts`);
    companies.set(ticker, {
      ticker,
      cik: cik.padStart(10, "0"),
      secName: sec_name,
      sector: sector_2021 || null,
      fiscalYearEndMonth: curated.fiscalYearEndMonth,
    });
  }
  const extraFiscalYearEnds = annualReportMonths(xbrlTexts);
  for (const text of xbrlTexts) {
    for (const row of readCsvRecords(text, ["ticker", "cik"] as const)) {
      if (!row.ok || companies.has(row.values.ticker)) continue;
      const sec = byTicker.get(row.values.ticker);
      companies.set(row.values.ticker, {
        ticker: row.values.ticker,
        cik: row.values.cik.padStart(10, "0"),
        secName: sec?.title ?? row.values.ticker,
        sector: sectors.get(row.values.ticker) ?? null,
        fiscalYearEndMonth: extraFiscalYearEnds.get(row.values.ticker) ?? 12,
      });
    }
  }
  return [...companies.values()].sort((a, b) => a.ticker.localeCompare(b.ticker));
}

/** The month in which each company's 10-K periods end (52/53-week years can end a few days into the
 * next month, hence the week's shift). */
function annualReportMonths(xbrlTexts: string[]): Map<string, number> {
  const months = new Map<string, number>();
  for (const text of xbrlTexts) {
    for (const row of readCsvRecords(text, ["ticker", "form", "document_period_end"] as const)) {
      if (!row.ok || row.values.form !== "10-K" || months.has(row.values.ticker)) continue;
      const end = new Date(`${row.values.document_period_end} UTC`);
      if (Number.isNaN(end.getTime())) continue;
      end.setUTCDate(end.getUTCDate() - 7);
      months.set(row.values.ticker, end.getUTCMonth() + 1);
    }
  }
  return months;
}

function factToRow(f: MetricFact): (string | number | null)[] {
  return [
    f.ticker,
    f.metricKey,
    f.periodStart,
    f.periodEnd,
    f.fiscalYear,
    f.fiscalPeriod,
    f.value,
    f.unit,
    f.currency,
    f.decimals,
    f.sourceKind,
    f.concept,
    f.form,
    f.accession,
    f.filedAt,
    f.knownAt,
  ];
}

function priceToRow(p: PriceRow): (string | null)[] {
  return [p.ticker, p.source, p.date, p.open, p.high, p.low, p.close, p.adjClose, p.volume];
}

function gzipCsv(header: readonly string[], rows: (string | number | null)[][]): Buffer {
  const lines = [header.join(","), ...rows.map((row) => row.map(csvField).join(","))];
  return gzipSync(`${lines.join("\n")}\n`, { level: 9 });
}

function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
