"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { axisIdOf, type LineChartSpec } from "./chart-data";
import { CHART_AXIS_TICK, CHART_AXIS_WIDTH } from "./chart-style";
import { ChartTooltip } from "./chart-tooltip";
import { formatAxisValue, formatMonthYear } from "./format";

/** Lines over time, x = period end; one y-axis per unit kind. */
export function TimeLineChart({ chart }: { chart: LineChartSpec }) {
  const showDots = chart.rows.length <= 40;
  return (
    <LineChart
      data={chart.rows}
      responsive
      style={{ width: "100%", height: "100%" }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer
    >
      <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="x"
        type="number"
        scale="time"
        domain={["dataMin", "dataMax"]}
        tickFormatter={formatMonthYear}
        tick={CHART_AXIS_TICK}
        stroke="#cbd5e1"
        minTickGap={24}
      />
      {chart.axes.map((axis, index) => (
        <YAxis
          key={axis.id}
          yAxisId={axis.id}
          orientation={index === 0 ? "left" : "right"}
          tickFormatter={(value: number) => formatAxisValue(value, axis)}
          tick={CHART_AXIS_TICK}
          stroke="#cbd5e1"
          width={CHART_AXIS_WIDTH}
          niceTicks="snap125"
        />
      ))}
      <Tooltip content={(props) => <ChartTooltip {...props} series={chart.series} xIsTime />} />
      {chart.series.map((item) => (
        <Line
          key={item.dataKey}
          yAxisId={axisIdOf(item.series)}
          dataKey={item.dataKey}
          name={item.label}
          stroke={item.color}
          strokeWidth={2}
          type="linear"
          dot={showDots ? { r: 3, fill: item.color } : false}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
