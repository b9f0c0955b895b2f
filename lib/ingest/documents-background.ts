// Document work the server does after start-up, off the request path: loading the data folder's
// filings, their table facts and its earnings calls on the first start (./start-documents.ts), embedding filing
// chunks, table row labels and call chunks, embedding articles stored
// without vectors (start-up loads news unembedded to serve sooner), and polling the configured RSS/Atom feeds
// every NEWS_FEEDS_INTERVAL_MINUTES (30 by default) when NEWS_FEEDS_POLL=on. Failures are logged and
// retried at the next poll; they never stop the server. stop() (on shutdown) ends the work at its
// next safe point: embedding between batches, and no poll starts after it.
import type { Database } from "@/lib/db/client";
import { consoleProgress } from "@/lib/core/progress";
import { runIngest } from "./run";
import type { NewsConfig } from "@/lib/documents/config";
import type { Embedder } from "@/lib/documents/embeddings";
import type { EmbedPendingRows } from "@/lib/documents/embed-pending";
import { embedPendingArticles, tidyNewsTablesAfter } from "@/lib/documents/news/store";
import { embedPendingFilingChunks, tidyFilingTablesAfter } from "@/lib/documents/filings/store";
import { loadStartDocuments } from "./start-documents";
import { embedPendingTranscriptChunks, tidyTranscriptTablesAfter } from "@/lib/documents/transcripts/store";
import { embedPendingFactLabels, tidyFactLabelsAfter } from "@/lib/documents/filings/fact-labels";

interface DocumentsBackground {
  /** Stops the work; resolves once the job under way has reached its safe point. */
  stop(): Promise<void>;
}

export function startDocumentsBackground(db: Database, config: NewsConfig, embedder: Embedder): DocumentsBackground {
  const progress = consoleProgress();
  const stopping = new AbortController();
  let busy: Promise<void> = Promise.resolve();
  // One job at a time: an embedding pass and a feed poll never race for the same rows.
  const enqueue = (label: string, job: () => Promise<unknown>) => {
    busy = busy
      .then(() => (stopping.signal.aborted ? undefined : job()))
      .then(
        () => undefined,
        (error: unknown) => console.warn(`[documents] ${label} failed: ${(error as Error).message}`),
      );
  };
  // A chunk table's pending vectors, then its tidying (which waits for the next run after a shutdown).
  const enqueueChunkEmbedding = (
    what: string,
    embedPending: EmbedPendingRows,
    tidyAfter: (db: Database, written: number) => Promise<void>,
  ) =>
    enqueue(`${what} embedding`, async () => {
      const embedded = await embedPending(db.prisma, embedder, progress, stopping.signal);
      if (embedded > 0) console.log(`[documents] embedded ${embedded} ${what} with ${embedder.model}`);
      if (!stopping.signal.aborted) await tidyAfter(db, embedded);
    });
  if (config.embedOnStart) {
    enqueue("embedding", async () => {
      const embedded = await embedPendingArticles(db.prisma, embedder, progress, stopping.signal);
      if (embedded > 0) console.log(`[news] embedded ${embedded} articles with ${embedder.model}`);
      // Tidying can take a while: it waits for the next run when shutdown interrupted this one.
      if (!stopping.signal.aborted) await tidyNewsTablesAfter(db, embedded);
    });
  }
  // The data folder's filings, their table facts and its calls, first start only (each input once), then
  // their vectors.
  if (config.loadDocumentsOnStart) enqueue("documents", () => loadStartDocuments(db, progress, stopping.signal));
  if (config.embedOnStart) {
    // Labels and calls first: a few thousand each, minutes at most, where the filing chunks take tens of minutes.
    enqueueChunkEmbedding("filing fact labels", embedPendingFactLabels, tidyFactLabelsAfter);
    enqueueChunkEmbedding("transcript chunks", embedPendingTranscriptChunks, tidyTranscriptTablesAfter);
    enqueueChunkEmbedding("filing chunks", embedPendingFilingChunks, tidyFilingTablesAfter);
  }
  let timer: NodeJS.Timeout | undefined;
  if (config.feeds.poll && config.feeds.urls.length > 0) {
    const poll = () =>
      enqueue("feed poll", async () => {
        const summary = await runIngest(db, "news-feeds", config.feeds.urls, progress, { embedder });
        console.log(
          `[news] feeds polled: ${summary.inserted} new, ${summary.unchanged} known, ${summary.rejected} rejected`,
        );
      });
    poll();
    timer = setInterval(poll, config.feeds.intervalMinutes * 60_000);
    timer.unref();
  }
  return {
    stop() {
      clearInterval(timer);
      stopping.abort();
      return busy;
    },
  };
}
