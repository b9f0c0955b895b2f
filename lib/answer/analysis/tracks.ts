// The analyst's unit of writing: the slice's series read into tracks (one company × metric × kind of
// period), their values parsed exactly once, and the orderings every section shares.
import { Decimal } from "@/lib/core/decimal";
import { presentationOf } from "@/lib/agent/schema";
import { periodKindOf, type PeriodKind } from "@/lib/format/periods";
import type { ValueInstructions } from "@/lib/format/values";
import type { DataPoint, DataSlice, Series } from "@/lib/data/types";
import {
  labelIsDate,
  metricInSentence,
  periodLabel,
  possessive,
  shortCompanyName,
  valueStyle,
  type ValueStyle,
} from "../format";

/** One value, parsed and labelled once. */
export interface Obs {
  point: DataPoint;
  value: Decimal;
  label: string;
  /** Aligns periods across companies and finds prior periods: "FY 2023", "Q1 2025", or the date. */
  key: string;
}

/** One company × metric × kind of period: the unit every paragraph is written about. */
export interface Track {
  series: Series;
  kind: PeriodKind;
  obs: Obs[];
  style: ValueStyle;
  company: string;
  /** "Apple's revenue". */
  subject: string;
  metric: string;
}

export function buildTracks(slice: DataSlice, unreadable: string[]): Track[] {
  const tracks: Track[] = [];
  // "Round to two decimals", "in USD millions": every value of the answer is written so.
  const asked = presentationOf(slice.request);
  for (const series of slice.series) {
    const byKind = new Map<PeriodKind, Obs[]>();
    for (const point of series.points) {
      const value = parseValue(point.value);
      if (value === null) {
        unreadable.push(
          `${series.ticker} ${series.metricName} for ${periodLabel(point)}: the stored value could not be read.`,
        );
        continue;
      }
      const kind = periodKindOf(series, point);
      const list = byKind.get(kind) ?? [];
      list.push({ point, value, label: periodLabel(point), key: periodKey(point) });
      byKind.set(kind, list);
    }
    for (const [kind, obs] of byKind) tracks.push(makeTrack(series, kind, dedupe(obs), asked));
  }
  return tracks;
}

function makeTrack(series: Series, kind: PeriodKind, obs: Obs[], asked: ValueInstructions): Track {
  const company = shortCompanyName(series.companyName);
  const metric = metricInSentence(series.metricName);
  return {
    series,
    kind,
    obs,
    style: valueStyle(series, asked),
    company,
    metric,
    subject: `${possessive(company)} ${metric}`,
  };
}

function parseValue(raw: string): Decimal | null {
  try {
    const value = new Decimal(raw);
    return value.isFinite() ? value : null;
  } catch {
    return null;
  }
}

function periodKey(point: DataPoint): string {
  if (labelIsDate(point)) return point.periodEnd;
  return `${point.fiscalPeriod} ${point.fiscalYear}`;
}

/** Ascending by period end; a period reported twice keeps its last (latest-filed) value. */
function dedupe(obs: Obs[]): Obs[] {
  const byKey = new Map<string, Obs>();
  for (const o of obs) byKey.set(o.key, o);
  return [...byKey.values()].sort((a, b) => a.point.periodEnd.localeCompare(b.point.periodEnd));
}

/** Tracks of the same metric and kind of period, in slice order: what gets compared. */
export function groupByMetric(tracks: Track[]): Track[][] {
  const groups = new Map<string, Track[]>();
  for (const track of tracks) {
    const key = `${track.series.metricKey}|${track.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), track]);
  }
  return [...groups.values()];
}

const KIND_ORDER: PeriodKind[] = ["annual", "interim", "quarterly", "dated", "daily"];

/** Most recent latest value first; on the same end date (FY2024 and its Q4) the longer period. */
export function byRecency(a: Track, b: Track): number {
  const byEnd = lastObs(b).point.periodEnd.localeCompare(lastObs(a).point.periodEnd);
  return byEnd !== 0 ? byEnd : KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
}

export function lastObs(track: Track): Obs {
  return track.obs[track.obs.length - 1]!;
}

export function isPrice(track: Track): boolean {
  return track.series.metricKey.startsWith("price_");
}

export function kindName(kind: PeriodKind): string {
  return { annual: "annual", quarterly: "quarterly", interim: "year to date", dated: "by date", daily: "daily" }[kind];
}
