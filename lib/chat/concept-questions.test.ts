// Concept questions without a company ("What's a healthy current ratio?") through the rules agent,
// the Data Module and the built-in analyst on the seeded database: the catalog's definition and
// formula, and the median and quartiles of the companies' latest values, checked against the ranking
// the same slice holds (every company's latest value, read independently of the distribution).
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { writeAnalysis } from "@/lib/answer/analysis";
import { metricByKey } from "@/lib/catalog/metrics";
import { Decimal } from "@/lib/core/decimal";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";

const TODAY = "2026-12-01";

/** The median of exact values, by the textbook rule (middle value, or the mean of the two middle ones). */
function median(values: readonly string[]): Decimal {
  const sorted = values.map((v) => new Decimal(v)).sort((a, b) => a.cmp(b));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : sorted[mid - 1]!.plus(sorted[mid]!).dividedBy(2);
}

describe.each(testBackends())("concept questions on $name", (backend) => {
  const { slice } = sliceDatabase(backend);

  it.each([
    ["What's a healthy current ratio?", "working_capital_ratio"],
    ["What does free cash flow mean?", "free_cash_flow_ocf_capex"],
  ])("answers %s with the definition, the formula and the spread across companies", async (question, key) => {
    const request = parseQuestion(question, { today: TODAY });
    expect(request.companies).toEqual([{ kind: "all", span: null }]);
    expect(request.metrics.map((m) => m.key)).toEqual([key]);
    expect(request.unrecognized).toEqual([]);
    const result = await slice(request);
    const values = result.ranking!.entries.map((e) => e.value);
    expect(values.length).toBeGreaterThanOrEqual(5);
    expect(result.distribution?.overall.count).toBe(values.length);
    expect(new Decimal(result.distribution!.overall.median).eq(median(values))).toBe(true);
    const sectorCounts = result.distribution!.sectors.reduce((n, s) => n + s.count, 0);
    expect(sectorCounts).toBe(values.length);
    const answer = writeAnalysis(result);
    const metric = metricByKey(key)!;
    expect(answer).toContain(metric.description);
    expect(answer).toContain(`Formula: \`${metric.formula!.expression}\``);
    expect(answer).toMatch(new RegExp(`Across the ${values.length} companies held with a value`));
    expect(answer).toContain("**By sector**");
    expect(answer).not.toMatch(/could not find a company/i);
  });

  it("leaves a question naming a company to that company", async () => {
    const request = parseQuestion("What is a healthy current ratio for Apple?", { today: TODAY });
    expect(request.companies.map((c) => c.kind)).toEqual(["company"]);
    expect((await slice(request)).distribution).toBeUndefined();
  });
});
