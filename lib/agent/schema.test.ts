import { describe, expect, it } from "vitest";
import { companyGroups, describeGroup, singleCompanies, structuredDataRequestSchema } from "./schema";

const request = structuredDataRequestSchema.parse({
  question: "q",
  today: "2026-11-30",
  companies: [
    { kind: "company", ticker: "AAPL", name: "Apple Inc.", span: null, confidence: 1 },
    { kind: "peers", of: { ticker: "TSN", name: "Tyson Foods, Inc." }, span: null, confidence: 1 },
    { kind: "sector", sector: "Energy", span: null, confidence: 0.9 },
    { kind: "industry", industry: "Semiconductors", span: null, confidence: 1 },
    { kind: "all", span: null },
  ],
  metrics: [],
  dates: { expression: null, start: null, end: null, latest: true, granularity: "any", fiscal: null, count: null },
  intent: "rank",
  unrecognized: [],
  suggestions: [],
  agent: "test",
});

describe("the request's companies", () => {
  it("reads a request from an older agent: no groups, no rank or screen (null)", () => {
    expect(request).toMatchObject({ rank: null, screen: null, document: null });
  });

  it("splits companies named one by one from groups", () => {
    expect(singleCompanies(request).map((c) => c.ticker)).toEqual(["AAPL"]);
    expect(companyGroups(request).map(describeGroup)).toEqual([
      "Peers of Tyson Foods",
      "Energy sector",
      "Semiconductors industry",
      "All companies",
    ]);
  });

  it("rejects an unknown kind, a peers entry without its company and a bad rank", () => {
    const bad = (patch: object) => structuredDataRequestSchema.safeParse({ ...request, ...patch }).success;
    expect(bad({ companies: [{ kind: "country", country: "US", span: null }] })).toBe(false);
    expect(bad({ companies: [{ kind: "peers", span: null, confidence: 1 }] })).toBe(false);
    expect(bad({ rank: { n: 0, order: "desc" } })).toBe(false);
    expect(bad({ screen: { metricKey: "revenue", op: "!=", value: "1" } })).toBe(false);
    expect(bad({ rank: { n: 5, order: "asc" }, screen: { metricKey: "revenue", op: ">=", value: "$1B" } })).toBe(true);
  });
});
