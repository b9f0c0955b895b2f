// A definition given in the question is evaluated by the Data Module beside the catalog's metric (issue
// 16 item 9), on real databases holding the committed seed; a definition equal to the catalog's adds
// nothing. Requests are built by hand.
import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/core/decimal";
import { sliceDatabase, sliceRequest as request } from "@/test/data";
import { testBackends } from "@/test/db";

const FY2023 = { fiscal: { year: 2023, period: "FY" as const }, expression: "fiscal 2023" };

function withDefinition(formula: string) {
  return {
    ...request(["AAPL"], ["return_on_average_assets"], FY2023),
    presentation: {
      decimals: null,
      scale: null,
      currency: null,
      statement: null,
      percent: false,
      definitions: [{ text: "as defined", metric: "return_on_average_assets", formula }],
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

  it("adds nothing when the definition is the catalog's own", async () => {
    const result = await slice(withDefinition("net_income / avg(total_assets)"));
    expect(result.series.map((s) => s.metricKey)).toEqual(["return_on_average_assets"]);
  });
});
