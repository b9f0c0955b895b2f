// A definition given in the question is evaluated by the Data Module beside the catalog's metric (issue
// 16 item 9), on real databases holding the committed seed; a definition equal to the catalog's adds
// nothing. Requests are built by hand.
import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/core/decimal";
import { sliceDatabase, sliceRequest as request } from "@/test/data";
import { testBackends } from "@/test/db";

const FY2023 = { fiscal: { year: 2023, period: "FY" as const }, expression: "fiscal 2023" };

function withDefinition(formula: string, metric: string | null = "return_on_average_assets", metrics = [metric!]) {
  return {
    ...request(["AAPL"], metrics, FY2023),
    presentation: {
      decimals: null,
      scale: null,
      currency: null,
      statement: null,
      percent: false,
      definitions: [{ text: "as defined", metric, formula }],
    },
  };
}

describe.each(testBackends())("question definitions on $name with the seed", (backend) => {
  const { slice } = sliceDatabase(backend);

  it("evaluates the question's formula beside the catalog's, from the same exact inputs", async () => {
    const result = await slice(withDefinition("net_income / total_assets"));
    expect(result.series.map((s) => [s.metricKey, s.metricName])).toEqual([
      ["return_on_average_assets", "Return on Average Assets"],
      [
        "return_on_average_assets:as_defined:net_income / total_assets",
        "Return on Average Assets (as the question defines it)",
      ],
    ]);
    const point = result.series[1]!.points[0]!;
    expect(point).toMatchObject({ fiscalYear: 2023, fiscalPeriod: "FY" });
    if (point.source.kind !== "derived") throw new Error("expected a derived value");
    expect(point.source.formula).toBe("net_income / total_assets");
    const [income, assets] = point.source.inputs.map((i) => new Decimal(i.point.value));
    expect(new Decimal(point.value).minus(income!.div(assets!)).abs().lt("1e-15")).toBe(true);
  });

  it("evaluates a ratio the question asks that the catalog lacks as a metric of its own, before its inputs", async () => {
    const result = await slice(
      withDefinition("research_and_development / capex", null, ["research_and_development", "capex"]),
    );
    expect(result.series.map((s) => [s.metricKey, s.metricName, s.unitKind])).toEqual([
      [
        "as_defined:research_and_development / capex",
        "Research and Development Expense to Capital Expenditures (as the question asks it)",
        "ratio",
      ],
      ["research_and_development", "Research and Development Expense", "currency"],
      ["capex", "Capital Expenditures", "currency"],
    ]);
    const point = result.series[0]!.points[0]!;
    if (point.source.kind !== "derived") throw new Error("expected a derived value");
    const [rd, capex] = point.source.inputs.map((i) => new Decimal(i.point.value));
    expect(new Decimal(point.value).minus(rd!.div(capex!)).abs().lt("1e-15")).toBe(true);
  });

  it("evaluates a change the catalog has no growth metric for against the same period a year earlier", async () => {
    const formula = 'research_and_development / prev(research_and_development, "yoy") - 1';
    const result = await slice(withDefinition(formula, null, ["research_and_development"]));
    expect(result.series.map((s) => [s.metricName, s.unitKind])).toEqual([
      ["Research and Development Expense Growth (YoY) (as the question asks it)", "ratio"],
      ["Research and Development Expense", "currency"],
    ]);
    const point = result.series[0]!.points[0]!;
    if (point.source.kind !== "derived") throw new Error("expected a derived value");
    const [now, before] = point.source.inputs.map((i) => new Decimal(i.point.value));
    expect(point.source.inputs.map((i) => i.point.fiscalYear)).toEqual([2023, 2022]);
    expect(new Decimal(point.value).minus(now!.div(before!).minus(1)).abs().lt("1e-15")).toBe(true);
  });

  it("adds nothing when the definition is the catalog's own", async () => {
    const result = await slice(withDefinition("net_income / avg(total_assets)"));
    expect(result.series.map((s) => s.metricKey)).toEqual(["return_on_average_assets"]);
  });
});
