// Price questions answered first: what an invested amount grew to, the largest one-day fall or rise,
// the maximum drawdown, said in one sentence each above the usual headline when the question asks for
// them. The moves themselves come from the Data Module's daily summary (lib/data/daily-summary.ts).
import { Decimal } from "@/lib/core/decimal";
import type { DailyMove, DailySummary } from "@/lib/data/types";
import { formatValue, possessive } from "../format";
import { at, changePhrase, largestDrawdown } from "./changes";
import { isPrice, type Track } from "./tracks";

/** What the question asks of a price series, beyond its level and return. */
const ASKS_FALL = /\b(?:fall|falls|drop|drops|decline|declines|loss|losses|plunge|plunges|decrease)\b/i;
const ASKS_RISE = /\b(?:rise|rises|gain|gains|jump|jumps|surge|surges|increase)\b/i;
const ASKS_ONE_DAY = /\b(?:(?:one|1|single)[- ]day|daily|in\s+(?:a|one)\s+(?:single\s+)?(?:day|session))\b/i;
const ASKS_DRAWDOWN = /\bdrawdowns?\b/i;

/** "down 21.1% from $139.44 on Sep 4, 2020 to $110.07 on Sep 8, 2020" (close to close), or null. */
export function moveText(track: Track, move: DailyMove | null): string | null {
  const day = move && track.obs.find((o) => o.point.periodEnd === move.day.periodEnd);
  const previous = move && track.obs.find((o) => o.point.periodEnd === move.previous.periodEnd);
  if (!day || !previous) return null;
  return `${changePhrase(previous, day, track.style)} to ${formatValue(day.value, track.style)} ${at(day)}`;
}

/** What the amount asked about grew to, first close to last close, and on which prices. */
export function investmentText(
  track: Track,
  investment: NonNullable<DailySummary["investment"]>,
  company: string | null = null,
): string {
  const first = track.obs[0]!;
  const last = track.obs[track.obs.length - 1]!;
  const { source } = last.point;
  const basis =
    source.kind === "daily_prices" && source.adjusted
      ? "adjusted closes: dividends reinvested and splits counted"
      : "closes as traded: dividends not counted";
  const dollars = (value: string) => formatValue(new Decimal(value), track.style);
  const where = company === null ? "" : ` in ${company}`;
  return `${dollars(investment.amount)} invested${where} at the close ${at(first)} would be worth ${dollars(investment.value)} at the close ${at(last)} (${basis})`;
}

/** The sentences that answer a price question outright, one per price series asked about; null when none. */
export function priceLead(tracks: readonly Track[], question: string): string | null {
  const sentences: string[] = [];
  for (const track of tracks) {
    const { summary } = track.series;
    if (track.kind !== "daily" || !isPrice(track) || !summary) continue;
    const name = possessive(track.company);
    if (summary.investment) sentences.push(`${investmentText(track, summary.investment, track.company)}.`);
    if (ASKS_ONE_DAY.test(question)) {
      const fall = ASKS_FALL.test(question) || !ASKS_RISE.test(question) ? moveText(track, summary.largestFall) : null;
      const rise = ASKS_RISE.test(question) || !ASKS_FALL.test(question) ? moveText(track, summary.largestRise) : null;
      if (fall) sentences.push(`${name} largest one-day fall in the period: ${fall}.`);
      if (rise) sentences.push(`${name} largest one-day rise in the period: ${rise}.`);
    }
    const drawdown = ASKS_DRAWDOWN.test(question) ? largestDrawdown(track.obs) : null;
    if (drawdown) {
      sentences.push(
        `${name} maximum drawdown in the period: ${changePhrase(drawdown.peak, drawdown.trough, track.style)} to ${formatValue(drawdown.trough.value, track.style)} ${at(drawdown.trough)}.`,
      );
    }
  }
  return sentences.length > 0 ? sentences.join(" ") : null;
}
