// npm run eval:facts: extraction of statement tables from the data folder's page-aligned 10-K/10-Q
// texts: speed (pages/s, full extraction time), tables and triplets found, rows mapped to catalog
// metrics, and exact agreement of the mapped values with the XBRL facts of the seed (per metric, overall,
// every disagreement with both sources), plus the coverage the tables add. Hand-annotated tables
// (eval/facts/annotations.json) give extraction precision and recall. Skips (exit 0) without the data folder.
import { gunzipSync } from "node:zlib";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { readCsvRecords } from "@/lib/core/csv";
import { metricByKey } from "@/lib/catalog/metrics";
import { Decimal } from "@/lib/core/decimal";
import { consoleProgress } from "@/lib/core/progress";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import {
  type StatementDocument,
  sectionSplitDocuments,
  statementDocuments,
} from "@/lib/ingest/facts/statement-documents";
import { type MappedFact, mapTriplets } from "@/lib/ingest/facts/mapping";
import { extractFiling, normalizeLabel, type Triplet } from "@/lib/ingest/facts/triplets";
import { compareWithXbrl, type XbrlValue } from "@/lib/ingest/facts/xbrl-agreement";
import { FACT_COLUMNS, SEED_DIR, SEED_FILES } from "@/lib/ingest/seed";
import { type Figure, writeSuiteResult } from "./eval-report/suite-result";
import { evaluateLabelSearch } from "./eval-facts-labels";

const RAW_XBRL_FILES = [
  "sec_10k_10q_ixbrl_edgartools/ixbrl_facts_nondimensional.csv",
  "sec_10k_10q_ixbrl_edgartools/xbrl_instance_facts_nondimensional.csv",
] as const;
const RAW_COLUMNS = ["ticker", "concept", "start", "end", "value"] as const;

/** Every value the data folder's XBRL files give, by ticker, concept and period, to tell a stored value
 * chosen from another concept of the metric (a definition difference) from a wrong table value. */
function rawXbrlValues(): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const file of RAW_XBRL_FILES) {
    const full = path.join(dataDir(), file);
    if (!existsSync(full)) continue;
    for (const record of readCsvRecords(readFileSync(full, "utf8"), RAW_COLUMNS)) {
      if (!record.ok) continue;
      const { ticker, concept, start, end, value } = record.values;
      const key = `${ticker}|${concept}|${start}|${end}`;
      values.set(key, [...(values.get(key) ?? []), value]);
    }
  }
  return values;
}

function seedXbrlValues(): XbrlValue[] {
  const raw = rawXbrlValues();
  const text = gunzipSync(readFileSync(path.join(SEED_DIR, SEED_FILES.facts))).toString("utf8");
  const values: XbrlValue[] = [];
  for (const record of readCsvRecords(text, FACT_COLUMNS)) {
    if (!record.ok) throw new Error(`seed line ${record.line}: ${record.reason}`);
    const v = record.values;
    values.push({
      ticker: v.ticker,
      metricKey: v.metric,
      fiscalYear: Number(v.fiscal_year),
      fiscalPeriod: v.fiscal_period,
      periodEnd: v.period_end,
      value: v.value,
      accession: v.accession || null,
      knownAt: v.known_at,
      otherConceptValues: (metricByKey(v.metric)?.concepts ?? []).flatMap(
        (concept) => raw.get(`${v.ticker}|${concept}|${v.period_start}|${v.period_end}`) ?? [],
      ),
    });
  }
  return values;
}

const annotationSchema = z
  .object({
    doc: z.string().min(1),
    page: z.number().int().nonnegative(),
    /** The table's printed scale; a row label ending "|1" or "|1000" has its own (per-share, counts). */
    scale: z.number().positive(),
    /** One relation suffix per value column: "FY2022", "Q2_FY2024". */
    periods: z.array(z.string().regex(/^(FY|Q[1-4]_FY|H1_FY|M9_FY)\d{4}$/)).min(1),
    rows: z.array(z.array(z.string().nullable()).min(2)),
    /** "dev": tables whose misses were used to fix the extractor; "held_out": annotated after the last fix. */
    split: z.enum(["dev", "held_out"]),
  })
  .strict();

