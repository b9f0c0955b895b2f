// Document search on PostgreSQL and PGlite, one engine for every kind (news articles, filing chunks, …).
// Filters first, then one hybrid score per document: vectorWeight × cosine similarity + keywordWeight ×
// keyword rank (ts_rank of websearch_to_tsquery, divided by the best rank among the candidates, so
// 0..1). A result found only by its vector must reach the similarity threshold; a keyword match stays
// regardless. A kind names its table, its tie-breaking date and the columns its hits show
// (`DocumentTable`), and turns its filters into SQL (`DocumentFilterSql`); `searchDocuments` ranks.
//
// Two plans, chosen by how many documents the filters leave:
// - up to EXACT_SCAN_LIMIT (a company, a few peers or a sector over months or years: the usual
//   question), the filters give the documents and every one is scored, exactly;
// - beyond it, candidates come from the indexes: the nearest vectors by HNSW (`<=>`, iterative scan so
//   filtered kNN still returns enough rows) and the best full-text matches (GIN, intersected with the
//   filter columns' indexes by bitmap), a few times k each, and only those are scored.
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import type { RankingOptions } from "@/lib/documents/search/engine";
import { CANDIDATE_FACTOR, keywordQuery, modeWeights, queryWords } from "@/lib/documents/search/engine";

/** Filtered sets up to this size are scored exactly; larger ones through the indexes. */
const EXACT_SCAN_LIMIT = 5000;
/** In the index plan, filtered sets up to this many times the exact limit get their vector candidates
 * by scoring every filtered row's vector (the filter columns' indexes give the rows; a cosine per row
 * is cheap), larger ones by HNSW. A filter keeping a tenth of the chunks (every company's Item 1A)
 * makes the iterative HNSW scan visit thousands of other chunks first: 5–10× slower at 90k chunks. */
const VECTOR_SCAN_FACTOR = 4;

/** A document kind's table as the engine sees it. */
export interface DocumentTable {
  table: Prisma.Sql;
  /** Breaks ties in score, newest first (nulls last). */
  dateColumn: Prisma.Sql;
  /** What a hit carries: columns of the table aliased `a`, and of what `hitJoin` joins to it. */
  hitColumns: Prisma.Sql;
  hitJoin: Prisma.Sql;
}

/** A kind's filters in two forms that mean the same (tests hold them to it):
 * - `ids`, the matching documents' ids (for news read from its filter tables, one index range scan
 *   per ticker or sector): the exact plan's input, and the probe that chooses the plan;
 * - `predicate`, a condition on a document's own columns: the index plan checks it on each HNSW
 *   candidate, and the planner combines it with the full-text GIN index by bitmap. */
export interface DocumentFilterSql {
  ids: Prisma.Sql;
  predicate: Prisma.Sql;
}

/** The three scores of a hit. */
export interface DocumentScores {
  /** Cosine similarity to the query, null when the document (or the query) had no vector. */
  similarity: number | null;
  /** ts_rank over the best candidate's, 0..1; 0 when no keyword matched. */
  keyword: number;
  score: number;
}

export interface DocumentSearch {
  text: string;
  /** The query's vector; null searches by keyword only (e.g. no encoder at hand). */
  embedding: readonly number[] | null;
  filter: DocumentFilterSql;
  ranking: RankingOptions;
}

/** The best `ranking.k` documents of a kind for a query, each with the kind's hit columns and its
 * scores. `exactScanLimit` defaults to EXACT_SCAN_LIMIT; tests lower it to run the index plan on a few rows. */
