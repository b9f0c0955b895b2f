// The embedding loop every document kind shares: documents without a vector from the embedder's model
// (never embedded, or by another model), a batch at a time, each batch saved whole, so an aborted run
// (shutdown, crash) resumes where it stopped.
import type { Progress } from "@/lib/core/progress";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";
import { embeddingText, type Embedder } from "@/lib/documents/embeddings";
import { scaledIntegerArray } from "@/lib/documents/search/postgres";

const EMBED_BATCH = 64;

/** How a kind's store finds, and saves vectors for, what is left to embed. */
export interface PendingDocuments {
  /** The progress line's words, before the model: "embedding filing chunks". */
  label: string;
  count(model: string): Promise<number>;
  /** Up to `limit` documents still without a vector from `model`, each with the text to embed. */
  next(model: string, limit: number): Promise<{ id: string; text: string }[]>;
  save(model: string, vectors: { id: string; vector: readonly number[] }[]): Promise<void>;
}

/** Embeds every pending document; returns how many it embedded. An aborted `signal` stops it between batches. */
export async function embedPendingDocuments(
  pending: PendingDocuments,
  embedder: Embedder,
  progress: Progress,
  signal?: AbortSignal,
): Promise<number> {
  const total = await pending.count(embedder.model);
  if (total === 0) return 0;
  progress.start(`${pending.label} (${embedder.model})`, total);
  let done = 0;
  while (!signal?.aborted) {
    const batch = await pending.next(embedder.model, EMBED_BATCH);
    if (batch.length === 0) break;
    const vectors = await embedder.embed(batch.map((d) => d.text));
    await pending.save(
      embedder.model,
      batch.map((d, i) => ({ id: d.id, vector: vectors[i]! })),
    );
    done += batch.length;
    progress.advance(batch.length);
  }
  progress.finish();
  return done;
}

/** The tables whose rows carry their own vector, and what a row embeds (as SQL naming `header` and
 * `text`): a chunk its contextual header and its text (a filing chunk's LLM summary, when it has one,
 * joined to its header); a filing fact label the label alone. */
const EMBEDDED_TEXT = {
  filing_chunks: "header || coalesce(' — ' || summary, '') AS header, text",
  transcript_chunks: "header, text",
  filing_fact_labels: "normalized_label AS header, NULL AS text",
} as const;
type VectorTable = keyof typeof EMBEDDED_TEXT;

/** The progress line's words for each table. */
const PROGRESS_LABEL: Record<VectorTable, string> = {
  filing_chunks: "embedding filing chunks",
  transcript_chunks: "embedding transcript chunks",
  filing_fact_labels: "embedding filing fact labels",
};

/** How a table's rows without a vector from the embedder's model are embedded; resumable: an aborted
 * `signal` stops it between batches. The embedding returns how many it embedded. */
export type EmbedPendingRows = (
  prisma: PrismaClient,
  embedder: Embedder,
  progress: Progress,
  signal?: AbortSignal,
) => Promise<number>;

export function embedPendingRowsOf(table: VectorTable): EmbedPendingRows {
  return (prisma, embedder, progress, signal) =>
    embedPendingDocuments(pendingRows(prisma, table), embedder, progress, signal);
}

/** What is left to embed in a table with a vector per row, and how its vectors are saved. */
export function pendingRows(prisma: PrismaClient, table: VectorTable): PendingDocuments {
  const rows = Prisma.raw(table);
  const texts = Prisma.raw(EMBEDDED_TEXT[table]);
  return {
    label: PROGRESS_LABEL[table],
    count: async (model) => {
      const [row] = await prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM ${rows} WHERE embedding_model IS DISTINCT FROM ${model}`;
      return row?.n ?? 0;
    },
    next: async (model, limit) => {
      const found = await prisma.$queryRaw<{ id: bigint; header: string; text: string | null }[]>`
        SELECT id, ${texts} FROM ${rows} WHERE embedding_model IS DISTINCT FROM ${model}
        ORDER BY id LIMIT ${limit}`;
      return found.map((r) => ({
        id: String(r.id),
        text: r.text === null ? r.header : embeddingText(r.header, r.text),
      }));
    },
    save: async (model, vectors) => {
      // Scaled integers, as the search sends its query: PGlite parses them ~10× faster than float
      // text, and cosine distance ignores the scale.
      const saved = vectors.map((v) => ({ id: v.id, embedding: scaledIntegerArray(v.vector) }));
      await prisma.$executeRaw`
        UPDATE ${rows} c SET embedding = r.embedding::int4[]::vector, embedding_model = ${model}
        FROM jsonb_to_recordset(${JSON.stringify(saved)}::jsonb) AS r(id bigint, embedding text)
        WHERE c.id = r.id`;
    },
  };
}
