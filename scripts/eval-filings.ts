// npm run eval:filings: how well filing chunk search finds what an investor asks for, on a fixed
// subset of FinanceBench filings (SUBSET below: 14 filings, 4 forms, 10 companies). Graded NDCG@10,
// recall@5 and recall@20 of keyword, vector and hybrid ranking, each with and without contextual headers
// and with the section routing off, as a filter and as a score bonus (lib/documents/filings/for-request.ts),
// on hand-written questions (eval/filings/queries.json) against pooled hand judgments
// (eval/filings/judgments.json; how they were made: eval/filings/LABELLING.md). `-- --pool` prints the
// judging pool instead (`-- --pool --unjudged`: only what judgments.json does not grade yet). The contextual
// LLM summaries are reported as not measured: no LLM endpoint is configured here. The subset is ingested twice, into two PGlite folders kept
// under .data/ so only the first run pays for embedding: as ingested, and with every header emptied
// before embedding (the tsvector is generated from the header, so it follows). Skips (exit 0) when the
// data folder is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { consoleProgress } from "@/lib/core/progress";
import { parseQuestion } from "@/lib/agent/parse-question";
import { type Database, openDatabase } from "@/lib/db/client";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { useLiteEmbedder } from "@/lib/documents/embeddings";
import {
  DEFAULT_SECTION_ROUTING,
  type SectionRouting,
  searchRouted,
  sectionFilters,
} from "@/lib/documents/filings/for-request";
import { embedPendingFilingChunks } from "@/lib/documents/filings/store";
import { searchFilingChunks } from "@/lib/documents/filings/search";
import type { FilingChunkHit, FilingFilters } from "@/lib/documents/filings/types";
import { SEARCH_MODES, type SearchMode } from "@/lib/documents/search/engine";
import { ndcgAtK, parseJudgments, recallAtK, unjudgedAtK } from "@/lib/documents/ranking-metrics";
import { dataDir } from "@/lib/ingest/data-dir";
import { prepareSchema } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { chunkKey, type EvalQuery, parseQueries, SUBSET, TEXT_DIR } from "@/eval/filings/subset";
import { writeSuiteResult } from "./eval-report/suite-result";

const VARIANTS = [
  { name: "with headers", dir: ".data/eval-filings", header: true },
  { name: "without headers", dir: ".data/eval-filings-no-header", header: false },
] as const;
type Variant = (typeof VARIANTS)[number];
/** The first 30 of each of the 18 rankings: every metric reported (to recall@20) sees only judged chunks,
 * and a ranking change has ten ranks of judged headroom below them. */
const POOL_DEPTH = 30;
/** Section routing: none, the route's sections as a filter, or as a score bonus. */
type Routing = "none" | SectionRouting;
const ROUTINGS: readonly Routing[] = ["none", "filter", "boost"];
/** Parsing needs a "today"; the questions name no relative dates, so any day after the filings serves. */
const PARSE_TODAY = "2024-06-30";

interface Scope {
  ticker: string;
  fiscalYear: number;
  form: string;
}

/** What one variant's database answers: the scope of each subset filing and a ranked search by key. */
interface VariantSearch {
  variant: Variant;
  db: Database;
  scopes: Map<string, Scope>;
  sourceKeys: Map<string, string>;
}

const NO_FILTERS: FilingFilters = {
  tickers: [],
  forms: [],
  fiscalYears: [],
  fiscalPeriods: [],
  sections: [],
  periodEndFrom: null,
  periodEndTo: null,
};

/** The filters of a question: its filing's company and fiscal year (each subset filing is alone in its
 * company-year), plus, when routed, the sections and forms the request's filings route names. */
function filtersOf(scope: Scope, query: EvalQuery, routed: boolean): FilingFilters {
  const scoped = { ...NO_FILTERS, tickers: [scope.ticker], fiscalYears: [scope.fiscalYear] };
  if (!routed) return scoped;
  const route = parseQuestion(query.query, { today: PARSE_TODAY }).sources.find((s) => s.source === "filings");
  return route ? { ...scoped, ...sectionFilters(route.sections) } : scoped;
}

/** The first k chunk keys of one ranking, its sections applied as the answer's retrieval applies them
 * (searchRouted). A filtered search that finds nothing is run again without the route's sections, as
 * that retrieval widens it (lib/documents/filings/for-request.ts). */
async function rankedHits(
  search: VariantSearch,
  query: EvalQuery,
  embedding: readonly number[],
  mode: SearchMode,
  routing: Routing,
  k: number,
): Promise<{ key: string; hit: FilingChunkHit }[]> {
  const scope = search.scopes.get(query.filing)!;
  const run = async (filters: FilingFilters) =>
    (
      await searchRouted(
        async (q) => ({ engine: "postgres", hits: await searchFilingChunks(search.db.prisma, q) }),
        { text: query.query, embedding, filters, ranking: { ...DEFAULT_RANKING, mode, k } },
        routing === "none" ? "filter" : routing,
      )
    ).hits;
  let hits = await run(filtersOf(scope, query, routing !== "none"));
  if (hits.length === 0 && routing === "filter") hits = await run(filtersOf(scope, query, false));
  return hits.map((hit) => ({ key: chunkKey(search.sourceKeys.get(hit.filingId)!, hit), hit }));
}

