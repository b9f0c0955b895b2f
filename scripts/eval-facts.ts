// npm run eval:facts: extraction of statement tables from the data folder's page-aligned 10-K/10-Q
// texts: speed (pages/s, full extraction time), tables and triplets found, rows mapped to catalog
// metrics, and exact agreement of the mapped values with the XBRL facts of the seed (per metric, overall,
// every disagreement with both sources), plus the coverage the tables add. Hand-annotated tables
// (eval/facts/annotations.json) give extraction precision and recall. Skips (exit 0) without the data folder.
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readCsvRecords } from "@/lib/core/csv";
import { consoleProgress } from "@/lib/core/progress";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { readDocumentPages, statementDocuments } from "@/lib/ingest/facts/financebench-docs";
import { type MappedFact, mapTriplets } from "@/lib/ingest/facts/mapping";
import { extractFiling, type Triplet } from "@/lib/ingest/facts/triplets";
import { compareWithXbrl, type XbrlValue } from "@/lib/ingest/facts/xbrl-agreement";
import { FACT_COLUMNS, SEED_DIR, SEED_FILES } from "@/lib/ingest/seed";

function seedXbrlValues(): XbrlValue[] {
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
    });
  }
  return values;
}

function main(): number {
  if (!hasDataDir()) {
    console.log(`eval:facts skipped: ${dataDir()} not found (set FINGROUND_DATA_DIR)`);
    return 0;
  }
  const { documents, unresolved } = statementDocuments(dataDir());
  const progress = consoleProgress();
  progress.start("extracting statement tables", documents.length);
  const triplets: Triplet[] = [];
  const mapped: MappedFact[] = [];
  let pages = 0;
  let tables = 0;
  let skippedRows = 0;
  let extractionMs = 0;
  for (const document of documents) {
    const text = readDocumentPages(document.file);
    const started = performance.now();
    const extraction = extractFiling(text, document.ref);
    const mappedHere = mapTriplets(extraction.triplets);
    extractionMs += performance.now() - started;
    pages += text.length;
    tables += extraction.tables;
    skippedRows += extraction.skippedRows;
    triplets.push(...extraction.triplets);
    mapped.push(...mappedHere);
    progress.advance(1);
  }
  progress.finish();

  console.log(
    `\n## Extraction (${documents.length} documents; ${unresolved.length} outside the catalog: ${unresolved.join(", ") || "none"})`,
  );
  console.log(
    `pages ${pages}, tables ${tables}, triplets ${triplets.length}, rows left out (cells ≠ columns) ${skippedRows}`,
  );
  console.log(
    `mapped values ${mapped.length} (${new Set(mapped.map((m) => `${m.triplet.provenance.filing}|${m.triplet.provenance.page}|${m.triplet.provenance.line}`)).size} rows)`,
  );
  console.log(
    `extraction + mapping ${(extractionMs / 1000).toFixed(2)} s on one core: ${(pages / (extractionMs / 1000)).toFixed(0)} pages/s`,
  );

  const report = compareWithXbrl(mapped, seedXbrlValues());
  console.log("\n## Agreement with XBRL (seed metric_values, exact after scale)");
  console.log("| metric | compared | agreed | agreement |\n|---|---|---|---|");
  for (const r of report.perMetric)
    console.log(`| ${r.metricKey} | ${r.compared} | ${r.agreed} | ${((r.agreed / r.compared) * 100).toFixed(1)}% |`);
  console.log(
    `| **overall** | ${report.compared} | ${report.agreed} | ${((report.agreed / Math.max(1, report.compared)) * 100).toFixed(2)}% |`,
  );
  console.log(`\ndisagreements (${report.disagreements.length}), each with the date the XBRL value was known:`);
  for (const d of report.disagreements) {
    console.log(
      `  ${d.ticker} ${d.metricKey} ${d.period}: table ${d.tableValue} (${d.filing} page ${d.page} line ${d.line} "${d.label}") vs XBRL ${d.xbrlValue} (known ${d.xbrlKnownAt})`,
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
  return 0;
}

process.exitCode = main();
