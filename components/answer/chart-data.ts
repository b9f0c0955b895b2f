// Which charts an answer gets and the numbers they draw. Exact decimal strings become numbers here
// and only here, for plotting; every label and tooltip reads the exact string instead.
import type { UnitKind } from "@/lib/catalog/types";
import type { DataSlice, Series } from "@/lib/data/types";
import { periodLabel } from "@/lib/format/periods";
import { valueStyle, type ValueStyle } from "@/lib/format/values";
import { presentationOf } from "@/lib/agent/schema";
import { timestampOfIsoDate } from "@/lib/core/dates";
import { formatSourceLabel } from "./format";

/** More points than this per line are thinned for drawing (the table and CSV keep them all). */
export const MAX_DRAWN_POINTS_PER_SERIES = 500;

const SERIES_COLORS = [
  "#0f766e", // teal-700
  "#4f46e5", // indigo-600
  "#d97706", // amber-600
  "#e11d48", // rose-600
  "#0284c7", // sky-600
  "#7c3aed", // violet-600
  "#65a30d", // lime-600
  "#475569", // slate-600
  "#c2410c", // orange-700
  "#db2777", // pink-600
] as const;

export interface ChartSeries {
  /** A data key safe for recharts: "s0", "s1", … */
  dataKey: string;
  /** "AAPL — Net Income" */
  label: string;
  color: string;
  series: Series;
  /** How its values read in tooltips: the question's rounding and scale, as in the answer's text. */
  style: ValueStyle;
}

interface ChartAxis {
  id: string;
  unitKind: UnitKind;
  currency: string | null;
  /** "$", "EUR " or "": the prefix the values on this axis are written with (lib/format). */
  currencyPrefix: string;
}

interface ChartBase {
  key: string;
  title: string;
  series: ChartSeries[];
  axes: ChartAxis[];
}

/** One row per x position; `${dataKey}` holds the plotted number, `${dataKey}:exact` the exact value. */
type TimeChartRow = { x: number } & Record<string, number | string>;

export interface LineChartSpec extends ChartBase {
  kind: "line";
  rows: TimeChartRow[];
  /** True when at least one line was thinned for drawing. */
  thinned: boolean;
}

interface BarChartRow {
  name: string;
  value: number;
  exact: string;
  period: string;
  dataKey: string;
}

export interface BarChartSpec extends ChartBase {
  kind: "bar";
  rows: BarChartRow[];
}

export type ChartSpec = LineChartSpec | BarChartSpec;

function seriesLabel(series: Pick<Series, "ticker" | "metricName">): string {
  return `${series.ticker} — ${series.metricName}`;
}

function unitKey(series: Series): string {
  return `${series.unitKind}|${series.unit}|${series.currency ?? ""}`;
}

/**
 * At most `limit` indexes of `values` to draw: the first and the last, and from each of equal buckets
 * between them its lowest and highest value, so a thinned line keeps its extremes (a crash, a peak)
 * where evenly spaced points would skip them. Non-finite values are never chosen as extremes.
 */
export function downsampleIndexes(values: readonly number[], limit: number): number[] {
  const length = values.length;
  if (length <= limit) return Array.from({ length }, (_, index) => index);
  if (limit < 2) return [length - 1];
  const buckets = Math.floor((limit - 2) / 2);
  const indexes = new Set<number>([0, length - 1]);
  const inner = length - 2;
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const from = 1 + Math.floor((bucket * inner) / buckets);
    const to = 1 + Math.floor(((bucket + 1) * inner) / buckets);
    let low = -1;
    let high = -1;
    for (let index = from; index < to; index += 1) {
      const value = values[index]!;
      if (!Number.isFinite(value)) continue;
      if (low < 0 || value < values[low]!) low = index;
      if (high < 0 || value > values[high]!) high = index;
    }
    if (low >= 0) indexes.add(low);
    if (high >= 0) indexes.add(high);
  }
  return [...indexes].sort((left, right) => left - right);
}

function axesOf(series: ChartSeries[]): ChartAxis[] {
  const axes = new Map<string, ChartAxis>();
  for (const { series: item } of series) {
    const id = `${item.unitKind}|${item.currency ?? ""}`;
    if (!axes.has(id)) {
      axes.set(id, {
        id,
        unitKind: item.unitKind,
        currency: item.currency,
        currencyPrefix: valueStyle(item).currencyPrefix,
      });
    }
  }
  return [...axes.values()];
}

export function axisIdOf(series: Series): string {
  return `${series.unitKind}|${series.currency ?? ""}`;
}

