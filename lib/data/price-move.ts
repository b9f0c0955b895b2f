// Why did the stock move: a company's return over a window and its largest daily moves, each set
// against the average of the other covered stocks on the same days (a market-wide day against a company
// event). Adjusted closes of one source (yfinance, else Alpha Vantage's adjusted close) so splits and
// dividends never read as moves; all arithmetic exact (decimal).
import { singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { addDays } from "@/lib/core/dates";
import { Decimal } from "@/lib/core/decimal";
import type { PriceSource } from "@/lib/core/types";
import type { PrismaClient } from "@/lib/db/generated/client";
import { normalizeDecimal } from "@/lib/db/queries/metric-values";

/** The largest daily moves reported, by size whatever their sign. */
const MOVER_DAYS = 3;
/** No date given: the last four weeks of prices held. */
const LATEST_WINDOW_DAYS = 28;
/** "How did the market react to the Q4 results": results come out within weeks of the quarter's end. */
const RESULTS_WINDOW_DAYS = 45;
/** Far enough back to find the close before the window's first trading day (long weekends, holidays). */
const LOOKBACK_DAYS = 10;
/** News dated on a mover day or this many days before it counts as what was published then. */
export const NEWS_LEAD_DAYS = 3;
const SOURCES: readonly PriceSource[] = ["yfinance", "alphavantage"];
const RESULTS_WORDS = /\b(?:results?|earnings|report(?:s|ed)?|quarterly\s+numbers)\b/i;

interface MoveDay {
  date: string;
  /** The company's close-to-close return that day, as a fraction (exact). */
  change: string;
  /** The average of the other covered stocks' returns that day; null when none traded. */
  market: string | null;
}

export interface PriceMove {
  ticker: string;
  name: string;
  currency: string;
  source: PriceSource;
  /** The window asked for, and in words how it was chosen. */
  window: { from: string; to: string; basis: string };
  /** The close before the window's first day (the base of the return) and every close in the window. */
  closes: Array<{ date: string; close: string }>;
  /** Return over the window, from the close before it to its last close (fraction, exact). */
  change: string;
  /** Average window return of the other covered stocks with prices on the same two days. */
  market: { companies: number; change: string | null };
  days: MoveDay[];
  /** The MOVER_DAYS largest daily moves, largest first. */
  movers: MoveDay[];
}

/** The window a move question names, and in words how it was chosen; null when it names none (then the
 * last LATEST_WINDOW_DAYS of prices held). The news search reads the same window. */
export function askedMoveWindow(request: StructuredDataRequest): PriceMove["window"] | null {
  const { start, end, expression, granularity, fiscal } = request.dates;
  if (!start || !end) return null;
  if (RESULTS_WORDS.test(request.question) && (granularity === "quarterly" || fiscal)) {
    return {
      from: addDays(end, 1),
      to: addDays(end, RESULTS_WINDOW_DAYS),
      basis: `the ${RESULTS_WINDOW_DAYS} days after ${expression ?? "the period"} ended (${end}), when its results come out`,
    };
  }
  return { from: start, to: end, basis: expression ?? `${start} to ${end}` };
}

function moveWindow(request: StructuredDataRequest, latestHeld: string): PriceMove["window"] {
  return (
    askedMoveWindow(request) ?? {
      from: addDays(latestHeld, -LATEST_WINDOW_DAYS),
      to: latestHeld,
      basis: `the last ${LATEST_WINDOW_DAYS} days of prices held (to ${latestHeld})`,
    }
  );
}

interface CloseRow {
  ticker: string;
  name: string;
  currency: string;
  source: PriceSource;
  date: string;
  close: string;
}

/** The move of the request's first company; null when the question names none or no price is held. */
export async function readPriceMove(prisma: PrismaClient, request: StructuredDataRequest): Promise<PriceMove | null> {
  const company = singleCompanies(request)[0];
  if (!company) return null;
  const ticker = company.ticker.toUpperCase();
  const [latest] = await prisma.$queryRaw<{ date: string | null }[]>`
    SELECT to_char(max(p.date), 'YYYY-MM-DD') AS date
    FROM daily_prices p JOIN companies c ON c.id = p.company_id
    WHERE c.ticker = ${ticker} AND p.adj_close IS NOT NULL`;
  if (!latest?.date) return null;
  const window = moveWindow(request, latest.date);
  const rows = await prisma.$queryRaw<CloseRow[]>`
    SELECT c.ticker, c.name, c.currency, p.source, to_char(p.date, 'YYYY-MM-DD') AS date, p.adj_close::text AS close
    FROM daily_prices p JOIN companies c ON c.id = p.company_id
    WHERE p.adj_close IS NOT NULL AND p.source = ANY(${[...SOURCES]}::text[])
      AND p.date >= ${addDays(window.from, -LOOKBACK_DAYS)}::date AND p.date <= ${window.to}::date
    ORDER BY c.ticker, p.date`;
  return priceMoveOf(ticker, window, rows);
}

/** Per ticker, the closes of its preferred source that has any in the range. */
function closesByTicker(rows: readonly CloseRow[]): Map<string, CloseRow[]> {
  const byTicker = new Map<string, CloseRow[]>();
  for (const row of rows) byTicker.set(row.ticker, [...(byTicker.get(row.ticker) ?? []), row]);
  for (const [ticker, own] of byTicker) {
    const source = SOURCES.find((s) => own.some((r) => r.source === s));
    byTicker.set(
      ticker,
      own.filter((r) => r.source === source),
    );
  }
  return byTicker;
}

/** The close before `from` and every close from `from` on. */
function windowCloses(rows: readonly CloseRow[], from: string): CloseRow[] {
  const firstInside = rows.findIndex((r) => r.date >= from);
  if (firstInside < 1) return [];
  return rows.slice(firstInside - 1);
}

const exact = (value: Decimal) => value.toSignificantDigits(20).toString();

function mean(values: readonly Decimal[]): Decimal | null {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum.plus(v), new Decimal(0)).dividedBy(values.length);
}

