// "Latest" answers whose newest filing held is years old say so at the top ("the newest Microsoft
// filing held is from 2015"), so an old quarter is never read as the current one.
import { daysBetween } from "@/lib/core/dates";
import type { DataSlice } from "@/lib/data/types";
import { formatDate } from "../format";
import { lastObs, type Obs, type Track } from "./tracks";

/** Filings older than this at the reference date are stale: a 10-K is due within 90 days of year end,
 * so a current company is never more than about 15 months behind. */
const STALE_AFTER_DAYS = 550;

/** The notice, or null when the request names a period or every company's newest filing is recent. */
export function staleNotice(tracks: readonly Track[], slice: DataSlice): string | null {
  const { dates, today } = slice.request;
  if (!dates.latest && dates.count === null) return null;
  const newest = new Map<string, { company: string; obs: Obs }>();
  for (const track of tracks) {
    if (track.kind === "daily") continue;
    const obs = lastObs(track);
    const held = newest.get(track.series.ticker);
    if (!held || obs.point.periodEnd > held.obs.point.periodEnd)
      newest.set(track.series.ticker, { company: track.company, obs });
  }
  const stale = [...newest.values()].filter(({ obs }) => daysBetween(obs.point.periodEnd, today) > STALE_AFTER_DAYS);
  if (stale.length === 0) return null;
  const sentences = stale.map(({ company, obs }) => {
    const { source } = obs.point;
    const filed = source.kind === "sec_filing" ? source.filedAt : null;
    const year = (filed ?? obs.point.periodEnd).slice(0, 4);
    return `the newest ${company} filing held is from ${year} (${obs.label}, the period ended ${formatDate(obs.point.periodEnd)}), so these are not current figures`;
  });
  return `**Old data:** ${sentences.join("; ")}.`;
}