async function openVariant(variant: Variant, files: readonly string[]): Promise<VariantSearch> {
  const db = await openDatabase({ kind: "pglite", dataDir: variant.dir });
  await prepareSchema(db);
  const progress = consoleProgress();
  const ingest = await runIngest(db, "filings", files, progress, { embedder: null });
  console.log(`${variant.name}: ${ingest.inserted} filings stored now, ${ingest.unchanged} already stored`);
  // Emptied before embedding, so both the vector and the generated tsvector are of the text alone.
  if (!variant.header) await db.prisma.$executeRaw`UPDATE filing_chunks SET header = '' WHERE header <> ''`;
  await embedPendingFilingChunks(db.prisma, useLiteEmbedder(), progress);
  const rows = await db.prisma.$queryRaw<
    { id: bigint; source_key: string; ticker: string; fiscal_year: number; form: string }[]
  >`
    SELECT id, source_key, ticker, fiscal_year, form FROM filings`;
  const scopes = new Map(
    rows.map((r) => [r.source_key, { ticker: r.ticker, fiscalYear: r.fiscal_year, form: r.form }]),
  );
  const sourceKeys = new Map(rows.map((r) => [String(r.id), r.source_key]));
  for (const name of SUBSET)
    if (!scopes.has(name)) throw new Error(`${variant.dir} holds no filing ${name}: delete the folder and rerun`);
  return { variant, db, scopes, sourceKeys };
}

const RANKINGS = VARIANTS.flatMap((variant) =>
  ROUTINGS.flatMap((routing) => SEARCH_MODES.map((mode) => ({ variant, routing, mode }))),
);

/** `--pool`: per filing, every chunk any ranking puts in the first POOL_DEPTH of one of the filing's
 * questions, with its full text and the questions whose pool holds it: a chunk is read once, judged for
 * each of them. `unjudged`: only the (question, chunk) pairs judgments.json does not grade yet. */
async function printPools(
  searches: readonly VariantSearch[],
  queries: readonly EvalQuery[],
  unjudged: boolean,
): Promise<void> {
  const judgments = unjudged
    ? parseJudgments(JSON.parse(readFileSync("eval/filings/judgments.json", "utf8")))
    : new Map<string, Map<string, number>>();
  const embedder = useLiteEmbedder();
  for (const filing of SUBSET) {
    const asked = queries.filter((q) => q.filing === filing);
    const pooled = new Map<string, { hit: FilingChunkHit; ids: Set<string> }>();
    for (const q of asked) {
      const [embedding] = await embedder.embed([q.query]);
      for (const search of searches)
        for (const routing of ROUTINGS)
          for (const mode of SEARCH_MODES)
            for (const { key, hit } of await rankedHits(search, q, embedding!, mode, routing, POOL_DEPTH)) {
              if (judgments.get(q.id)?.has(key)) continue;
              const entry = pooled.get(key) ?? { hit, ids: new Set<string>() };
              entry.ids.add(q.id);
              pooled.set(key, entry);
            }
    }
    console.log(`\n## ${filing}: ${pooled.size} chunks pooled`);
    for (const q of asked) console.log(`# ${q.id}: ${q.query}`);
    for (const [key, { hit, ids }] of [...pooled].sort(([a], [b]) => a.localeCompare(b)))
      console.log(
        `@${key} {${[...ids].join(" ")}} [Item ${hit.sectionCode}, p${hit.page}] ${hit.text.replace(/\s+/g, " ")}`,
      );
  }
}

