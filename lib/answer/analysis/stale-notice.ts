// "Latest" answers say at the top when data is old or periods differ, so an old quarter is never read as
// the current one: a company whose newest figures held are years old at the reference date or years
// older than its latest price held, and companies (or metrics) whose latest values are for periods ending
// months apart. "The newest filing held" counts every source: where newer 10-Ks are held as documents
// than the figures read (Microsoft's XBRL stops in 2015, its 10-Ks run to FY2023), the notice says so.
import { daysBetween } from "@/lib/core/dates";
import { endsAligned } from "@/lib/data/align";
import type { DataSlice } from "@/lib/data/types";
import { fiscalPeriodLabel } from "@/lib/format/periods";
import { formatDate, listOf } from "../format";
import { lastObs, type Obs, type Track } from "./tracks";

/** Filings older than this at the reference date are stale: a 10-K is due within 90 days of year end,
 * so a current company is never more than about 15 months behind. The same gap to its latest price
 * held means the filings stopped while the prices went on. */
const STALE_AFTER_DAYS = 550;
/** Prices are held for every trading day: two weeks without one (holidays included) is old. */
const PRICES_STALE_AFTER_DAYS = 14;

/** The notices, or null when the request names a period (a count of periods ending at a named fiscal
 * year is one: "fiscal 2018 to 2021"), or every company's newest filing is recent and the latest values
 * are for the same period. */
export function staleNotice(tracks: readonly Track[], slice: DataSlice): string | null {
  const { dates } = slice.request;
  if (!dates.latest && (dates.count === null || dates.fiscal !== null)) return null;
  const notices = [oldData(tracks, slice), dates.latest ? differentPeriods(tracks) : null].filter(
    (n): n is string => n !== null,
  );
  return notices.length > 0 ? notices.join("\n\n") : null;
}

function oldData(tracks: readonly Track[], slice: DataSlice): string | null {
  const { today, dates } = slice.request;
  const newest = new Map<string, { company: string; obs: Obs }>();
  for (const track of tracks) {
    if (track.kind === "daily") continue;
    const obs = lastObs(track);
    const held = newest.get(track.series.ticker);
    if (!held || obs.point.periodEnd > held.obs.point.periodEnd)
      newest.set(track.series.ticker, { company: track.company, obs });
  }
  const prices = new Map((slice.latestPrices ?? []).map((p) => [p.ticker, p.date]));
  const documents = new Map((slice.newestDocuments ?? []).map((d) => [d.ticker, d]));
  const sentences: string[] = [...newest].flatMap(([ticker, { company, obs }]) => {
    const end = obs.point.periodEnd;
    const price = prices.get(ticker) ?? null;
    const oldToday = daysBetween(end, today) > STALE_AFTER_DAYS;
    const oldToPrice = price !== null && daysBetween(end, price) > STALE_AFTER_DAYS;
    if (!oldToday && !oldToPrice) return [];
    const { source } = obs.point;
    const filed = source.kind === "sec_filing" ? source.filedAt : null;
    const year = (filed ?? end).slice(0, 4);
    const pricesNote = oldToPrice ? `, while its prices held run to ${formatDate(price)}` : "";
    const document = documents.get(ticker);
    if (document && document.periodEnd > end) {
      const newer = `${fiscalPeriodLabel(document.fiscalYear, document.fiscalPeriod)} ${document.form}`;
      return [
        `the newest ${company} figures held for this are for ${obs.label} (the period ended ${formatDate(end)})${pricesNote}; its filings held run to the ${newer} (the period ended ${formatDate(document.periodEnd)}), whose figures for this are not held, so these are not current figures`,
      ];
    }
    return [
      `the newest ${company} filing held is from ${year} (${obs.label}, the period ended ${formatDate(end)})${pricesNote}, so these are not current figures`,
    ];
  });
  // Prices: a latest close held weeks before the reference date is no current price ("the last year" of
  // prices ends at the latest one held by design, and says its dates).
  for (const track of tracks) {
    if (track.kind !== "daily" || !dates.latest) continue;
    const last = lastObs(track).point.periodEnd;
    const days = daysBetween(last, today);
    if (days > PRICES_STALE_AFTER_DAYS && !sentences.some((s) => s.includes(`latest ${track.company} `)))
      sentences.push(
        `the latest ${track.company} ${track.metric} held is from ${formatDate(last)}, ${days} days before ${formatDate(today)}`,
      );
  }
  return sentences.length > 0 ? `**Old data:** ${sentences.join("; ")}.` : null;
}

/** The latest value of each company × metric (any kind of period); a notice when they are not all for
 * one period (lib/data/align.ts: quarters ending within half a quarter of each other). */
function differentPeriods(tracks: readonly Track[]): string | null {
  const newest = new Map<string, { track: Track; obs: Obs }>();
  for (const track of tracks) {
    if (track.kind !== "annual" && track.kind !== "quarterly") continue;
    const key = `${track.series.ticker}|${track.series.metricKey}`;
    const obs = lastObs(track);
    const held = newest.get(key);
    if (!held || obs.point.periodEnd > held.obs.point.periodEnd) newest.set(key, { track, obs });
  }
  const latest = [...newest.values()];
  const ends = latest.map((l) => l.obs.point.periodEnd).sort();
  if (latest.length < 2 || endsAligned("quarterly", ends[0]!, ends[ends.length - 1]!)) return null;
  const oneMetric = new Set(latest.map((l) => l.track.series.metricKey)).size === 1;
  const each = latest.map(
    ({ track, obs }) =>
      `${oneMetric ? track.company : track.subject} ${obs.label} (ended ${formatDate(obs.point.periodEnd)})`,
  );
  return `**Different periods:** the latest values held are not for the same period: ${listOf(each, "and")}.`;
}
