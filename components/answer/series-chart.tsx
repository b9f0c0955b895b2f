"use client";

import { useId } from "react";
import { MAX_DRAWN_POINTS_PER_SERIES, type ChartSpec } from "./chart-data";
import { ChartLegend } from "./chart-legend";
import { ComparisonBarChart } from "./comparison-bar-chart";
import { TimeLineChart } from "./time-line-chart";

const CHART_HEIGHT = 280;

/** One chart of an answer: lines over time, or bars comparing one period across companies. */
export function SeriesChart({ chart }: { chart: ChartSpec }) {
  const captionId = useId();
  return (
    <figure
      className="space-y-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xs"
      aria-labelledby={captionId}
      data-testid="answer-chart"
      data-chart-kind={chart.kind}
    >
      <figcaption id={captionId} className="text-sm font-semibold text-slate-900">
        {chart.title}
        {chart.kind === "line" && chart.thinned ? (
          <span className="ml-2 text-xs font-normal text-slate-500">
            drawn with at most {MAX_DRAWN_POINTS_PER_SERIES} points per line; the table has every value
          </span>
        ) : null}
      </figcaption>
      <div className="w-full" style={{ height: CHART_HEIGHT }}>
        {chart.kind === "line" ? <TimeLineChart chart={chart} /> : <ComparisonBarChart chart={chart} />}
      </div>
      <ChartLegend series={chart.series} />
    </figure>
  );
}
