// The built-in analyst's answer to a stock-move question: the return over the window against the other
// covered stocks, the largest daily moves with their dates, each told apart as market-wide or the
// company's own, and (once the news has arrived) each mover day paired with what was published on it or
// in the days just before. Every figure comes from the slice's PriceMove (lib/data/price-move.ts).
import { addDays } from "@/lib/core/dates";
import { Decimal } from "@/lib/core/decimal";
import { NEWS_LEAD_DAYS, type PriceMove } from "@/lib/data/price-move";
import type { NewsHit } from "@/lib/documents/news/types";
import { formatDate } from "@/lib/format/periods";
import { fixedHalfUp } from "@/lib/format/values";
import { shortCompanyName } from "../format";
import { citedNewsLine } from "./news-answer";

/** A day is market-wide when the other stocks moved the same way by at least this share of its move. */
const MARKET_SHARE = new Decimal("0.5");
/** The most relevant items shown per mover day (the search's order); the cards hold the rest. */
const NEWS_PER_DAY = 3;

/** "+3.2%", "−2.7%" from a fraction. */
function signedPercent(fraction: string): string {
  const value = new Decimal(fraction).times(100);
  const sign = value.isZero() ? "" : value.isNegative() ? "−" : "+";
  return `${sign}${fixedHalfUp(value.abs(), 1)}%`;
}

/** Market-wide when the other stocks moved the same way by at least half as much, else the company's own. */
function isMarketWide(change: string, market: string): boolean {
  const own = new Decimal(change);
  const others = new Decimal(market);
  return own.isNegative() === others.isNegative() && others.abs().gte(own.abs().times(MARKET_SHARE));
}

function moveKind(change: string, market: string | null, name: string): string {
  if (market === null) return "no other stock traded then";
  return isMarketWide(change, market)
    ? "market-wide: the other stocks moved alike"
    : `${name}'s own move: the other stocks did not move alike`;
}

export function moveAnswer(move: PriceMove | null | undefined, companyName: string | null): string {
  if (!move)
    return `No daily prices are held for ${companyName ? shortCompanyName(companyName) : "the company asked about"} over that window, so its move cannot be measured. Name a company and a period with prices held (the Data page lists them).`;
  const name = shortCompanyName(move.name);
  const first = move.closes[0]!;
  const last = move.closes.at(-1)!;
  const direction = new Decimal(move.change).isNegative() ? "fell" : "rose";
  const versus =
    move.market.change === null
      ? "No other covered stock has prices on both days to compare with."
      : `The other ${move.market.companies} covered stocks averaged ${signedPercent(move.market.change)} over the same days: ${moveKind(move.change, move.market.change, name)}.`;
  const lines = [
    `**${name} (${move.ticker}) ${direction} ${signedPercent(move.change).replace(/^[+−]/, "")}** over ${move.window.basis}: from ${move.currency} ${closeText(first.close)} at the close of ${formatDate(first.date)} to ${move.currency} ${closeText(last.close)} on ${formatDate(last.date)} (adjusted closes, so dividends and splits are not moves). ${versus}`,
    "",
    `Largest daily moves (${move.days.length} trading days):`,
    ...move.movers.map(
      (d) =>
        `- ${formatDate(d.date)}: ${signedPercent(d.change)} (other stocks ${d.market === null ? "n/a" : signedPercent(d.market)}; ${moveKind(d.change, d.market, name)})`,
    ),
  ];
  return lines.join("\n");
}

/** Closes as stored, to the cent for reading. */
function closeText(close: string): string {
  return fixedHalfUp(new Decimal(close), 2);
}

/** What was published on each mover day or in the NEWS_LEAD_DAYS before it. Filings join here once they
 * are held: they are dated documents like news, cited alike. */
export function moverNewsText(move: PriceMove | null | undefined, hits: readonly NewsHit[]): string {
  if (!move) return "";
  const lines = [`What was published on each of those days (or in the ${NEWS_LEAD_DAYS} days before):`];
  for (const day of move.movers) {
    const from = addDays(day.date, -NEWS_LEAD_DAYS);
    const then = hits.filter((h) => {
      const published = h.publishedAt.slice(0, 10);
      return published >= from && published <= day.date;
    });
    const more = then.length - NEWS_PER_DAY;
    lines.push(
      `- ${formatDate(day.date)} (${signedPercent(day.change)}):${then.length === 0 ? " no news held from then." : ""}`,
      ...then.slice(0, NEWS_PER_DAY).map((h) => `  ${citedNewsLine(h, hits)}`),
      ...(more > 0 ? [`  - and ${more} more item${more === 1 ? "" : "s"} from then (the cards list them)`] : []),
    );
  }
  const inWindow = hits.filter((h) => h.publishedAt.slice(0, 10) >= addDays(move.window.from, -NEWS_LEAD_DAYS));
  if (inWindow.length === 0) lines.push("No news held was published in or just before the window.");
  return lines.join("\n");
}
