import { describe, expect, it } from "vitest";
import { timestampOfIsoDate } from "@/lib/core/dates";
import { formatHumanValue } from "@/lib/format/values";
import { appleRevenue, daily, fiscal, series, slice } from "@/test/slices";
import {
  type BarChartSpec,
  chartSpecsOf,
  downsampleIndexes,
  type LineChartSpec,
  MAX_DRAWN_POINTS_PER_SERIES,
} from "./chart-data";

/** `count` consecutive days from 2020-01-01, closing at 100, 101, 102, … */
function dailyCloses(count: number) {
  const start = timestampOfIsoDate("2020-01-01");
  return Array.from({ length: count }, (_, i) =>
    daily(new Date(start + i * 86_400_000).toISOString().slice(0, 10), String(100 + i)),
  );
}

describe("chartSpecsOf", () => {
  it("draws one company's years as a line, in date order, keeping each exact value beside the plotted number", () => {
    const [chart, ...rest] = chartSpecsOf(slice("trend", [appleRevenue()]));
    expect(rest).toEqual([]);
    expect(chart?.kind).toBe("line");
    const line = chart as LineChartSpec;
    expect(line.title).toBe("Revenue");
    expect(line.series.map((s) => s.label)).toEqual(["AAPL — Revenue"]);
    expect(line.axes).toEqual([{ id: "currency|USD", unitKind: "currency", currency: "USD", currencyPrefix: "$" }]);
    expect(line.rows.map((row) => row.x)).toEqual(["2022-09-24", "2023-09-30", "2024-09-28"].map(timestampOfIsoDate));
    expect(line.rows[1]).toMatchObject({ s0: 383285000000, "s0:exact": "383285000000", "s0:period": "FY2023" });
    expect(line.thinned).toBe(false);
  });

  it("draws one period of several companies as bars named by ticker", () => {
    const specs = chartSpecsOf(
      slice("compare", [
        series("AAPL", "net_income", [fiscal(2024, "FY", "93736000000")]),
        series("MSFT", "net_income", [fiscal(2024, "FY", "88136000000", "2024-06-30")]),
      ]),
    );
    expect(specs.map((chart) => chart.kind)).toEqual(["bar"]);
    expect((specs[0] as BarChartSpec).rows).toEqual([
      { name: "AAPL", value: 93736000000, exact: "93736000000", period: "FY2024", dataKey: "s0" },
      { name: "MSFT", value: 88136000000, exact: "88136000000", period: "FY2024", dataKey: "s1" },
    ]);
  });

  it("gives tooltips the rounding and scale the question asked", () => {
    const asked = {
      decimals: 2,
      scale: "millions" as const,
      currency: null,
      statement: null,
      percent: false,
      definitions: [],
    };
    const compare = (presentation?: typeof asked) =>
      chartSpecsOf(
        slice("compare", [series("AAPL", "net_income", [fiscal(2024, "FY", "93736000000")])], [], {}, { presentation }),
      )[0]!.series[0]!.style;
    expect(formatHumanValue("93736000000", compare())).toBe("$93.7 billion");
    expect(formatHumanValue("93736000000", compare(asked))).toBe("$93,736.00 million");
  });

  it("gives each metric its own chart when units differ, so a dollar axis never carries share counts", () => {
    const specs = chartSpecsOf(
      slice("trend", [
        appleRevenue(),
        series("AAPL", "shares_outstanding", [fiscal(2023, "FY", "15550061000"), fiscal(2024, "FY", "15115823000")]),
      ]),
    );
    expect(specs.map((chart) => [chart.title, chart.axes.map((axis) => axis.unitKind)])).toEqual([
      ["Revenue", ["currency"]],
      ["Shares Outstanding", ["shares"]],
    ]);
  });

  it("never mixes frequencies in one chart, names the frequency in each title and tells the series apart", () => {
    const quarterly = series(
      "AAPL",
      "revenue",
      [fiscal(2024, "Q1", "119575000000"), fiscal(2024, "Q2", "90753000000")],
      { frequency: "quarterly" },
    );
    const specs = chartSpecsOf(slice("trend", [appleRevenue(), quarterly]));
    expect(specs.map((chart) => chart.title)).toEqual(["Revenue · annual", "Revenue · quarterly"]);
    expect(specs.map((chart) => chart.series.map((s) => s.label))).toEqual([
      ["AAPL — Revenue (annual)"],
      ["AAPL — Revenue (quarterly)"],
    ]);
  });

  it("drops a lone bar beside other charts, but draws it when it is the whole answer", () => {
    const lone = series("AAPL", "eps_diluted", [fiscal(2024, "FY", "6.08")]);
    expect(chartSpecsOf(slice("lookup", [appleRevenue(), lone])).map((chart) => chart.title)).toEqual(["Revenue"]);
    expect(chartSpecsOf(slice("lookup", [lone])).map((chart) => chart.kind)).toEqual(["bar"]);
  });

  it("thins a long daily line to the drawing limit, keeping the first and last day", () => {
    const points = dailyCloses(MAX_DRAWN_POINTS_PER_SERIES * 2 + 1);
    const line = chartSpecsOf(slice("trend", [series("AAPL", "price_close", points)]))[0] as LineChartSpec;
    expect(line.thinned).toBe(true);
    expect(line.rows).toHaveLength(MAX_DRAWN_POINTS_PER_SERIES);
    expect(line.rows[0]?.["s0:exact"]).toBe(points[0]?.value);
    expect(line.rows.at(-1)?.["s0:exact"]).toBe(points.at(-1)?.value);
  });

  it("leaves out values that are no finite number and series without points", () => {
    const specs = chartSpecsOf(
      slice("trend", [
        series("AAPL", "revenue", [fiscal(2023, "FY", "383285000000"), fiscal(2024, "FY", "not a number")]),
        series("MSFT", "revenue", []),
      ]),
    );
    expect(specs.map((chart) => [chart.kind, chart.series.map((s) => s.label)])).toEqual([
      ["line", ["AAPL — Revenue"]],
    ]);
    expect((specs[0] as LineChartSpec).rows.map((row) => row["s0:exact"])).toEqual(["383285000000"]);
  });
});

describe("downsampleIndexes", () => {
  it("keeps every point of a short line", () => {
    expect(downsampleIndexes([3, 1, 2], 500)).toEqual([0, 1, 2]);
  });

  it("keeps the first, the last and every extreme of a long line within the limit", () => {
    // A decade of daily values: a slow rise with one crash day and one spike day between bucket edges.
    const values = Array.from({ length: 2520 }, (_, i) => 100 + i / 10);
    values[1234] = 5;
    values[2001] = 900;
    const indexes = downsampleIndexes(values, 500);
    expect(indexes.length).toBeLessThanOrEqual(500);
    expect(indexes[0]).toBe(0);
    expect(indexes.at(-1)).toBe(2519);
    expect(indexes).toContain(1234);
    expect(indexes).toContain(2001);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    const drawn = indexes.map((i) => values[i]!);
    expect(Math.min(...drawn)).toBe(5);
    expect(Math.max(...drawn)).toBe(900);
  });

  it("never picks a value that cannot be drawn as an extreme", () => {
    const values = [1, Number.NaN, 2, 3, Number.NaN, 4, 5, 6, 7, 8];
    const indexes = downsampleIndexes(values, 6);
    expect(indexes.length).toBeLessThanOrEqual(6);
    expect(indexes.filter((i) => Number.isNaN(values[i]!))).toEqual([]);
  });
});
