// Better Auth's start-up log on a local run (no public origin): quiet about the base URL it takes from
// each request, but still passing on everything else it has to say.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { testBackends, type TestDatabase } from "@/test/db";
import { createAuth } from "./auth";

describe.each(testBackends())("Better Auth's log on $name", (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await backend.open();
    await migrate(test.db);
  });
  afterAll(async () => {
    await test?.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const secret = randomBytes(32).toString("base64url");
  const printed = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => call.map(String).join(" "));

  it("without BETTER_AUTH_URL says nothing about the base URL, and still passes other warnings on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const context = await createAuth(test.db.prisma, { secret }).$context;
    expect(printed(warn).filter((line) => line.includes("Base URL"))).toEqual([]);
    context.logger.warn("something the operator must know");
    expect(printed(warn)).toContain("[better-auth] something the operator must know");
  });
});
