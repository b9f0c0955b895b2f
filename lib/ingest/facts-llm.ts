// `npm run ingest -- facts --llm` (only with an LLM endpoint configured): after the reader, the tables it
// detected but could not turn into triplets are read by the model (lib/ingest/facts/llm-triplets.ts:
// the few-shot prompt and the check of every number against the table's text). Kept triplets go to
// filing_facts with source "llm" and their page and line. Each table's facts and its mark in
// filing_llm_tables land in one transaction, so a killed run loses at most the tables in flight and a
// table already asked is never asked again; a request that fails (endpoint down, timeout, HTTP error)
// leaves its table for the next run. Bounded: tables per run and per filing, output tokens, two
// requests at a time, a time budget.
//
// Not mapped to catalog metrics: the mapping rules read a row's statement, headings and sign from the
// reader's own parse, which an unread table lacks (the model's label alone is no such reading), and a
// catalog value is what answers quote as the company's figure; an LLM-read line stays a searchable
// fact, marked as such, beside XBRL and the parsed statements.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { generateText, NoObjectGeneratedError, Output } from "ai";
import type { Database } from "@/lib/db/client";
import { companyFiscalYearEnds } from "@/lib/db/queries/companies";
import { systemErrorCode } from "@/lib/llm/llm-errors";
import { extractStoredFiling, insertFilingFacts, storedFiling } from "./facts-ingest";
import {
  INSTRUCTIONS,
  modelAnswerSchema,
  promptMessages,
  type TableReading,
  verifiedTriplets,
} from "./facts/llm-triplets";
import type { FilingRef, UnreadTable } from "./facts/triplets";
import type { RunContext } from "./write";

/** A local model takes seconds a table: a run of a few hundred fits an evening, more is a next run. */
const MAX_TABLES_PER_RUN = 200;
/** One filing with many unread tables (a badly extracted text) does not take the whole run. */
const MAX_TABLES_PER_FILING = 20;
/** Requests at once: a local server serves a few in parallel; more only queue there. */
const LLM_FACTS_CONCURRENCY = 2;
/** No table is started after this; the ones in flight end within the request timeout. */
const LLM_FACTS_BUDGET_MS = 30 * 60_000;
/** A table of 60 lines is at most a few hundred cells of ~60 tokens; a longer answer is cut off. */
const MAX_OUTPUT_TOKENS = 4000;

export interface LlmFactsSettings {
  model: LanguageModelV4;
  /** The model's name, recorded with each table asked. */
  modelName: string;
  /** The endpoint, for the message when it cannot be reached. */
  baseURL: string;
  /** Per request (the configured LLM_TIMEOUT_MS). */
  timeoutMs: number;
  maxTables?: number;
  maxTablesPerFiling?: number;
  budgetMs?: number;
}

export interface LlmFactsRun {
  /** Tables asked about, and how many more were found than the limits allowed (asked next run). */
  asked: number;
  overLimit: boolean;
  returned: number;
  kept: number;
  droppedNotInSource: number;
  droppedInvalid: number;
  /** Answers that were not JSON of the expected shape: counted, the table marked as asked. */
  invalidAnswers: number;
  /** Requests that failed (timeout, HTTP error) or were never sent: their tables are asked next run. */
  failed: number;
  /** Why the endpoint could not be reached, when it could not (the run then stops asking). */
  unreachable: string | null;
}

interface TableWork {
  filingId: bigint;
  ref: FilingRef;
  table: UnreadTable;
}

const tableKey = (filingId: bigint, table: UnreadTable): string =>
  `${filingId}|${table.page}|${table.lines[0]?.line ?? 0}`;