export async function searchDocuments<Row>(
  prisma: PrismaClient,
  kind: DocumentTable,
  search: DocumentSearch,
  exactScanLimit = EXACT_SCAN_LIMIT,
): Promise<(Row & DocumentScores)[]> {
  const ranking: RankingOptions = search.embedding === null ? { ...search.ranking, mode: "keyword" } : search.ranking;
  const vectorScanLimit = exactScanLimit * VECTOR_SCAN_FACTOR;
  // One round trip chooses the plan and reads the question's words as the text search sees them (the
  // index plan's keyword levels): each round trip waits for a turn on a loaded machine.
  const words = ranking.mode === "vector" ? null : queryWords(search.text);
  const [{ n, content }] = await prisma.$queryRaw<[{ n: number; content: string[] }]>`
    SELECT (SELECT count(*)::int FROM (${search.filter.ids} LIMIT ${vectorScanLimit + 1}) f) AS n,
           ${contentWordsSql(words)} AS content`;
  const terms = searchTerms(search);
  const rows =
    n <= exactScanLimit
      ? await prisma.$queryRaw<(Row & DocumentScores)[]>(exactSearchSql(kind, terms, search.filter, ranking))
      : await indexedSearch<Row>(prisma, kind, search.filter, terms, ranking, {
          levels: keywordLevels(content),
          vectorScan: n <= vectorScanLimit,
        });
  return rows.map((row) => ({
    ...row,
    similarity: row.similarity === null ? null : Number(row.similarity),
    keyword: Number(row.keyword),
    score: Number(row.score),
  }));
}

/** The query vector as a Postgres integer array, scaled so its largest component is ±2·10⁹. Cosine
 * distance ignores scale, and integers parse fast everywhere: PGlite (WASM) parses a 512-float
 * vector literal in 2–6 ms, the same vector as integers in ~0.2 ms. The float4 values pgvector makes
 * from them carry the original float4 precision. */
export function scaledIntegerArray(vector: readonly number[]): string {
  const largest = Math.max(...vector.map(Math.abs));
  const scale = largest > 0 ? 2e9 / largest : 1;
  return `{${vector.map((x) => Math.round(x * scale)).join(",")}}`;
}

interface SearchTerms {
  vector: Prisma.Sql;
  /** Any of the question's words: what a keyword match means, and what ts_rank scores. */
  tsquery: Prisma.Sql;
  /** A document's ts_rank for the tsquery, null when it does not match. */
  rank: Prisma.Sql;
}

function searchTerms(search: DocumentSearch): SearchTerms {
  const tsquery = Prisma.sql`websearch_to_tsquery('english', ${keywordQuery(search.text)})`;
  return {
    vector:
      search.embedding === null
        ? Prisma.sql`NULL::vector`
        : Prisma.sql`${scaledIntegerArray(search.embedding)}::int4[]::vector`,
    tsquery,
    // Plain words joined by "or": a document matches exactly when it holds one of them, which is when
    // its rank is above 0, so one read of its tsvector (out of line: a TOAST fetch each time) does for
    // both. Search syntax, and words the parser splits into a phrase ("e-commerce"), can rank a
    // document they do not match.
    rank: queryWords(search.text)?.every((word) => /^[\p{L}\p{N}]+$/u.test(word))
      ? Prisma.sql`NULLIF(ts_rank(document, ${tsquery}), 0)`
      : Prisma.sql`CASE WHEN document @@ ${tsquery} THEN ts_rank(document, ${tsquery}) END`,
  };
}

/** Every filtered document, scored. */
function exactSearchSql(
  kind: DocumentTable,
  { vector, rank }: SearchTerms,
  filter: DocumentFilterSql,
  ranking: RankingOptions,
): Prisma.Sql {
  return rankedSql(
    kind,
    Prisma.sql`
      SELECT id, ${kind.dateColumn} AS sort_date, 1 - (embedding <=> ${vector}) AS similarity,
             ${rank} AS rank
      FROM ${kind.table} WHERE id IN (${filter.ids})`,
    ranking,
  );
}

