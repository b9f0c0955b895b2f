// The batch CLI as a process: one JSON line out per line in, errors in place, same JSON as the endpoint.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { singleCompanies, structuredDataRequestSchema } from "@/lib/agent/schema";

describe("npm run agent", () => {
  it("turns each line of stdin into a request line, and a blank line into an error line", () => {
    const input = ["What was Apple's revenue in fiscal 2023?", "", "aapl vs msft eps"].join("\n");
    const result = spawnSync("npx", ["tsx", "scripts/agent.ts", "--today", "2026-11-30"], {
      input,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toHaveLength(3);
    const first = structuredDataRequestSchema.parse(lines[0]);
    expect(first).toMatchObject({ today: "2026-11-30", dates: { expression: "fiscal 2023" } });
    expect(first.metrics[0]).toMatchObject({ key: "revenue", name: "Revenue" });
    expect(first.metrics[0]!.related.length).toBeGreaterThan(0);
    expect(lines[1]).toEqual({ error: { code: "INVALID_QUERY", message: "query is empty" } });
    expect(singleCompanies(structuredDataRequestSchema.parse(lines[2])).map((c) => c.ticker)).toEqual(["AAPL", "MSFT"]);
  });

  it("refuses a malformed --today", () => {
    const result = spawnSync("npx", ["tsx", "scripts/agent.ts", "--today", "yesterday"], {
      input: "",
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--today must be a date as YYYY-MM-DD");
  });
});
