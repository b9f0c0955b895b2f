// Stores news drafts from any source: tags the companies each names (the catalog's lexicon, plus the
// tickers the source gives), adds their sectors, writes in batches without duplicates, then embeds
// what was stored.
import type { Database } from "@/lib/db/client";
import { canonicalUrl, contentHash } from "@/lib/documents/news/content-hash";
import { embedPendingArticles, insertNewsArticles, tidyNewsTablesAfter } from "@/lib/documents/news/store";
import type { Embedder } from "@/lib/documents/embeddings";
import { tagCompanies } from "@/lib/documents/news/tag-companies";
import type { NewsArticleInput, NewsKind } from "@/lib/documents/news/types";
import { writeInBatches, type RunContext } from "./write";

/** A news item as a source reads it, before tagging. */
export interface NewsDraft {
  kind: NewsKind;
  source: string;
  /** null when the source gives no link (headline datasets): stored under a urn: id, shown unlinked. */
  url: string | null;
  title: string;
  body: string;
  publishedAt: string;
  /** Tickers the source itself assigns (a dataset's ticker column). */
  tickers: string[];
}

const NEWS_BATCH = 500;

export async function writeNews(
  db: Database,
  drafts: readonly NewsDraft[],
  run: RunContext,
  label: string,
  embedder: Embedder | null,
): Promise<void> {
  const sectors = await sectorsByTicker(db);
  const articles = drafts.map((d) => tagged(d, sectors));
  const insertedBefore = run.totals.inserted;
  await writeInBatches({
    prisma: db.prisma,
    runId: run.runId,
    records: articles,
    write: (tx, batch) => insertNewsArticles(tx, batch, run.runId),
    progress: run.progress,
    label,
    totals: run.totals,
    batchSize: NEWS_BATCH,
  });
  const embedded = embedder ? await embedPendingArticles(db.prisma, embedder, run.progress) : 0;
  await tidyNewsTablesAfter(db, Math.max(run.totals.inserted - insertedBefore, embedded));
}

function tagged(draft: NewsDraft, sectors: ReadonlyMap<string, string>): NewsArticleInput {
  const tickers = [
    ...new Set([...draft.tickers.map((t) => t.toUpperCase()), ...tagCompanies(`${draft.title}\n${draft.body}`)]),
  ].sort();
  return {
    kind: draft.kind,
    source: draft.source,
    url: draft.url
      ? canonicalUrl(draft.url)
      : `urn:finground:news:${contentHash(draft.title, `${draft.publishedAt}\n${draft.body}`).slice(0, 32)}`,
    title: draft.title,
    body: draft.body,
    publishedAt: draft.publishedAt,
    tickers,
    sectors: [...new Set(tickers.flatMap((t) => sectors.get(t) ?? []))].sort(),
  };
}

async function sectorsByTicker(db: Database): Promise<Map<string, string>> {
  const companies = await db.prisma.company.findMany({ select: { ticker: true, sector: true } });
  return new Map(companies.flatMap((c) => (c.sector ? [[c.ticker, c.sector] as [string, string]] : [])));
}
