// Structured Data Requests built by hand for the Data Module's tests, so each test shows only the
// companies, metrics and dates it is about (the agent is tested on its own).
import { structuredDataRequestSchema, type CompanyEntry, type DateRange, type StructuredDataRequest } from "@/lib/agent/schema";

/** Companies as tickers (named one by one) or as entries (groups); dates over "no date given". */
export function sliceRequest(
  companies: readonly (string | CompanyEntry)[],
  metricKeys: readonly string[],
  dates: Partial<DateRange>,
  today = "2026-11-30",
  extra: Partial<Pick<StructuredDataRequest, "intent" | "rank" | "screen" | "question">> = {},
): StructuredDataRequest {
  return structuredDataRequestSchema.parse({
    question: "test question",
    today,
    companies: companies.map((c) => (typeof c === "string" ? { kind: "company", ticker: c, name: c, span: null, confidence: 1 } : c)),
    metrics: metricKeys.map((key) => ({ key, name: key, span: null, confidence: 1, related: [] })),
    dates: { expression: null, start: null, end: null, latest: false, granularity: "any", fiscal: null, count: null, ...dates },
    intent: "lookup",
    unrecognized: [],
    suggestions: [],
    agent: "test",
    ...extra,
  });
}
