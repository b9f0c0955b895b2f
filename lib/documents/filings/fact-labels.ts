// Row labels of the filing tables (filing_fact_labels: one per distinct normalized label of filing_facts)
// as a document kind: embedded in the background like chunks, and ranked by the shared engine (hybrid
// vector and keyword score, lib/documents/search/postgres.ts) among the labels a company's facts carry
// in the period asked, so "headcount" finds "employees". Keyword-only while labels have no vector.
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db/client";
import type { FactLabelQuery, FactLabelSearch, RankedFactLabel } from "@/lib/data/filing-lines";
import { DEFAULT_RANKING } from "@/lib/documents/config";
import { embedPendingRowsOf } from "@/lib/documents/embed-pending";
import type { RankingOptions } from "@/lib/documents/search/engine";
import { type DocumentFilterSql, type DocumentTable, searchDocuments } from "@/lib/documents/search/postgres";

/** A few labels per question: the line quoted is the best one holding values in the period. A label
 * found by its vector alone must reach a cosine of 0.45: the bundled encoder scores unrelated short
 * labels up to ~0.4 ("xyzzy" and "number of fabs": 0.41), close phrasings above ("workers" and
 * "number of employees": 0.67; "buying back stock" and "repurchases of common stock": 0.52). */
const FACT_LABEL_RANKING: RankingOptions = { ...DEFAULT_RANKING, k: 5, threshold: 0.45 };
/** A count question's words are embedded as a count's label ("number of shops"): the encoder finds
 * "number of warehouses" for that (0.76), not for "shops" alone (0.56, below "merchandise costs"). The
 * shared words lift every "number of …" pair ("number of xyzzy" and "number of fabs": 0.65), hence the
 * higher bar. */
const COUNT_PHRASE_THRESHOLD = 0.68;
const COUNT_LABEL = /^number of\b/i;

/** What the vector side embeds for a query, and the ranking that goes with it. */
function vectorPhraseOf(query: FactLabelQuery): { phrase: string; ranking: RankingOptions } {
  if (!query.asksCount || COUNT_LABEL.test(query.words)) return { phrase: query.words, ranking: FACT_LABEL_RANKING };
  return { phrase: `number of ${query.words}`, ranking: { ...FACT_LABEL_RANKING, threshold: COUNT_PHRASE_THRESHOLD } };
}

const FACT_LABELS_TABLE: DocumentTable = {
  table: Prisma.raw("filing_fact_labels"),
  // Labels have no date: ties go to the later-stored label.
  dateColumn: Prisma.raw("id"),
  hitColumns: Prisma.raw("a.normalized_label, a.embedding IS NOT NULL AS has_vector"),
  hitJoin: Prisma.empty,
};

/** The labels of the company's facts with a value in the period and statement asked (any when absent). */
function factLabelFilterSql(query: FactLabelQuery): DocumentFilterSql {
  const year = query.fiscalYear ?? null;
  const period = query.fiscalPeriod ?? null;
  const statement = query.statement ?? null;
  const labels = Prisma.sql`
    SELECT normalized_label FROM filing_facts
    WHERE ticker = ${query.ticker} AND value IS NOT NULL
      AND (${year}::int IS NULL OR fiscal_year = ${year}::int)
      AND (${period}::text IS NULL OR fiscal_period = ${period}::text)
      AND (${statement}::text IS NULL OR statement = ${statement}::text)`;
  const predicate = Prisma.sql`normalized_label IN (${labels})`;
  return { ids: Prisma.sql`SELECT id FROM filing_fact_labels WHERE ${predicate}`, predicate };
}

/** The best labels for the words; `embedding` (of vectorPhraseOf's phrase) null ranks by keyword alone. */
async function searchFactLabels(
  prisma: PrismaClient,
  query: FactLabelQuery,
  embedding: readonly number[] | null,
  ranking: RankingOptions,
): Promise<RankedFactLabel[]> {
  const rows = await searchDocuments<{ normalized_label: string; has_vector: boolean }>(prisma, FACT_LABELS_TABLE, {
    text: query.words,
    embedding,
    filter: factLabelFilterSql(query),
    ranking,
  });
  const mode = embedding === null ? "keyword" : ranking.mode;
  // "hybrid" says the label's meaning is close to the words asked; a label whose vector stays below the
  // threshold ranked by its words alone ("Net losses after tax" for "property tax": the word "tax"),
  // and the Data Module shows it only when it holds every word asked (lib/data/filing-lines.ts).
  return rows.map((row) => ({
    normalizedLabel: row.normalized_label,
    similarity: mode === "keyword" || !row.has_vector ? null : row.similarity,
    ranking:
      mode === "keyword" || !row.has_vector || row.similarity === null || row.similarity < ranking.threshold
        ? "keyword"
        : "hybrid",
  }));
}

/** The Data Module's label search over this database, its words embedded by `embed` (null: keyword). */
export function factLabelSearchOf(
  prisma: PrismaClient,
  embed: (text: string) => Promise<readonly number[] | null>,
): FactLabelSearch {
  return async (query) => {
    const { phrase, ranking } = vectorPhraseOf(query);
    return searchFactLabels(prisma, query, await embed(phrase), ranking);
  };
}

/** Embeds every label without a vector from the embedder's model. */
export const embedPendingFactLabels = embedPendingRowsOf("filing_fact_labels");

/** Writes of at least this many vectors are followed by tidying the label table. */
const TIDY_AFTER = 1000;

/** After many vectors: fresh planner statistics (PGlite runs no autovacuum). */
export async function tidyFactLabelsAfter(db: Database, written: number): Promise<void> {
  if (written >= TIDY_AFTER) await db.exec("VACUUM (ANALYZE) filing_fact_labels");
}
