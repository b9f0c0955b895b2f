// The Data Module's speed on the yardstick: a slice of 8 companies × 12 metrics × 3 years,
// and one of 8 companies × 6 derived metrics, on PGlite and (when DATABASE_URL is set) PostgreSQL.
// "Cold" is the first slice after start (each company's history loaded into memory); "warm" is every
// slice after that, which re-checks the data version but reads nothing else. Then the issue-12
// questions, as the agent reads them: the decade of daily volatility of a sector and of one company,
// with the longest the event loop was held (what another request would wait: wall-clock, the CPU the process
// used in that stretch, which does not grow with the machine's load, and monitorEventLoopDelay's maximum) and the
// slice's size.
import { rulesAgent } from "@/lib/agent/rules-agent";
import { structuredDataRequestSchema, type DateRange, type StructuredDataRequest } from "@/lib/agent/schema";
import { buildSlice } from "@/lib/data/build-slice";
import { watchEventLoop, type LoopHold } from "@/lib/data/turns";
import { openDatabase, type Database } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/ingest/prepare";

const TICKERS = ["AAPL", "NVDA", "MSFT", "GOOGL", "AMZN", "META", "KO", "JNJ"];
const STORED = [
  "revenue",
  "net_income",
  "operating_income",
  "gross_profit",
  "eps_diluted",
  "total_assets",
  "stockholders_equity",
  "cash",
  "operating_cash_flow",
  "capex",
  "price_close",
  "volume",
];
const DERIVED = [
  "gross_margin_ratio",
  "revenue_growth_yoy",
  "return_on_average_equity",
  "quick_ratio",
  "pe_ratio_ttm",
  "market_cap_at_close",
];
const RUNS = 50;

function request(metricKeys: readonly string[], dates: Partial<DateRange>): StructuredDataRequest {
  return structuredDataRequestSchema.parse({
    question: "bench",
    today: "2026-11-30",
    companies: TICKERS.map((ticker) => ({ kind: "company", ticker, name: ticker, span: null, confidence: 1 })),
    metrics: metricKeys.map((key) => ({ key, name: key, span: null, confidence: 1, related: [] })),
    dates: {
      expression: null,
      start: null,
      end: null,
      latest: false,
      granularity: "any",
      fiscal: null,
      count: null,
      ...dates,
    },
    intent: "lookup",
    unrecognized: [],
    suggestions: [],
    agent: "bench",
  });
}

const CASES: ReadonlyArray<readonly [string, StructuredDataRequest]> = [
  ["8×12×3y stored", request(STORED, { start: "2022-01-01", end: "2024-12-31", granularity: "annual" })],
  ["8×6 derived FY2023", request(DERIVED, { fiscal: { year: 2023, period: "FY" } })],
  ["8×12 latest", request(STORED, { latest: true })],
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const BOUNDED_QUESTIONS = [
  "Volatility of all tech sector companies from 2015 to 2025",
  "Apple volatility from 2015 to 2025",
];
const BOUNDED_RUNS = 10;

async function benchBoundedQuestions(db: Database): Promise<void> {
  console.log(`\nQuestions under the budget (${BOUNDED_RUNS} warm runs each after a cold one)\n`);
  console.log(
    "| question                                                  | cold ms | warm p50 | warm p95 | loop held max: wall / CPU / histogram ms | series | points | slice MB | cuts |",
  );
  console.log(
    "|-----------------------------------------------------------|---------|----------|----------|------------------------------------------|--------|--------|----------|------|",
  );
  for (const question of BOUNDED_QUESTIONS) {
    const req = await rulesAgent.parse(question, { today: "2026-11-30" });
    const coldStarted = performance.now();
    const first = await buildSlice(db.prisma, req);
    const cold = performance.now() - coldStarted;
    const warm: number[] = [];
    const held: LoopHold = { wallMs: 0, cpuMs: 0, histogramMaxMs: 0 };
    for (let i = 0; i < BOUNDED_RUNS; i++) {
      const watch = watchEventLoop();
      const started = performance.now();
      await buildSlice(db.prisma, req);
      warm.push(performance.now() - started);
      const hold = watch.stop();
      held.wallMs = Math.max(held.wallMs, hold.wallMs);
      held.cpuMs = Math.max(held.cpuMs, hold.cpuMs);
      held.histogramMaxMs = Math.max(held.histogramMaxMs, hold.histogramMaxMs);
    }
    const loopHeld = `${held.wallMs.toFixed(0)} / ${held.cpuMs.toFixed(0)} / ${held.histogramMaxMs.toFixed(0)}`;
    warm.sort((a, b) => a - b);
    const points = first.series.reduce((n, s) => n + s.points.length, 0);
    const megabytes = JSON.stringify(first).length / 1e6;
    console.log(
      `| ${question.padEnd(57)} | ${cold.toFixed(0).padStart(7)} | ${percentile(warm, 50).toFixed(0).padStart(8)} | ${percentile(warm, 95).toFixed(0).padStart(8)} | ${loopHeld.padStart(40)} | ${String(first.series.length).padStart(6)} | ${String(points).padStart(6)} | ${megabytes.toFixed(2).padStart(8)} | ${String(first.truncated?.length ?? 0).padStart(4)} |`,
    );
  }
}

async function benchEngine(name: string, db: Database): Promise<void> {
  await prepareDatabase(db);
  console.log(`\n${name}: Data Module slices (${RUNS} warm runs each)\n`);
  console.log("| slice              | cold ms | warm p50 | warm p95 | series |");
  console.log("|--------------------|---------|----------|----------|--------|");
  for (const [label, req] of CASES) {
    const coldStarted = performance.now();
    const first = await buildSlice(db.prisma, req);
    const cold = performance.now() - coldStarted;
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await buildSlice(db.prisma, req);
      warm.push(performance.now() - started);
    }
    warm.sort((a, b) => a - b);
    console.log(
      `| ${label.padEnd(18)} | ${cold.toFixed(1).padStart(7)} | ${percentile(warm, 50).toFixed(2).padStart(8)} | ${percentile(warm, 95).toFixed(2).padStart(8)} | ${String(first.series.length).padStart(6)} |`,
    );
  }
  await benchBoundedQuestions(db);
}

export async function benchSlices(env: Record<string, string | undefined> = process.env): Promise<void> {
  const pglite = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    await benchEngine("PGlite (in memory)", pglite);
  } finally {
    await pglite.close();
  }
  const url = env.DATABASE_URL?.trim();
  if (!url) {
    console.log("\nPostgreSQL: skipped (set DATABASE_URL to a database the bench may seed)");
    return;
  }
  const postgres = await openDatabase({ kind: "postgres", url });
  try {
    await benchEngine("PostgreSQL", postgres);
  } finally {
    await postgres.close();
  }
}
