// One constructor for the slice's series, whatever made the points (filings, prices, formulas).
import type { MetricDefinition } from "@/lib/catalog/types";
import type { CompanyInfo } from "./fact-store";
import type { DataPoint, Series } from "./types";

/** Unit and currency as stored with the values; when none were read, the catalog's unit kind decides. */
export interface SeriesUnit {
  unit: string;
  currency: string | null;
}

function catalogUnit(company: Pick<CompanyInfo, "currency">, metric: Pick<MetricDefinition, "unitKind">): SeriesUnit {
  const monetary = metric.unitKind === "currency" || metric.unitKind === "per_share";
  return { unit: defaultUnit(metric), currency: monetary ? company.currency : null };
}

export function makeSeries(
  company: CompanyInfo,
  metric: MetricDefinition,
  frequency: Series["frequency"],
  points: DataPoint[],
  unit: SeriesUnit = catalogUnit(company, metric),
): Series {
  return {
    ticker: company.ticker,
    companyName: company.name,
    metricKey: metric.key,
    metricName: metric.name,
    unitKind: metric.unitKind,
    unit: unit.unit,
    currency: unit.currency,
    frequency,
    points,
  };
}

function defaultUnit(metric: Pick<MetricDefinition, "unitKind">): string {
  switch (metric.unitKind) {
    case "currency":
      return "USD";
    case "per_share":
      return "USD/shares";
    case "shares":
      return "shares";
    default:
      return "pure";
  }
}
