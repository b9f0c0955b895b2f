// Writing daily prices: one row per (company, source, date). A source that corrects a day replaces
// that day's values; an identical repeat writes nothing.
import type { Prisma, PrismaClient } from "../generated/client";
import type { IngestProblem, PriceRow } from "@/lib/core/types";
import type { WriteResult } from "./metric-values";

type Db = PrismaClient | Prisma.TransactionClient;

export async function upsertDailyPrices(
  db: Db,
  prices: readonly PriceRow[],
  companyIds: ReadonlyMap<string, number>,
  runId: number | null,
): Promise<WriteResult> {
  const problems: IngestProblem[] = [];
  const rows: { price: PriceRow; companyId: number }[] = [];
  for (const price of prices) {
    const companyId = companyIds.get(price.ticker);
    if (companyId === undefined) {
      problems.push({
        where: `${price.source} ${price.ticker} ${price.date}`,
        reason: `unknown company ${price.ticker}`,
      });
    } else rows.push({ price, companyId });
  }
  if (rows.length === 0) return { inserted: 0, unchanged: 0, rejected: problems.length, problems };

  const column = <T>(pick: (row: (typeof rows)[number]) => T): T[] => rows.map(pick);
  const written = await db.$executeRaw`
    INSERT INTO daily_prices (company_id, source, date, open, high, low, close, adj_close, volume, ingest_run_id)
    SELECT i.*, ${runId}::int FROM unnest(
      ${column((r) => r.companyId)}::int[],
      ${column((r) => r.price.source)}::text[],
      ${column((r) => r.price.date)}::date[],
      ${column((r) => r.price.open)}::numeric[],
      ${column((r) => r.price.high)}::numeric[],
      ${column((r) => r.price.low)}::numeric[],
      ${column((r) => r.price.close)}::numeric[],
      ${column((r) => r.price.adjClose)}::numeric[],
      ${column((r) => r.price.volume)}::bigint[]
    ) AS i(company_id, source, date, open, high, low, close, adj_close, volume)
    ON CONFLICT (company_id, source, date) DO UPDATE SET
      open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low, close = EXCLUDED.close,
      adj_close = EXCLUDED.adj_close, volume = EXCLUDED.volume, updated_at = now(),
      ingest_run_id = EXCLUDED.ingest_run_id
    WHERE (daily_prices.open, daily_prices.high, daily_prices.low, daily_prices.close,
           daily_prices.adj_close, daily_prices.volume)
      IS DISTINCT FROM (EXCLUDED.open, EXCLUDED.high, EXCLUDED.low, EXCLUDED.close,
           EXCLUDED.adj_close, EXCLUDED.volume)`;
  return { inserted: written, unchanged: rows.length - written, rejected: problems.length, problems };
}
