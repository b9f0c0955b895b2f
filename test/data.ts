// For the Data Module's tests: Structured Data Requests built by hand, so each test shows only the
// companies, metrics and dates it is about (the agent is tested on its own), and a database per
// engine to build slices on.
import { afterAll, beforeAll } from "vitest";
import {
  structuredDataRequestSchema,
  type CompanyEntry,
  type DateRange,
  type StructuredDataRequest,
} from "@/lib/agent/schema";
import type { Database } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { TestBackend, TestDatabase } from "./db";
import { buildSlice } from "@/lib/data/build-slice";
import type { DataSlice } from "@/lib/data/types";

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
    companies: companies.map((c) =>
      typeof c === "string" ? { kind: "company", ticker: c, name: c, span: null, confidence: 1 } : c,
    ),
    metrics: metricKeys.map((key) => ({ key, name: key, span: null, confidence: 1, related: [] })),
    dates: {
      expression: null,
      start: null,
      end: null,
      latest: false,
      granularity: "any",
      fiscal: null,
      count: null,
      ...dates,
    },
    intent: "lookup",
    unrecognized: [],
    suggestions: [],
    agent: "test",
    ...extra,
  });
}

/**
 * Inside a `describe.each(testBackends())`: opens the backend's database before its tests (a copy of
 * the seeded one, then whatever `addData` writes; with `seed: false` an empty one that `addData`
 * prepares) and disposes of it after. Returns the database and buildSlice on it, for use inside the tests.
 */
export function sliceDatabase(
  backend: TestBackend,
  addData: (db: Database) => Promise<unknown> = async () => {},
  { seed = true } = {},
): { prisma: () => PrismaClient; slice: (request: StructuredDataRequest) => Promise<DataSlice> } {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await (seed ? backend.openSeeded() : backend.open());
    await addData(test.db);
  });
  afterAll(async () => {
    await test?.dispose();
  });
  const prisma = () => {
    if (!test) throw new Error("the test database is not open yet");
    return test.db.prisma;
  };
  return { prisma, slice: (request) => buildSlice(prisma(), request) };
}
