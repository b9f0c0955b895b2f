"use client";
// A stock-move answer's chart: the adjusted close over the window, the largest daily moves marked on
// the line, and a dashed line on each day news was published (labelled with its citation, N1, N2…).

import { useId, useMemo } from "react";
import { CartesianGrid, Line, LineChart, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { timestampOfIsoDate } from "@/lib/core/dates";
import type { PriceMove } from "@/lib/data/price-move";
import type { AnswerNews } from "@/lib/documents/news/for-request";
import { newsLabel } from "@/lib/documents/news/prompt";
import { formatDate } from "@/lib/format/periods";
import { CHART_AXIS_TICK, CHART_AXIS_WIDTH } from "./chart-style";
import { formatLongDate } from "./format";

const CHART_HEIGHT = 280;
const RISE = "#047857";
const FALL = "#b91c1c";
const NEWS = "#0f766e";

/** "N1", or "N1+3" when more items were published that day: labels stay short enough not to overlap. */
function dayLabel(labels: readonly string[]): string {
  return labels.length === 1 ? labels[0]! : `${labels[0]}+${labels.length - 1}`;
}

export function MoveChart({ move, news }: { move: PriceMove; news: AnswerNews | null }) {
  const captionId = useId();
  const rows = useMemo(
    () => move.closes.map((c) => ({ x: timestampOfIsoDate(c.date), close: Number(c.close), date: c.date })),
    [move],
  );
  const first = move.closes[0]?.date ?? move.window.from;
  const last = move.closes.at(-1)?.date ?? move.window.to;
  // One marker per day with news, on the chart's range: the labels of that day's items.
  const newsDays = useMemo(() => {
    const byDay = new Map<string, string[]>();
    (news?.hits ?? []).forEach((hit, i) => {
      const day = hit.publishedAt.slice(0, 10);
      if (day >= first && day <= last) byDay.set(day, [...(byDay.get(day) ?? []), newsLabel(i)]);
    });
    return [...byDay];
  }, [news, first, last]);
  const closeOf = new Map(rows.map((r) => [r.date, r.close]));

  return (
    <figure
      className="space-y-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xs"
      aria-labelledby={captionId}
      data-testid="move-chart"
    >
      <figcaption id={captionId} className="text-sm font-semibold text-slate-900">
        {move.name} ({move.ticker}): adjusted close, {formatDate(first)} to {formatDate(last)}
        <span className="ml-2 text-xs font-normal text-slate-500">
          dots: the largest daily moves; dashed lines: news published that day
        </span>
      </figcaption>
      <div className="w-full" style={{ height: CHART_HEIGHT }}>
        <LineChart
          data={rows}
          responsive
          style={{ width: "100%", height: "100%" }}
          margin={{ top: 16, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer
        >
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="x"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            tickFormatter={formatLongDate}
            tick={CHART_AXIS_TICK}
            stroke="#cbd5e1"
            minTickGap={32}
          />
          <YAxis
            domain={["auto", "auto"]}
            tickFormatter={(value: number) => `${move.currency} ${value.toFixed(0)}`}
            tick={CHART_AXIS_TICK}
            stroke="#cbd5e1"
            width={CHART_AXIS_WIDTH}
          />
          <Tooltip
            labelFormatter={(x) => formatLongDate(Number(x))}
            formatter={(value) => [`${move.currency} ${Number(value).toFixed(2)}`, "Adjusted close"]}
          />
          {newsDays.map(([day, labels]) => (
            <ReferenceLine
              key={day}
              x={timestampOfIsoDate(day)}
              stroke={NEWS}
              strokeDasharray="4 3"
              label={{ value: dayLabel(labels), position: "top", fill: NEWS, fontSize: 11 }}
            />
          ))}
          <Line
            dataKey="close"
            name="Adjusted close"
            stroke="#334155"
            strokeWidth={2}
            dot={false}
            type="linear"
            isAnimationActive={false}
          />
          {move.movers.map((day) => (
            <ReferenceDot
              key={day.date}
              x={timestampOfIsoDate(day.date)}
              y={closeOf.get(day.date)}
              r={5}
              fill={day.change.startsWith("-") ? FALL : RISE}
              stroke="white"
            />
          ))}
        </LineChart>
      </div>
    </figure>
  );
}
