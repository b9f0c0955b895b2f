"use client";

import { useMemo } from "react";
import type { DataSlice } from "@/lib/data/types";
import { chartSpecsOf } from "./chart-data";
import { SeriesChart } from "./series-chart";

/** The charts of one answer: one when all series share a unit, else one per metric. */
export function AnswerCharts({ slice }: { slice: DataSlice }) {
  const charts = useMemo(() => chartSpecsOf(slice), [slice]);
  if (charts.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="answer-charts">
      {charts.map((chart) => (
        <SeriesChart key={chart.key} chart={chart} />
      ))}
    </div>
  );
}
