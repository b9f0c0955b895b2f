// Questions of the kind analysts ask in benchmarks ("What is the FY2018 capital expenditure (in USD
// millions) for 3M?"), for every company whose filings are in the seed: the rules agent, the Data
// Module and the built-in analyst must give the figure the filings give. Expected values are read
// straight from the committed seed file here, independently of the database and of the Data Module.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { Decimal } from "@/lib/core/decimal";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseQuestion } from "@/lib/agent/parse-question";
import { presentationOf } from "@/lib/agent/schema";
import { companyByTicker } from "@/lib/catalog/companies";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";
import { writeAnalysis } from "@/lib/answer/analysis";
import { formatHumanValue, valueStyle } from "@/lib/format/values";
import { readCsvRecords } from "@/lib/core/csv";

const TODAY = "2026-11-30";
const COLUMNS = [
  "ticker",
  "metric",
  "period_start",
  "period_end",
  "fiscal_year",
  "fiscal_period",
  "value",
  "known_at",
] as const;

/**
 * The annual value per (ticker, metric, fiscal year) as first reported, as the seed holds it: a question
 * naming a past fiscal year is answered as that year's own filing reported it (issue 30.4), a later
 * filing's restatement beside it.
 */
function seedAnnualValues(): Map<string, string> {
  const text = gunzipSync(readFileSync("prisma/seed/metric_facts.csv.gz")).toString("utf8");
  const first = new Map<string, { value: string; knownAt: string }>();
  for (const record of readCsvRecords(text, COLUMNS)) {
    if (!record.ok) throw new Error(`seed line ${record.line}: ${record.reason}`);
    const r = record.values;
    if (r.fiscal_period !== "FY" || r.period_start === "") continue;
    const key = `${r.ticker}:${r.metric}:${r.fiscal_year}`;
    const current = first.get(key);
    if (!current || r.known_at < current.knownAt) first.set(key, { value: r.value, knownAt: r.known_at });
  }
  return new Map([...first].map(([key, { value }]) => [key, value]));
}

/** How the question names a company: the curated short name, else the name the SEC lists. */
function companyNames(): Map<string, string> {
  const listed = z
    .array(z.object({ ticker: z.string(), secName: z.string() }))
    .parse(JSON.parse(readFileSync("prisma/seed/companies.json", "utf8")));
  return new Map(listed.map((c) => [c.ticker, companyByTicker(c.ticker)?.name ?? c.secName]));
}

const seed = seedAnnualValues();
const names = companyNames();
const tickersWithFilings = [...new Set([...seed.keys()].map((key) => key.split(":")[0]!))].sort();

describe.each(testBackends())("grounded answers for every seeded company on $name", (backend) => {
  const { slice: buildSlice } = sliceDatabase(backend);

  it("has filings for the companies the benchmark questions are about", () => {
    // 22 of the 44 seeded companies have annual filings in the seed; the others only prices.
    expect(tickersWithFilings.length).toBeGreaterThanOrEqual(20);
  });

  it.each(tickersWithFilings)(
    "answers the FY2018 capital expenditure of %s exactly, or says it is missing",
    async (ticker) => {
      const name = names.get(ticker)!;
      const request = parseQuestion(`What is the FY2018 capital expenditure (in USD millions) for ${name}?`, {
        today: TODAY,
      });
      expect(request.companies).toContainEqual(expect.objectContaining({ kind: "company", ticker }));
      expect(request.metrics.map((m) => m.key)).toEqual(["capex"]);
      const slice = await buildSlice(request);
      const expected = seed.get(`${ticker}:capex:2018`);
      const point = slice.series
        .find((s) => s.ticker === ticker && s.metricKey === "capex")
        ?.points.find((p) => p.fiscalYear === 2018);
      if (expected === undefined) {
        expect(point).toBeUndefined();
        expect(slice.missing.some((m) => m.ticker === ticker)).toBe(true);
        expect(writeAnalysis(slice)).toMatch(/not|no /i);
        return;
      }
      expect(point?.value).toBe(expected);
      // The analyst writes the figure at the scale the question asks for ("in USD millions": "$13,313
      // million"); the exact one is in the table.
      const series = slice.series.find((s) => s.ticker === ticker && s.metricKey === "capex")!;
      expect(presentationOf(request)).toMatchObject({ scale: "millions" });
      expect(writeAnalysis(slice)).toContain(formatHumanValue(expected, valueStyle(series, presentationOf(request))));
    },
  );

  it.each(tickersWithFilings)(
    "computes the FY2022 gross margin of %s from its filings, or says what is missing",
    async (ticker) => {
      const name = names.get(ticker)!;
      const request = parseQuestion(`What is ${name}'s FY2022 gross margin?`, { today: TODAY });
      expect(request.metrics.map((m) => m.key)).toEqual(["gross_margin_ratio"]);
      const slice = await buildSlice(request);
      const grossProfit = seed.get(`${ticker}:gross_profit:2022`);
      const revenue = seed.get(`${ticker}:revenue:2022`);
      const point = slice.series
        .find((s) => s.ticker === ticker && s.metricKey === "gross_margin_ratio")
        ?.points.find((p) => p.fiscalYear === 2022);
      if (grossProfit === undefined || revenue === undefined) {
        expect(point).toBeUndefined();
        expect(slice.missing).toContainEqual(
          expect.objectContaining({ ticker, reason: expect.stringMatching(/not computable|no .*(filing|gross)/i) }),
        );
        return;
      }
      const expected = new Decimal(grossProfit).dividedBy(revenue);
      expect(new Decimal(point!.value).minus(expected).abs().lessThan("1e-18")).toBe(true);
      expect(writeAnalysis(slice)).toContain(`${expected.times(100).toFixed(1)}%`);
    },
  );
});
