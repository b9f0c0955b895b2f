// The embedding loop every document kind shares: documents without a vector from the embedder's model
// (never embedded, or by another model), a batch at a time, each batch saved whole, so an aborted run
// (shutdown, crash) resumes where it stopped.
import type { Progress } from "@/lib/core/progress";
import type { Embedder } from "@/lib/documents/embeddings";

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