/** Keyword candidates of the indexed plan come level by level: first the documents containing all
 * n words of the question, then those with n−1 of them, and so on down to any word, each level's best
 * ranked, until there are enough. ts_rank has no index order, so ranking reads every document it
 * scores: a question's common words ("company", "income") match most chunks of a large filtered set,
 * while those with most of its words are a few. Levels whose query would need more than this many
 * combinations of words are skipped (a long question goes from its top levels to any word). */
const LEVEL_COMBINATIONS_LIMIT = 64;
/** At most this many documents of one level are ranked (the first the bitmap scan finds), so a level
 * that still matches most of a large set ("risk" and "factors" in every Item 1A header) costs a bounded
 * time; the levels above it were ranked whole. */
const LEVEL_RANKED_LIMIT = 1000;

/** The question's content words, each once, as an SQL array: stopwords dropped, words with the same
 * lexeme once (as the text search counts them). Empty for a question of one word or in search syntax. */
function contentWordsSql(words: string[] | null): Prisma.Sql {
  if (words === null || words.length < 2) return Prisma.sql`ARRAY[]::text[]`;
  return Prisma.sql`ARRAY(
    SELECT word FROM (
      SELECT DISTINCT ON (q::text) word, n FROM unnest(${words}::text[]) WITH ORDINALITY AS w(word, n),
        LATERAL websearch_to_tsquery('english', word) q
      WHERE numnode(q) > 0 ORDER BY q::text, n) c
    ORDER BY n)`;
}

/** The levels as websearch queries ("a b c or a b d or …"), from all content words down to two. */
function keywordLevels(content: readonly string[]): string[] {
  const levels: string[] = [];
  for (let size = content.length; size >= 2; size--) {
    if (combinationCount(content.length, size) > LEVEL_COMBINATIONS_LIMIT) continue;
    levels.push(
      combinations(content, size)
        .map((c) => c.join(" "))
        .join(" or "),
    );
  }
  return levels;
}

function combinationCount(n: number, size: number): number {
  let count = 1;
  for (let i = 0; i < size; i++) count = (count * (n - i)) / (i + 1);
  return Math.round(count);
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, i) => combinations(items.slice(i + 1), size - 1).map((rest) => [item, ...rest]));
}

type IdRow = { id: bigint };

/** The best candidates by vector (every filtered vector scored when `vectorScan`, else HNSW) and by
 * keyword (GIN, level by level: see keywordLevels), scored. The two candidate queries are independent:
 * on PostgreSQL they run at once on two pooled connections (PGlite, one connection, runs them in turn).
 * HNSW reads the session's settings (lib/db/client.ts: a larger ef_search, and iterative scans so
 * filtered kNN still returns enough rows), so neither query needs a transaction of its own. */
async function indexedSearch<Row>(
  prisma: PrismaClient,
  kind: DocumentTable,
  filter: DocumentFilterSql,
  { vector, tsquery, rank }: SearchTerms,
  ranking: RankingOptions,
  plan: { levels: readonly string[]; vectorScan: boolean },
): Promise<(Row & DocumentScores)[]> {
  const candidates = ranking.k * CANDIDATE_FACTOR;
  // "+ 0" orders by an expression the HNSW index does not serve, so the planner scores the rows the
  // filter's indexes give instead of walking the graph.
  const vectorOrder = plan.vectorScan ? Prisma.sql`(embedding <=> ${vector}) + 0` : Prisma.sql`embedding <=> ${vector}`;
  const [vectorIds, keywordIds] = await Promise.all([
    ranking.mode === "keyword"
      ? []
      : prisma.$queryRaw<IdRow[]>`
          SELECT id FROM ${kind.table} WHERE embedding IS NOT NULL AND ${filter.predicate}
          ORDER BY ${vectorOrder} LIMIT ${candidates}`,
    ranking.mode === "vector"
      ? []
      : prisma.$queryRaw<IdRow[]>(levelledKeywordSql(kind, tsquery, filter, plan.levels, candidates)),
  ]);
  const pool = [...new Set([...vectorIds, ...keywordIds].map((row) => String(row.id)))];
  return prisma.$queryRaw<(Row & DocumentScores)[]>(
    rankedSql(
      kind,
      Prisma.sql`
      SELECT id, ${kind.dateColumn} AS sort_date, 1 - (embedding <=> ${vector}) AS similarity,
             ${rank} AS rank
      FROM ${kind.table} WHERE id = ANY(${pool}::bigint[])`,
      ranking,
    ),
  );
}

