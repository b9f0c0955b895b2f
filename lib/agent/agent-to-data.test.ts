// The built-in agent's requests, read by the real Data Module and context on databases holding the
// committed seed: a ratio arrives as the catalog's derived key, and the slice computes it, or says
// which input is missing.
import { describe, expect, it } from "vitest";
import { metricByKey } from "@/lib/catalog/metrics";
import { buildContext } from "@/lib/context/build-context";
import { sliceDatabase } from "@/test/data";
import type { DataSlice } from "@/lib/data/types";
import { testBackends } from "@/test/db";
import { parseQuestion } from "./parse-question";

const TODAY = "2026-11-30";

/** The slice's series for `ticker` that answer `key`: the metric itself or an input of its formula. */
function answering(slice: DataSlice, ticker: string, key: string) {
  const inputs = metricByKey(key)?.formula?.inputs ?? [];
  return slice.series.filter((s) => s.ticker === ticker && (s.metricKey === key || inputs.includes(s.metricKey)));
}

describe.each(testBackends())("agent → Data Module → context on $name with the seed", (backend) => {
  const { slice: buildSlice } = sliceDatabase(backend);

  it("answers Apple's gross margin in fiscal 2023 from the derived metric", async () => {
    const request = parseQuestion("What was Apple's gross margin in fiscal 2023?", { today: TODAY });
    expect(request.metrics.map((m) => m.key)).toEqual(["gross_margin_ratio"]);
    expect(request.dates.fiscal).toEqual({ year: 2023, period: "FY" });

    const slice = await buildSlice(request);
    const series = answering(slice, "AAPL", "gross_margin_ratio");
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) expect(s.points.map((p) => [p.fiscalYear, p.fiscalPeriod])).toContainEqual([2023, "FY"]);
    const { prompt } = buildContext(slice);
    expect(prompt).toContain("Financial Query: What was Apple's gross margin in fiscal 2023?");
    expect(prompt).toMatch(/Gross (Profit|Margin)/);
  });

  it.each([
    ["nvda roe ttm", "NVDA", "return_on_average_equity"],
    ["googl free cash flow 2024", "GOOGL", "free_cash_flow_ocf_capex"],
  ] as const)("computes %s", async (question, ticker, key) => {
    const request = parseQuestion(question, { today: TODAY });
    expect(request.metrics.map((m) => m.key)).toEqual([key]);
    const slice = await buildSlice(request);
    expect(answering(slice, ticker, key).some((s) => s.points.length > 0)).toBe(true);
    expect(() => buildContext(slice)).not.toThrow();
  });

  // The seed's Microsoft filings end in 2015 and Tesla's in 2022: the inputs are missing, and said so.
  it.each([
    ["msft p/e last year", "MSFT", "pe_ratio_ttm"],
    ["tesla market cap at the end of 2024", "TSLA", "market_cap_at_close"],
  ] as const)("explains why %s is not computable", async (question, ticker, key) => {
    const request = parseQuestion(question, { today: TODAY });
    expect(request.metrics.map((m) => m.key)).toEqual([key]);
    const slice = await buildSlice(request);
    expect(answering(slice, ticker, key)).toEqual([]);
    expect(slice.missing).toContainEqual(
      expect.objectContaining({ ticker, metricKey: key, reason: expect.stringContaining("is not computable") }),
    );
    expect(() => buildContext(slice)).not.toThrow();
  });
});
