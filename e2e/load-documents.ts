// E2E setup, run by playwright.config.ts before the default app server starts (PGlite admits one
// process): loads the seed (the companies `ingest facts` needs; the server's start then skips it), stores
// a small fixed set of real filings and earnings calls from the data folder (the servers run with
// DOCUMENTS_LOAD_ON_START=off, so the 163 filings never load in the background during the specs), without
// vectors (keyword search serves), extracts the filings' table facts, then writes what the database holds
// of them (pages through readFilingPage, chunks, facts) to E2E_DOCUMENTS_MANIFEST for the specs. Without the data
// folder it stores nothing and removes the manifest, and the document specs skip. It runs in the
// server's environment, so it writes the server's database (PGlite at FINGROUND_PGLITE_DIR, or
// PostgreSQL when DATABASE_URL is set).
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { consoleProgress } from "@/lib/core/progress";
import { type Database, databaseConfigFromEnv, openDatabase } from "@/lib/db/client";
import { readFilingPage } from "@/lib/documents/filings/store";
import { dataDir } from "@/lib/ingest/data-dir";
import { prepareDatabase } from "@/lib/ingest/prepare";
import { runIngest } from "@/lib/ingest/run";
import { E2E_DOCUMENTS, E2E_DOCUMENTS_MANIFEST } from "./servers";
import type { DocumentsManifest } from "./documents-manifest";

async function main(): Promise<void> {
  const started = Date.now();
  const inputs = {
    filings: E2E_DOCUMENTS.filings.map((p) => path.resolve(dataDir(), p)),
    transcripts: E2E_DOCUMENTS.transcripts.map((p) => path.resolve(dataDir(), p)),
  };
  const missing = [...inputs.filings, ...inputs.transcripts].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    rmSync(E2E_DOCUMENTS_MANIFEST, { force: true });
    console.log(`e2e documents: skipped, not found: ${missing.join(", ")} (the document specs skip)`);
    return;
  }
  const progress = consoleProgress();
  const db = await openDatabase(databaseConfigFromEnv());
  try {
    // The seed first: `ingest facts` rejects a filing whose company is not in the companies table.
    await prepareDatabase(db, { progress });
    // Facts always run: a filing whose facts are stored is skipped, and one an earlier setup rejected
    // (stored before the seed's companies) is extracted now.
    for (const source of ["filings", "transcripts", "facts"] as const) {
      const paths = source === "facts" ? [] : inputs[source];
      if (source !== "facts" && (await hasStored(db, source, paths))) continue;
      const summary = await runIngest(db, source, paths, progress, { embedder: null });
      console.log(
        `e2e documents: ${source} ${summary.inserted} stored, ${summary.rejected} rejected (${summary.seconds.toFixed(1)} s)`,
      );
    }
    const manifest = await readStoredDocuments(db);
    writeFileSync(E2E_DOCUMENTS_MANIFEST, JSON.stringify(manifest));
    console.log(
      `e2e documents: ${manifest.filings.length} filings, ${manifest.transcriptChunks.length} call chunks ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

/** A run over exactly these inputs already succeeded: the next start skips the parsing. */
async function hasStored(db: Database, source: "filings" | "transcripts", inputs: string[]): Promise<boolean> {
  const run = await db.prisma.ingestRun.findFirst({
    where: { source, status: "succeeded", paths: { hasEvery: inputs } },
    select: { id: true },
  });
  return run !== null;
}

async function readStoredDocuments(db: Database): Promise<DocumentsManifest> {
  const filingRows = await db.prisma.$queryRaw<
    { id: bigint; ticker: string; form: string; fiscal_year: number; filed_date: string | null; page_count: number }[]
  >`SELECT id, ticker, form, fiscal_year, to_char(filed_date, 'YYYY-MM-DD') AS filed_date,
           cardinality(pages) AS page_count
    FROM filings ORDER BY id`;
  const filings: DocumentsManifest["filings"] = [];
  for (const row of filingRows) {
    const pages: string[] = [];
    for (let i = 0; i < row.page_count; i++)
      pages.push((await readFilingPage(db.prisma, String(row.id), i))?.text ?? "");
    const { id, ticker, form, fiscal_year: fiscalYear, filed_date: filedDate } = row;
    filings.push({ id: String(id), ticker, form, fiscalYear, filedDate, pages });
  }
  const chunks = await db.prisma.$queryRaw<
    { id: bigint; filing_id: bigint; page_index: number; char_start: number; char_end: number; text: string }[]
  >`SELECT id, filing_id, page_index, char_start, char_end, text FROM filing_chunks ORDER BY id`;
  const transcriptChunks = await db.prisma.$queryRaw<{ ticker: string; speaker: string | null; text: string }[]>`
    SELECT ticker, speaker, text FROM transcript_chunks ORDER BY id`;
  const facts = await db.prisma.$queryRaw<
    { filing_id: bigint; page_index: number; line: number; label: string; value_as_written: string | null }[]
  >`SELECT filing_id, page_index, line, label, value_as_written FROM filing_facts ORDER BY id`;
  return {
    filings,
    filingChunks: chunks.map((c) => ({
      id: String(c.id),
      filingId: String(c.filing_id),
      pageIndex: c.page_index,
      charStart: c.char_start,
      charEnd: c.char_end,
      text: c.text,
    })),
    transcriptChunks,
    filingFacts: facts.map((f) => ({
      filingId: String(f.filing_id),
      pageIndex: f.page_index,
      line: f.line,
      label: f.label,
      valueAsWritten: f.value_as_written,
    })),
  };
}

await main();