/** The unread tables not yet asked, in filing order, within the per-filing and per-run limits. */
async function pendingTables(
  db: Database,
  maxTables: number,
  maxPerFiling: number,
): Promise<{ work: TableWork[]; overLimit: boolean }> {
  const fiscalYearEnds = await companyFiscalYearEnds(db.prisma);
  const asked = await db.prisma.$queryRaw<{ filing_id: bigint; page_index: number; line: number }[]>`
    SELECT filing_id, page_index, line FROM filing_llm_tables`;
  const done = new Set(asked.map((r) => `${r.filing_id}|${r.page_index}|${r.line}`));
  const filings = await db.prisma.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM filings WHERE form IN ('10-K', '10-Q') ORDER BY id`;
  const work: TableWork[] = [];
  let overLimit = false;
  for (const { id } of filings) {
    const filing = await storedFiling(db, id);
    const fiscalYearEndMonth = filing && fiscalYearEnds.get(filing.ticker);
    if (filing === undefined || fiscalYearEndMonth === undefined) continue; // the reader's pass reports these
    const { ref, extraction } = extractStoredFiling(filing, fiscalYearEndMonth);
    const unread = extraction.unreadTables.filter((t) => !done.has(tableKey(id, t)));
    for (const table of unread.slice(0, maxPerFiling)) {
      if (work.length === maxTables) return { work, overLimit: true };
      work.push({ filingId: id, ref, table });
    }
    overLimit ||= unread.length > maxPerFiling;
  }
  return { work, overLimit };
}

/** The model's triplets for one table (unchecked items), or throws what the request met. */
async function askModel(settings: LlmFactsSettings, item: TableWork): Promise<unknown[]> {
  const result = await generateText({
    model: settings.model,
    instructions: INSTRUCTIONS,
    messages: promptMessages(item.table, item.ref),
    output: Output.object({
      schema: modelAnswerSchema,
      name: "table_triplets",
      description: "The value cells of the table as triplets, each value copied as printed.",
    }),
    temperature: 0,
    maxRetries: 0,
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    abortSignal: AbortSignal.timeout(settings.timeoutMs),
  });
  return result.output.triplets;
}

/** The table's kept facts and its mark, in one transaction: both land or neither does. */
async function storeReading(
  db: Database,
  item: TableWork,
  reading: TableReading,
  outcome: "read" | "invalid_answer",
  settings: LlmFactsSettings,
  runId: number,
): Promise<void> {
  const [pageIndex, line] = [item.table.page, item.table.lines[0]?.line ?? 0];
  await db.prisma.$transaction(
    async (tx) => {
      await insertFilingFacts(
        tx,
        item.filingId,
        reading.kept.map((triplet) => ({ triplet, mapped: undefined })),
        runId,
        "llm",
      );
      await tx.$executeRaw`
        INSERT INTO filing_llm_tables (filing_id, page_index, line, model, outcome, returned, kept,
                                       dropped_not_in_source, dropped_invalid, ingest_run_id)
        VALUES (${item.filingId}, ${pageIndex}, ${line}, ${settings.modelName}, ${outcome}, ${reading.returned},
                ${reading.kept.length}, ${reading.droppedNotInSource}, ${reading.droppedInvalid}, ${runId})
        ON CONFLICT DO NOTHING`;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}

/** Asks the model about every pending unread table, two at a time, and logs what it returned and kept. */
export async function ingestLlmTableFacts(
  db: Database,
  run: RunContext,
  settings: LlmFactsSettings,
): Promise<LlmFactsRun> {
  const { work, overLimit } = await pendingTables(
    db,
    settings.maxTables ?? MAX_TABLES_PER_RUN,
    settings.maxTablesPerFiling ?? MAX_TABLES_PER_FILING,
  );
  const result: LlmFactsRun = {
    asked: 0,
    overLimit,
    returned: 0,
    kept: 0,
    droppedNotInSource: 0,
    droppedInvalid: 0,
    invalidAnswers: 0,
    failed: 0,
    unreachable: null,
  };
  const deadline = Date.now() + (settings.budgetMs ?? LLM_FACTS_BUDGET_MS);
  let firstProblem: string | null = null;
  run.progress.start("facts: unread tables read by the LLM", work.length);
  let next = 0;
  const worker = async () => {
    while (next < work.length && result.unreachable === null && Date.now() < deadline) {
      const item = work[next++]!;
      const where = `${item.ref.filing} page ${item.table.page + 1}, table "${item.table.table.title}"`;
      result.asked++;
      try {
        const reading = verifiedTriplets(await askModel(settings, item), item.table, item.ref);
        await storeReading(db, item, reading, "read", settings, run.runId);
        result.returned += reading.returned;
        result.kept += reading.kept.length;
        result.droppedNotInSource += reading.droppedNotInSource;
        result.droppedInvalid += reading.droppedInvalid;
        if (reading.firstDrop) firstProblem ??= `${where}: ${reading.firstDrop}`;
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error)) {
          // The same table would get the same answer: counted and marked, not asked again.
          const none = { returned: 0, kept: [], droppedNotInSource: 0, droppedInvalid: 0, firstDrop: null };
          await storeReading(db, item, none, "invalid_answer", settings, run.runId);
          result.invalidAnswers++;
          firstProblem ??= `${where}: the answer is not JSON of the expected shape`;
        } else {
          result.failed++;
          const code = systemErrorCode(error);
          if (code !== undefined) result.unreachable ??= `${settings.baseURL} cannot be reached (${code})`;
          else firstProblem ??= `${where}: ${(error as Error).message}`;
        }
      }
      run.progress.advance(1);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LLM_FACTS_CONCURRENCY, work.length) }, worker));
  run.progress.finish();
  const notSent = work.length - result.asked;
  result.failed += notSent;
  run.progress.log(
    `facts --llm (${settings.modelName}): ${result.asked} of ${work.length} unread tables asked${overLimit ? " (limit reached: more next run)" : ""}; ` +
      `triplets returned ${result.returned} / kept ${result.kept} / dropped (number not in source) ${result.droppedNotInSource} / dropped (invalid) ${result.droppedInvalid}; ` +
      `answers not valid JSON ${result.invalidAnswers}; ${result.failed} tables left for the next run` +
      (firstProblem ? `; first problem: ${firstProblem}` : ""),
  );
  if (result.unreachable !== null) {
    // The parsed facts are stored already; the unread tables wait for the next run.
    run.totals.problems.push({
      where: "facts --llm",
      reason: `LLM endpoint ${result.unreachable}: stopped asking, ${result.failed} tables left for the next run (check OPENAI_BASE_URL and that the server is up)`,
    });
  } else if (notSent > 0) {
    run.totals.problems.push({
      where: "facts --llm",
      reason: `time budget of ${Math.round((settings.budgetMs ?? LLM_FACTS_BUDGET_MS) / 1000)} s reached: ${notSent} tables left for the next run`,
    });
  }
  return result;
}