function toPlotNumber(value: string): number | null {
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function buildLineChart(key: string, title: string, series: ChartSeries[]): LineChartSpec {
  const rowsByX = new Map<number, TimeChartRow>();
  let thinned = false;
  for (const item of series) {
    const points = item.series.points;
    const indexes = downsampleIndexes(
      points.map((p) => Number(p.value)),
      MAX_DRAWN_POINTS_PER_SERIES,
    );
    if (indexes.length < points.length) thinned = true;
    for (const index of indexes) {
      const point = points[index];
      if (!point) continue;
      const plotted = toPlotNumber(point.value);
      if (plotted === null) continue;
      const x = timestampOfIsoDate(point.periodEnd);
      if (!Number.isFinite(x)) continue;
      const row = rowsByX.get(x) ?? { x };
      row[item.dataKey] = plotted;
      row[`${item.dataKey}:exact`] = point.value;
      row[`${item.dataKey}:period`] = periodLabel(point);
      rowsByX.set(x, row);
    }
  }
  const rows = [...rowsByX.values()].sort((left, right) => left.x - right.x);
  return { kind: "line", key, title, series, axes: axesOf(series), rows, thinned };
}

function buildBarChart(key: string, title: string, series: ChartSeries[]): BarChartSpec {
  const sameMetric = new Set(series.map((item) => item.series.metricKey)).size === 1;
  const rows: BarChartRow[] = [];
  for (const item of series) {
    const point = item.series.points[0];
    if (!point) continue;
    const plotted = toPlotNumber(point.value);
    if (plotted === null) continue;
    rows.push({
      // Bars are labelled by company; the legend and tooltip carry the full series name.
      name: sameMetric ? item.series.ticker : `${item.series.ticker} · ${item.series.metricName}`,
      value: plotted,
      exact: point.value,
      period: periodLabel(point),
      dataKey: item.dataKey,
    });
  }
  return { kind: "bar", key, title, series, axes: axesOf(series), rows };
}

function chartTitle(series: Series[]): string {
  const metricNames = [...new Set(series.map((item) => item.metricName))];
  return metricNames.join(", ");
}

function chartFor(key: string, group: ChartSeries[], minimumPoints: number): ChartSpec | null {
  const withPoints = group.filter((item) => item.series.points.length > 0);
  const pointCount = withPoints.reduce((total, item) => total + item.series.points.length, 0);
  if (pointCount === 0 || pointCount < minimumPoints) return null;
  const title = chartTitle(withPoints.map((item) => item.series));
  const onePeriodEach = withPoints.every((item) => item.series.points.length === 1);
  return onePeriodEach ? buildBarChart(key, title, withPoints) : buildLineChart(key, title, withPoints);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? [];
    group.push(item);
    groups.set(key, group);
  }
  return groups;
}

/** "AAPL — Net Income", with the frequency added when the slice has the same pair more than once
 * (annual and quarterly values of one metric), and the source when even that repeats. */
function seriesLabels(slice: DataSlice): string[] {
  const pairKey = (series: Series) => `${series.ticker}|${series.metricKey}`;
  const pairCounts = groupBy(slice.series, pairKey);
  const frequencyCounts = groupBy(slice.series, (series) => `${pairKey(series)}|${series.frequency}`);
  return slice.series.map((series) => {
    const label = seriesLabel(series);
    if ((pairCounts.get(pairKey(series))?.length ?? 0) < 2) return label;
    const repeatsFrequency = (frequencyCounts.get(`${pairKey(series)}|${series.frequency}`)?.length ?? 0) > 1;
    const source = series.points[0]?.source;
    const sourceNote = repeatsFrequency && source ? `, ${formatSourceLabel(source)}` : "";
    return `${label} (${series.frequency}${sourceNote})`;
  });
}

/**
 * Annual, quarterly and daily values never share a chart. Within one frequency: one chart when every
 * series shares a unit (a line per company × metric over time, or bars when each has one period);
 * otherwise one chart per metric, so a dollar axis never carries share counts.
 */
export function chartSpecsOf(slice: DataSlice): ChartSpec[] {
  const labels = seriesLabels(slice);
  const asked = presentationOf(slice.request);
  const series: ChartSeries[] = slice.series.map((item, index) => ({
    dataKey: `s${index}`,
    label: labels[index] ?? seriesLabel(item),
    color: SERIES_COLORS[index % SERIES_COLORS.length] ?? "#0f766e",
    series: item,
    style: valueStyle(item, asked),
  }));
  const byFrequency = groupBy(series, (item) => item.series.frequency);
  const frequencyInTitle = byFrequency.size > 1;

  const groups: { key: string; frequency: string; series: ChartSeries[] }[] = [];
  for (const [frequency, frequencyGroup] of byFrequency) {
    const sharedUnit = new Set(frequencyGroup.map((item) => unitKey(item.series))).size === 1;
    const unitGroups = sharedUnit
      ? new Map([["all", frequencyGroup]])
      : groupBy(frequencyGroup, (item) => item.series.metricKey);
    for (const [groupKey, group] of unitGroups)
      groups.push({ key: `${frequency}|${groupKey}`, frequency, series: group });
  }
  // A lone value gets its bar when it is the whole answer; beside other charts (a "latest
  // everything" answer) single bars would only be noise, and the table has them.
  const minimumPoints = groups.length === 1 ? 1 : 2;

  const charts: ChartSpec[] = [];
  for (const group of groups) {
    const chart = chartFor(group.key, group.series, minimumPoints);
    if (!chart) continue;
    charts.push(frequencyInTitle ? { ...chart, title: `${chart.title} · ${group.frequency}` } : chart);
  }
  return charts;
}