function priceMoveOf(ticker: string, window: PriceMove["window"], rows: readonly CloseRow[]): PriceMove | null {
  const byTicker = closesByTicker(rows);
  const own = windowCloses(byTicker.get(ticker) ?? [], window.from);
  if (own.length < 2) return null;
  const first = own[0]!;
  const last = own[own.length - 1]!;
  const others = [...byTicker].filter(([t]) => t !== ticker).map(([, r]) => new Map(r.map((row) => [row.date, row])));
  const otherReturn = (from: string, to: string) =>
    others.flatMap((closes) => {
      const a = closes.get(from);
      const b = closes.get(to);
      return a && b && !new Decimal(a.close).isZero() ? [new Decimal(b.close).dividedBy(a.close).minus(1)] : [];
    });
  const days: MoveDay[] = own.slice(1).map((row, i) => {
    const before = own[i]!;
    const market = mean(otherReturn(before.date, row.date));
    return {
      date: row.date,
      change: exact(new Decimal(row.close).dividedBy(before.close).minus(1)),
      market: market ? exact(market) : null,
    };
  });
  const movers = [...days]
    .sort((a, b) => new Decimal(b.change).abs().comparedTo(new Decimal(a.change).abs()) || a.date.localeCompare(b.date))
    .slice(0, MOVER_DAYS);
  const marketWindow = otherReturn(first.date, last.date);
  const marketChange = mean(marketWindow);
  return {
    ticker,
    name: first.name,
    currency: first.currency,
    source: first.source,
    window,
    closes: own.map((r) => ({ date: r.date, close: normalizeDecimal(r.close) })),
    change: exact(new Decimal(last.close).dividedBy(first.close).minus(1)),
    market: { companies: marketWindow.length, change: marketChange ? exact(marketChange) : null },
    days,
    movers,
  };
}
