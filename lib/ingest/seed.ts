// The committed seed: numeric facts only (companies' identifiers and sectors, metric values with their
// periods and sources, daily prices), derived from ../shared/data by this project's own parsers, so a
// fresh clone answers with real figures without the data folder.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { companyByTicker } from "@/lib/catalog/companies";
import type { Database } from "@/lib/db/client";
import { upsertCompanies, type CompanyRecord } from "@/lib/db/queries/companies";
import { keepValid, writeFacts, writePrices, type RunContext } from "./write";
import { readCsvRecords } from "@/lib/core/csv";
import { FISCAL_PERIODS, type MetricFact, type Parsed, type PriceRow } from "@/lib/core/types";

export const SEED_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma/seed");
export const SEED_FILES = {
  companies: "companies.json",
  facts: "metric_facts.csv.gz",
  prices: "daily_prices.csv.gz",
} as const;

export const FACT_COLUMNS = [
  "ticker",
  "metric",
  "period_start",
  "period_end",
  "fiscal_year",
  "fiscal_period",
  "value",
  "unit",
  "currency",
  "decimals",
  "source_kind",
  "concept",
  "form",
  "accession",
  "filed_at",
  "known_at",
] as const;
export const PRICE_COLUMNS = [
  "ticker",
  "source",
  "date",
  "open",
  "high",
  "low",
  "close",
  "adj_close",
  "volume",
] as const;

const seedCompanySchema = z.object({
  ticker: z.string().regex(/^[A-Z][A-Z0-9.-]{0,9}$/),
  cik: z.string().regex(/^\d{10}$/),
  secName: z.string().min(1),
  sector: z.string().nullable(),
  fiscalYearEndMonth: z.number().int().min(1).max(12),
});
export type SeedCompany = z.infer<typeof seedCompanySchema>;

/** The seed is read at run time from the project folder, not bundled: tell Next's tracer so. */
function seedFile(dir: string, name: string): string {
  return path.join(/*turbopackIgnore: true*/ dir, name);
}

/** Identifies the seed's exact content, so a database knows whether it already holds it. */
export function seedFingerprint(dir: string = SEED_DIR): string {
  const hash = createHash("sha256");
  for (const file of Object.values(SEED_FILES)) hash.update(readFileSync(seedFile(dir, file)));
  return hash.digest("hex").slice(0, 16);
}

/** What a seed run records among its paths to name the exact seed it loaded. */
export function seedMarker(dir: string = SEED_DIR): string {
  return `seed:sha256:${seedFingerprint(dir)}`;
}

export function hasSeed(dir: string = SEED_DIR): boolean {
  return Object.values(SEED_FILES).every((file) => existsSync(seedFile(dir, file)));
}

// ---------------------------------------------------------------------------------------------------
// Loading

export async function loadSeed(db: Database, dir: string = SEED_DIR, run: RunContext): Promise<void> {
  const companies = z
    .array(seedCompanySchema)
    .parse(JSON.parse(readFileSync(seedFile(dir, SEED_FILES.companies), "utf8")));
  await upsertCompanies(db.prisma, companies.map(toCompanyRecord));
  run.progress.log(`companies: ${companies.length}`);
  const facts = keepValid(
    parseSeedFacts(gunzipSync(readFileSync(seedFile(dir, SEED_FILES.facts))).toString("utf8")),
    run,
  );
  await writeFacts(db, facts, run, "metric values");
  const prices = keepValid(
    parseSeedPrices(gunzipSync(readFileSync(seedFile(dir, SEED_FILES.prices))).toString("utf8")),
    run,
  );
  await writePrices(db, prices, run, "daily prices");
}

/** Seed identifiers and sectors, completed by the curated catalog (display name, industry, aliases). */
function toCompanyRecord(seed: SeedCompany): CompanyRecord {
  const curated = companyByTicker(seed.ticker);
  return {
    ticker: seed.ticker,
    cik: seed.cik,
    name: curated?.name ?? seed.secName,
    sector: seed.sector,
    industry: curated?.industry ?? null,
    exchange: curated?.exchange ?? null,
    currency: curated?.currency ?? "USD",
    fiscalYearEndMonth: curated?.fiscalYearEndMonth ?? seed.fiscalYearEndMonth,
    aliases: curated?.aliases ?? [],
  };
}

const seedFactSchema = z.object({
  ticker: z.string().min(1),
  metric: z.string().min(1),
  period_start: z.string(),
  period_end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  fiscal_year: z.coerce.number().int(),
  fiscal_period: z.enum(FISCAL_PERIODS),
  value: z.string().regex(/^-?\d+(\.\d+)?$/),
  unit: z.string().min(1),
  currency: z.string(),
  decimals: z.string().regex(/^(-?\d+)?$/),
  source_kind: z.enum(["sec_companyfacts", "sec_xbrl"]),
  concept: z.string().min(1),
  form: z.string(),
  accession: z.string(),
  filed_at: z.string(),
  known_at: z.string().min(10),
});

function* parseSeedFacts(text: string): Generator<Parsed<MetricFact>> {
  for (const row of readCsvRecords(text, FACT_COLUMNS)) {
    const where = `${SEED_FILES.facts}:${row.line}`;
    if (!row.ok) {
      yield { ok: false, problem: { where, reason: row.reason } };
      continue;
    }
    const parsed = seedFactSchema.safeParse(row.values);
    if (!parsed.success) {
      yield {
        ok: false,
        problem: { where, reason: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") },
      };
      continue;
    }
    const f = parsed.data;
    yield {
      ok: true,
      record: {
        ticker: f.ticker,
        metricKey: f.metric,
        periodStart: f.period_start || null,
        periodEnd: f.period_end,
        fiscalYear: f.fiscal_year,
        fiscalPeriod: f.fiscal_period,
        value: f.value,
        unit: f.unit,
        currency: f.currency || null,
        decimals: f.decimals === "" ? null : Number(f.decimals),
        sourceKind: f.source_kind,
        concept: f.concept,
        form: f.form || null,
        accession: f.accession || null,
        filedAt: f.filed_at || null,
        knownAt: f.known_at,
      },
    };
  }
}

const seedPriceSchema = z.object({
  ticker: z.string().min(1),
  source: z.enum(["alphavantage", "yfinance"]),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  adj_close: z.string(),
  volume: z.string().regex(/^\d*$/),
});

function* parseSeedPrices(text: string): Generator<Parsed<PriceRow>> {
  for (const row of readCsvRecords(text, PRICE_COLUMNS)) {
    const where = `${SEED_FILES.prices}:${row.line}`;
    if (!row.ok) {
      yield { ok: false, problem: { where, reason: row.reason } };
      continue;
    }
    const parsed = seedPriceSchema.safeParse(row.values);
    if (!parsed.success) {
      yield {
        ok: false,
        problem: { where, reason: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") },
      };
      continue;
    }
    const p = parsed.data;
    const orNull = (v: string) => (v === "" ? null : v);
    yield {
      ok: true,
      record: {
        ticker: p.ticker,
        source: p.source,
        date: p.date,
        open: orNull(p.open),
        high: orNull(p.high),
        low: orNull(p.low),
        close: orNull(p.close),
        adjClose: orNull(p.adj_close),
        volume: orNull(p.volume),
      },
    };
  }
}