type Annotation = z.infer<typeof annotationSchema>;

interface AnnotationScore {
  tables: number;
  cells: number;
  predicted: number;
  correct: number;
  misses: string[];
}

/**
 * Precision and recall of the extracted cells against hand-annotated tables. A cell is correct when a
 * triplet of that page has the same row label, period and exact value in base units; the predicted cells
 * of a table are the page's triplets on the lines between its first and last correct cell.
 */
function scoreAnnotations(triplets: readonly Triplet[], annotations: readonly Annotation[]): AnnotationScore {
  const byPage = new Map<string, Triplet[]>();
  for (const t of triplets) {
    const key = `${t.provenance.filing}|${t.provenance.page}`;
    byPage.set(key, [...(byPage.get(key) ?? []), t]);
  }
  const score: AnnotationScore = { tables: annotations.length, cells: 0, predicted: 0, correct: 0, misses: [] };
  for (const table of annotations) {
    const onPage = byPage.get(`${table.doc}|${table.page}`) ?? [];
    const used = new Set<Triplet>();
    const lines: number[] = [];
    for (const [written, ...values] of table.rows) {
      const [label, ownScale] = (written ?? "").split("|");
      const scale = ownScale === undefined ? table.scale : Number(ownScale);
      // A long label is keyed by its start and "…", so no more of the filing's text is kept than needed.
      const isPrefix = (label ?? "").endsWith("…");
      const key = normalizeLabel([(label ?? "").replace(/…$/, "")]);
      values.forEach((value, i) => {
        score.cells++;
        const relation = `HAS_VALUE_IN_${table.periods[i]}`;
        const expected = value === null ? null : new Decimal(value).times(scale);
        const match = onPage.find(
          (t) =>
            !used.has(t) &&
            t.relation === relation &&
            (isPrefix
              ? normalizeLabel([t.attributes.label]).startsWith(key)
              : normalizeLabel([t.attributes.label]) === key) &&
            (expected === null ? t.value === null : t.value !== null && expected.eq(t.value)),
        );
        if (match === undefined) {
          score.misses.push(`${table.doc} p${table.page} "${label}" ${table.periods[i]} ${value ?? "—"}`);
          return;
        }
        used.add(match);
        lines.push(match.provenance.line);
        score.correct++;
      });
    }
    if (lines.length > 0) {
      const [first, last] = [Math.min(...lines), Math.max(...lines)];
      score.predicted += onPage.filter((t) => t.provenance.line >= first && t.provenance.line <= last).length;
    }
  }
  return score;
}