/** One CTE per level, each its best `candidates` by ts_rank among the documents of that level and not
 * of a higher one, read only while the levels above hold fewer than `candidates`; the last level is
 * any word. */
function levelledKeywordSql(
  kind: DocumentTable,
  tsquery: Prisma.Sql,
  filter: DocumentFilterSql,
  levels: readonly string[],
  candidates: number,
): Prisma.Sql {
  const queries = [...levels.map((level) => Prisma.sql`websearch_to_tsquery('english', ${level})`), tsquery];
  const ctes = queries.map((query, i) => {
    // A level is read only when those above hold fewer than `candidates` together, so each of them is
    // complete (its LIMIT kept all it matched): "not of a higher level" is "not among their ids", a
    // hash probe, instead of matching the document against every query above again.
    const levelsAbove = queries.slice(0, i).map((_, j) => Prisma.sql`SELECT id FROM ${Prisma.raw(`level_${j}`)}`);
    const above = levelsAbove.length === 0 ? Prisma.empty : Prisma.join(levelsAbove, " UNION ALL ");
    const higher =
      i === 0
        ? Prisma.empty
        : Prisma.sql`(SELECT count(*) FROM (${above}) h) < ${candidates} AND id NOT IN (${above}) AND`;
    return Prisma.sql`${Prisma.raw(`level_${i}`)} AS MATERIALIZED (
        SELECT id FROM (
          SELECT id, document FROM ${kind.table}
          WHERE ${higher} document @@ ${query} AND ${filter.predicate} LIMIT ${LEVEL_RANKED_LIMIT}) level
        ORDER BY ts_rank(document, ${tsquery}) DESC LIMIT ${candidates})`;
  });
  return Prisma.sql`
      (WITH ${Prisma.join(ctes, ", ")}
       ${Prisma.join(
         queries.map((_, i) => Prisma.sql`SELECT id FROM ${Prisma.raw(`level_${i}`)}`),
         " UNION ALL ",
       )})`;
}

/** Scores candidates (id, sort_date, similarity, rank — null when the words don't match) and
 * returns the best k with the kind's hit columns. */
function rankedSql(kind: DocumentTable, candidates: Prisma.Sql, ranking: RankingOptions): Prisma.Sql {
  const useVector = ranking.mode !== "keyword";
  const useKeyword = ranking.mode !== "vector";
  const weights = modeWeights(ranking);
  return Prisma.sql`
    WITH candidates AS MATERIALIZED (${candidates}
    ), scored AS (
      SELECT id, sort_date, similarity::float8 AS similarity,
             COALESCE(rank / NULLIF(max(rank) OVER (), 0), 0)::float8 AS keyword,
             rank IS NOT NULL AS keyword_match
      FROM candidates
    ), ranked AS (
      SELECT id, sort_date, similarity, keyword,
             ${weights.vector}::float8 * COALESCE(similarity, 0) + ${weights.keyword}::float8 * keyword AS score
      FROM scored
      WHERE (${useKeyword} AND keyword_match) OR (${useVector} AND similarity >= ${ranking.threshold}::float8)
      ORDER BY score DESC, sort_date DESC NULLS LAST, id
      LIMIT ${ranking.k}
    )
    SELECT ${kind.hitColumns}, r.similarity, r.keyword, r.score
    FROM ranked r JOIN ${kind.table} a ON a.id = r.id ${kind.hitJoin}
    ORDER BY r.score DESC, r.sort_date DESC NULLS LAST, r.id`;
}
