// Document search on Elasticsearch, the pieces every kind's index shares: its creation, bulk indexing (of chunk
// rows with their vectors), the kNN + BM25 candidates of a query side by side, and their fusion as the PostgreSQL
// engine fuses its candidates (vectorWeight × cosine + keywordWeight × BM25 / best BM25), so both rank alike.
// Each kind has its own mapping and filters (news/elasticsearch.ts, filings/, transcripts/).
import { errors, type Client, type estypes } from "@elastic/elasticsearch";
import type { Progress } from "@/lib/core/progress";
import type { RankingOptions } from "@/lib/documents/search/engine";
import { CANDIDATE_FACTOR, modeWeights } from "@/lib/documents/search/engine";

const NUM_CANDIDATES_FACTOR = 10;
const BULK_PAGE = 500;

/** Creates the index with its mapping unless it exists (create-and-tolerate: no race between two indexers). */
export async function ensureIndex(
  client: Client,
  index: string,
  mappings: estypes.MappingTypeMapping,
): Promise<boolean> {
  try {
    await client.indices.create({ index, mappings });
    return true;
  } catch (error) {
    if (
      error instanceof errors.ResponseError &&
      JSON.stringify(error.body ?? "").includes("resource_already_exists_exception")
    )
      return false;
    throw error;
  }
}

/** One bulk request of index operations; any document the cluster refused fails the whole run. */
export async function bulkIndex(client: Client, operations: estypes.BulkRequest["operations"]): Promise<void> {
  const result = await client.bulk({ operations, refresh: false });
  if (result.errors) {
    const first = result.items.find((item) => item.index?.error)?.index?.error;
    throw new Error(`Elasticsearch bulk indexing failed: ${first?.reason ?? "unknown error"}`);
  }
}

/** A chunk table's row as an indexer reads it: its id, the index document, and the stored vector as text. */
type ChunkRowWithVector<D> = D & { id: bigint; embedding: string | null };

/** Copies every row of a chunk table (and its vector) into the index, in bulk pages after `afterId`
 * order: the loop of every chunk kind (filings, transcripts). Stored vectors may be scaled (see
 * pendingRows): Elasticsearch's cosine wants them unit length again. */
export async function indexChunksInElasticsearch<D extends object>(
  client: Client,
  options: {
    index: string;
    mappings: estypes.MappingTypeMapping;
    label: string;
    total: number;
    page: (afterId: bigint, limit: number) => Promise<ChunkRowWithVector<D>[]>;
  },
  progress: Progress,
): Promise<number> {
  const { index } = options;
  await ensureIndex(client, index, options.mappings);
  progress.start(`${options.label} into ${index}`, options.total);
  let afterId = 0n;
  let indexed = 0;
  for (;;) {
    const page = await options.page(afterId, BULK_PAGE);
    if (page.length === 0) break;
    const operations = page.flatMap(({ id, embedding, ...doc }) => {
      const vector = embedding ? (JSON.parse(embedding) as number[]) : null;
      const norm = vector ? Math.sqrt(vector.reduce((s, x) => s + x * x, 0)) : 0;
      const body = { ...doc, ...(vector && norm > 0 ? { embedding: vector.map((x) => x / norm) } : {}) };
      return [{ index: { _index: index, _id: String(id) } }, body];
    });
    await bulkIndex(client, operations);
    indexed += page.length;
    progress.advance(page.length);
    afterId = page[page.length - 1]!.id;
  }
  await client.indices.refresh({ index });
  progress.finish();
  return indexed;
}

/** A fused hit of any kind: its source document and the three scores. */
/** The two candidate lists of a hybrid search, each a few times k: the nearest vectors (kNN) and the
 * best keyword matches (BM25 over `fields`), both under the same filters; a side the mode does not use
 * (or a missing query vector) is empty. Every document kind's index searches through it. */
export async function hybridCandidates<S>(
  client: Client,
  options: {
    index: string;
    filter: estypes.QueryDslQueryContainer[];
    ranking: RankingOptions;
    text: string;
    embedding: readonly number[] | null;
    fields: string[];
  },
): Promise<[estypes.SearchHit<S>[], estypes.SearchHit<S>[]]> {
  const { index, filter, ranking, text, embedding, fields } = options;
  const candidates = ranking.k * CANDIDATE_FACTOR;
  const source = { excludes: ["embedding"] };
  const [vector, keyword] = await Promise.all([
    ranking.mode === "keyword" || embedding === null
      ? null
      : client.search<S>({
          index,
          size: candidates,
          _source: source,
          knn: {
            field: "embedding",
            query_vector: [...embedding],
            k: candidates,
            num_candidates: candidates * NUM_CANDIDATES_FACTOR,
            filter,
          },
        }),
    ranking.mode === "vector"
      ? null
      : client.search<S>({
          index,
          size: candidates,
          _source: source,
          query: { bool: { filter, must: [{ multi_match: { query: text, fields, operator: "or" } }] } },
        }),
  ]);
  return [vector?.hits.hits ?? [], keyword?.hits.hits ?? []];
}

export interface FusedHit<S> {
  id: string;
  doc: S;
  similarity: number | null;
  keywordScore: number;
  score: number;
}

/** Fuses a kind's kNN and BM25 answers as the PostgreSQL engine fuses its candidates: vectorWeight ×
 * cosine + keywordWeight × BM25 / best BM25; a vector-only hit must reach the threshold. The best k,
 * ties broken by `date` (newest first), then id. */
export function fuseHits<S>(
  ranking: RankingOptions,
  vectorHits: readonly estypes.SearchHit<S>[],
  keywordHits: readonly estypes.SearchHit<S>[],
  date: (doc: S) => string,
): FusedHit<S>[] {
  const weights = modeWeights(ranking);
  // Elasticsearch scores cosine kNN as (1 + cosine) / 2.
  const cosine = new Map(vectorHits.map((h) => [h._id!, 2 * (h._score ?? 0) - 1]));
  const best = Math.max(0, ...keywordHits.map((h) => h._score ?? 0));
  const keyword = new Map(keywordHits.map((h) => [h._id!, best > 0 ? (h._score ?? 0) / best : 0]));
  const byId = new Map([...vectorHits, ...keywordHits].map((h) => [h._id!, h]));
  const hits: FusedHit<S>[] = [];
  for (const [id, hit] of byId) {
    const similarity = cosine.get(id) ?? null;
    const keywordScore = keyword.get(id) ?? 0;
    if (!keyword.has(id) && (similarity === null || similarity < ranking.threshold)) continue;
    hits.push({
      id,
      doc: hit._source!,
      similarity,
      keywordScore,
      score: weights.vector * (similarity ?? 0) + weights.keyword * keywordScore,
    });
  }
  return hits
    .sort((a, b) => b.score - a.score || date(b.doc).localeCompare(date(a.doc)) || Number(a.id) - Number(b.id))
    .slice(0, ranking.k);
}