function main(): number {
  if (!hasDataDir()) {
    console.log(`eval:facts skipped: ${dataDir()} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const { documents, unresolved } = statementDocuments(dataDir());
  const sectionSplit = sectionSplitDocuments(dataDir());
  const progress = consoleProgress();
  progress.start("extracting statement tables", documents.length + sectionSplit.documents.length);
  const extract = (docs: readonly StatementDocument[]) => {
    const out = {
      pages: 0,
      tables: 0,
      unreadTables: 0,
      skippedRows: 0,
      ms: 0,
      triplets: [] as Triplet[],
      mapped: [] as MappedFact[],
    };
    for (const document of docs) {
      const { pages: text, ref } = document.load();
      const started = performance.now();
      const extraction = extractFiling(text, ref, document.layout);
      const mappedHere = mapTriplets(extraction.triplets);
      out.ms += performance.now() - started;
      out.pages += text.length;
      out.tables += extraction.tables;
      out.unreadTables += extraction.unreadTables.length;
      out.skippedRows += extraction.skippedRows;
      out.triplets.push(...extraction.triplets);
      out.mapped.push(...mappedHere);
      progress.advance(1);
    }
    return out;
  };
  const paged = extract(documents);
  const flow = extract(sectionSplit.documents);
  progress.finish();
  const { triplets } = paged;
  const mapped = [...paged.mapped, ...flow.mapped];
  const mappedRows = (facts: readonly MappedFact[]) =>
    new Set(
      facts.map((m) => `${m.triplet.provenance.filing}|${m.triplet.provenance.page}|${m.triplet.provenance.line}`),
    ).size;

  console.log(
    `\n## Extraction, page-aligned (${documents.length} documents; ${unresolved.length} outside the catalog: ${unresolved.join(", ") || "none"})`,
  );
  console.log(
    `pages ${paged.pages}, tables ${paged.tables}, triplets ${paged.triplets.length}, rows left out (cells ≠ columns) ${paged.skippedRows}, tables detected but unread (what \`ingest facts --llm\` asks an LLM) ${paged.unreadTables}`,
  );
  console.log(`mapped values ${paged.mapped.length} (${mappedRows(paged.mapped)} rows)`);
  console.log(
    `extraction + mapping ${(paged.ms / 1000).toFixed(2)} s on one core: ${(paged.pages / (paged.ms / 1000)).toFixed(0)} pages/s`,
  );
  console.log(
    `\n## Extraction, section-split (${sectionSplit.documents.length} filings; ${sectionSplit.unresolved.length} outside the catalog: ${sectionSplit.unresolved.join(", ") || "none"})`,
  );
  console.log(
    `sections ${flow.pages}, tables ${flow.tables}, triplets ${flow.triplets.length}, rows left out (cells ≠ columns) ${flow.skippedRows}, tables unread ${flow.unreadTables}, mapped values ${flow.mapped.length} (${mappedRows(flow.mapped)} rows), ${(flow.ms / 1000).toFixed(2)} s`,
  );
  const tablesPer = new Map<string, number>();
  for (const t of flow.triplets) tablesPer.set(t.provenance.filing, (tablesPer.get(t.provenance.filing) ?? 0) + 1);
  const withoutFacts = sectionSplit.documents.filter((d) => !tablesPer.has(d.filing)).map((d) => d.filing);
  console.log(
    `section-split filings without any triplet: ${withoutFacts.length} (${withoutFacts.join(", ") || "none"})`,
  );
  const xbrlValues = seedXbrlValues();
  for (const source of new Set(sectionSplit.documents.map((d) => d.filing.split(":")[0]!))) {
    const of = (facts: readonly { triplet: Triplet }[] | readonly Triplet[]) =>
      facts.filter((f) => ("triplet" in f ? f.triplet : f).provenance.filing.startsWith(`${source}:`)).length;
    // Each source alone against XBRL: a value repeated by another source's filing counts for both.
    const own = compareWithXbrl(
      flow.mapped.filter((m) => m.triplet.provenance.filing.startsWith(`${source}:`)),
      xbrlValues,
    );
    console.log(
      `  ${source}: ${sectionSplit.documents.filter((d) => d.filing.startsWith(`${source}:`)).length} filings, triplets ${of(flow.triplets)}, mapped values ${of(flow.mapped)}, agreement with XBRL ${own.agreed}/${own.compared} (unexplained ${own.byKind.unexplained})`,
    );
  }

  const annotations = z.array(annotationSchema).parse(JSON.parse(readFileSync("eval/facts/annotations.json", "utf8")));
  const figures: Figure[] = [];
  for (const split of ["dev", "held_out"] as const) {
    const score = scoreAnnotations(
      triplets,
      annotations.filter((a) => a.split === split),
    );
    console.log(`\n## Hand-annotated tables, ${split} (${score.tables} tables, ${score.cells} cells)`);
    console.log(
      `precision ${((score.correct / Math.max(1, score.predicted)) * 100).toFixed(1)}% (${score.correct}/${score.predicted}), recall ${((score.correct / Math.max(1, score.cells)) * 100).toFixed(1)}% (${score.correct}/${score.cells})`,
    );
    for (const miss of score.misses) console.log(`  missed: ${miss}`);
    figures.push(
      {
        key: `${split}.precision`,
        label: `${split} tables: cell precision`,
        value: (100 * score.correct) / Math.max(1, score.predicted),
        unit: "percent",
        better: "higher",
      },
      {
        key: `${split}.recall`,
        label: `${split} tables: cell recall`,
        value: (100 * score.correct) / Math.max(1, score.cells),
        unit: "percent",
        better: "higher",
      },
    );
  }

  const flowReport = compareWithXbrl(flow.mapped, xbrlValues);
  console.log(
    `\n## Agreement with XBRL, section-split filings alone: ${flowReport.agreed}/${flowReport.compared} = ${((flowReport.agreed / Math.max(1, flowReport.compared)) * 100).toFixed(2)}% (unexplained ${flowReport.byKind.unexplained})`,
  );
  const pagedReport = compareWithXbrl(paged.mapped, xbrlValues);
  console.log(
    `## Agreement with XBRL, page-aligned filings alone: ${pagedReport.agreed}/${pagedReport.compared} = ${((pagedReport.agreed / Math.max(1, pagedReport.compared)) * 100).toFixed(2)}% (unexplained ${pagedReport.byKind.unexplained}); values added where XBRL has none ${pagedReport.coverage.reduce((sum, c) => sum + c.added, 0)}`,
  );
  const report = compareWithXbrl(mapped, xbrlValues);
  console.log("\n## Agreement with XBRL, all filings (seed metric_values, exact after scale)");
  console.log("| metric | compared | agreed | agreement |\n|---|---|---|---|");
  for (const r of report.perMetric)
    console.log(`| ${r.metricKey} | ${r.compared} | ${r.agreed} | ${((r.agreed / r.compared) * 100).toFixed(1)}% |`);
  console.log(
    `| **overall** | ${report.compared} | ${report.agreed} | ${((report.agreed / Math.max(1, report.compared)) * 100).toFixed(2)}% |`,
  );
  const { byKind } = report;
  const explained = report.disagreements.length - byKind.unexplained;
  console.log(
    `\ndisagreements ${report.disagreements.length}: XBRL value of another concept (the filing gives the table's under one of the metric's concepts) ${byKind.other_concept}, split-adjusted by a later filing ${byKind.split_adjusted}, restated in a later filing ${byKind.restated_confirmed + byKind.restated_later} (${byKind.restated_confirmed} confirmed by that filing's table), restated by the table's later filing ${byKind.restated_by_table}, unexplained ${byKind.unexplained}`,
  );
  console.log(
    `agreed or explained: ${report.agreed + explained}/${report.compared} = ${(((report.agreed + explained) / Math.max(1, report.compared)) * 100).toFixed(2)}%; errors of the extraction (unexplained): ${byKind.unexplained}`,
  );
  for (const d of report.disagreements) {
    console.log(
      `  [${d.kind}] ${d.ticker} ${d.metricKey} ${d.period}: table ${d.tableValue} (${d.filing} page ${d.page} line ${d.line} "${d.label}") vs XBRL ${d.xbrlValue} (known ${d.xbrlKnownAt})`,
    );
  }
  console.log("\n## Coverage (catalog values per company: XBRL in the seed, from tables, added where XBRL has none)");
  console.log("| company | XBRL values | table values | values added | periods added |\n|---|---|---|---|---|");
  for (const c of report.coverage)
    console.log(`| ${c.ticker} | ${c.xbrlValues} | ${c.tableValues} | ${c.added} | ${c.periodsAdded} |`);
  const companiesAdded = report.coverage.filter((c) => c.xbrlValues === 0).length;
  console.log(
    `companies with no XBRL values before: ${companiesAdded}; values added in all: ${report.coverage.reduce((s, c) => s + c.added, 0)}`,
  );
  writeSuiteResult({
    suite: "facts",
    figures: [
      ...figures,
      {
        key: "xbrl.agreement",
        label: "agreement with XBRL, all filings",
        value: (100 * report.agreed) / Math.max(1, report.compared),
        unit: "percent",
        better: "higher",
      },
      {
        key: "xbrl.unexplained",
        label: "disagreements with XBRL not explained (restatement, split, another concept)",
        value: byKind.unexplained,
        unit: "count",
        better: "lower",
      },
      {
        key: "mapped",
        label: "values mapped to catalog metrics",
        value: mapped.length,
        unit: "count",
        better: "higher",
      },
      {
        key: "pages-per-second",
        label: "extraction speed (pages/s)",
        value: paged.pages / (paged.ms / 1000),
        unit: "count",
        better: "higher",
      },
    ],
  });
  return 0;
}

// `--labels`: the label search evaluation (eval-facts-labels.ts), apart: its first run embeds for minutes.
if (process.argv.includes("--labels")) evaluateLabelSearch().then((code) => (process.exitCode = code));
else process.exitCode = main();
