"use client";

import { Bar, BarChart, CartesianGrid, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps } from "recharts";
import type { BarChartSpec } from "./chart-data";
import { CHART_AXIS_TICK, CHART_AXIS_WIDTH } from "./chart-style";
import { ChartTooltip } from "./chart-tooltip";
import { formatAxisValue } from "./format";

/** One bar per company (× metric) for a single period. */
export function ComparisonBarChart({ chart }: { chart: BarChartSpec }) {
  const axis = chart.axes[0];
  const colorByKey = new Map(chart.series.map((item) => [item.dataKey, item.color]));
  return (
    <BarChart
      data={chart.rows}
      responsive
      style={{ width: "100%", height: "100%" }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer
    >
      <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="name" type="category" tick={CHART_AXIS_TICK} stroke="#cbd5e1" interval={0} />
      <YAxis
        tickFormatter={(value: number) => (axis ? formatAxisValue(value, axis) : String(value))}
        tick={CHART_AXIS_TICK}
        stroke="#cbd5e1"
        width={CHART_AXIS_WIDTH}
        niceTicks="snap125"
      />
      <Tooltip
        cursor={{ fill: "#f1f5f9" }}
        content={(props) => <ChartTooltip {...props} series={chart.series} xIsTime={false} />}
      />
      <Bar
        dataKey="value"
        maxBarSize={64}
        isAnimationActive={false}
        shape={(props: BarShapeProps) => {
          const dataKey = chart.rows[props.index]?.dataKey ?? "";
          return <Rectangle {...props} fill={colorByKey.get(dataKey) ?? "#0f766e"} radius={[4, 4, 0, 0]} />;
        }}
      />
    </BarChart>
  );
}