async function scoreRankings(searches: readonly VariantSearch[], queries: readonly EvalQuery[]): Promise<void> {
  const judgments = parseJudgments(JSON.parse(readFileSync("eval/filings/judgments.json", "utf8")));
  const judged = queries.filter((q) => judgments.has(q.id));
  const scored = judged.filter((q) => [...judgments.get(q.id)!.values()].some((g) => g > 0));
  const embedder = useLiteEmbedder();
  const totals = RANKINGS.map(() => ({ ndcg: 0, recall5: 0, recall20: 0, unjudged: 0, shown: 0 }));
  // Per form, each ranking's NDCG@10 sum: routing and headers do not help every form alike.
  const byForm = new Map<string, { questions: number; ndcg: number[] }>();
  const progress = consoleProgress();
  progress.start("questions", scored.length);
  for (const q of scored) {
    const grades = judgments.get(q.id)!;
    const [embedding] = await embedder.embed([q.query]);
    const form = searches[0]!.scopes.get(q.filing)!.form;
    const perForm = byForm.get(form) ?? { questions: 0, ndcg: RANKINGS.map(() => 0) };
    perForm.questions++;
    byForm.set(form, perForm);
    for (const [i, { variant, routing, mode }] of RANKINGS.entries()) {
      const search = searches.find((s) => s.variant === variant)!;
      const ranked = (await rankedHits(search, q, embedding!, mode, routing, 20)).map((r) => r.key);
      const t = totals[i]!;
      const ndcg = ndcgAtK(ranked, grades, 10);
      t.ndcg += ndcg;
      perForm.ndcg[i]! += ndcg;
      t.recall5 += recallAtK(ranked, grades, 5);
      t.recall20 += recallAtK(ranked, grades, 20);
      t.unjudged += unjudgedAtK(ranked, grades, 10);
      t.shown += Math.min(10, ranked.length);
    }
    progress.advance(1);
  }
  progress.finish();
  const unscored = queries.filter((q) => !scored.includes(q)).map((q) => q.id);
  console.log(
    `\nRetrieval: ${scored.length} of ${queries.length} questions scored, each within its filing's company and fiscal year` +
      (unscored.length > 0 ? ` (not scored, unjudged or nothing relevant: ${unscored.join(", ")})` : "") +
      `; hybrid ${DEFAULT_RANKING.vectorWeight}/${DEFAULT_RANKING.keywordWeight}`,
  );
  console.log("| ranking | headers | section routing | NDCG@10 | recall@5 | recall@20 | unjudged in top 10 |");
  console.log("|---|---|---|---|---|---|---|");
  const routingName = (routing: Routing) => (routing === DEFAULT_SECTION_ROUTING ? `${routing} (default)` : routing);
  for (const [i, { variant, routing, mode }] of RANKINGS.entries()) {
    const t = totals[i]!;
    const mean = (x: number) => (scored.length === 0 ? "–" : (x / scored.length).toFixed(3));
    console.log(
      `| ${mode} | ${variant.header ? "yes" : "no"} | ${routingName(routing)} | ${mean(t.ndcg)} | ${mean(t.recall5)} | ${mean(t.recall20)} | ${t.unjudged} of ${t.shown} |`,
    );
  }
  console.log(
    "| hybrid | yes + LLM summaries | any | not measured: no LLM endpoint | | | |\n" +
      "(the summary variant needs `npm run filings -- summarize` against a configured LLM; none is reachable here)",
  );
  const hybrid = RANKINGS.flatMap((r, i) => (r.mode === "hybrid" ? [{ ...r, i }] : []));
  console.log(
    `\nHybrid NDCG@10 by form\n| form | questions | ${hybrid.map((r) => `${r.variant.header ? "headers" : "no headers"}, routing ${r.routing}`).join(" | ")} |`,
  );
  console.log(`|---|---|${hybrid.map(() => "---|").join("")}`);
  for (const [form, f] of [...byForm].sort(([a], [b]) => a.localeCompare(b)))
    console.log(
      `| ${form} | ${f.questions} | ${hybrid.map((r) => (f.ndcg[r.i]! / f.questions).toFixed(3)).join(" | ")} |`,
    );
  writeSuiteResult({
    suite: "filings",
    figures: RANKINGS.flatMap(({ variant, routing, mode }, i) => {
      const name = `${mode}${variant.header ? "" : ".no-headers"}${routing === "none" ? "" : `.routed-${routing}`}`;
      const label = `${mode}${variant.header ? "" : ", no headers"}${routing === "none" ? "" : `, routing as a ${routing}`}`;
      const t = totals[i]!;
      return [
        {
          key: `${name}.ndcg10`,
          label: `${label} NDCG@10`,
          value: t.ndcg / scored.length,
          unit: "ratio",
          better: "higher",
        },
        {
          key: `${name}.recall5`,
          label: `${label} recall@5`,
          value: t.recall5 / scored.length,
          unit: "ratio",
          better: "higher",
        },
        {
          key: `${name}.recall20`,
          label: `${label} recall@20`,
          value: t.recall20 / scored.length,
          unit: "ratio",
          better: "higher",
        },
      ] as const;
    }),
  });
}

async function main(argv: readonly string[]): Promise<number> {
  const dir = path.join(dataDir(), TEXT_DIR);
  const files = SUBSET.map((name) => path.join(dir, `${name}.json`));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length > 0) {
    console.log(`eval:filings skipped: ${missing[0]} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const queries = parseQueries(JSON.parse(readFileSync("eval/filings/queries.json", "utf8")));
  const searches: VariantSearch[] = [];
  try {
    for (const variant of VARIANTS) searches.push(await openVariant(variant, files));
    if (argv.includes("--pool")) await printPools(searches, queries, argv.includes("--unjudged"));
    else await scoreRankings(searches, queries);
  } finally {
    for (const s of searches) await s.db.close();
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
