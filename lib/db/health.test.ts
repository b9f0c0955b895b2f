// The health probe answers from what it last saw, whatever the database is doing: a probe held in the database's
// queue never holds the health check (the caller gets its answer without awaiting anything), a probe that hangs is
// reported after its limit, and a failure is reported until a probe succeeds again. The clock is the test's.
import { describe, expect, it } from "vitest";
import { HealthProbe } from "./health";

function controllableProbe() {
  const calls: { resolve: (n: number) => void; reject: (e: unknown) => void }[] = [];
  const probe = () =>
    new Promise<number>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { probe, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("HealthProbe", () => {
  it("says it is starting until its first probe answers, then reports that answer", async () => {
    const { probe, calls } = controllableProbe();
    const now = 0;
    const health = new HealthProbe(probe, () => now);
    expect(health.current()).toEqual({ state: "starting" });
    expect(health.current()).toEqual({ state: "starting" });
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(44);
    await settle();
    expect(health.current()).toEqual({ state: "ok", value: 44, checkedAt: 0 });
  });

  it("answers from the last probe while the next one waits in the database, and calls a long wait hung", async () => {
    const { probe, calls } = controllableProbe();
    let now = 0;
    const health = new HealthProbe(probe, () => now);
    health.current();
    calls[0]!.resolve(44);
    await settle();
    now = 5_000;
    // The last answer is old: a new probe starts, and the caller is answered from the last one meanwhile.
    expect(health.current()).toMatchObject({ state: "ok", value: 44 });
    expect(calls).toHaveLength(2);
    now = 14_999;
    expect(health.current()).toMatchObject({ state: "ok" });
    now = 15_000;
    expect(health.current()).toEqual({ state: "hung", sinceMs: 10_000 });
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(45);
    await settle();
    expect(health.current()).toMatchObject({ state: "ok", value: 45 });
  });

  it("reports a failed probe until one succeeds", async () => {
    const { probe, calls } = controllableProbe();
    let now = 0;
    const health = new HealthProbe(probe, () => now);
    health.current();
    const error = new Error("connection refused");
    calls[0]!.reject(error);
    await settle();
    expect(health.current()).toEqual({ state: "failed", error });
    now = 2_000;
    health.current();
    calls[1]!.resolve(44);
    await settle();
    expect(health.current()).toMatchObject({ state: "ok", value: 44 });
  });
});
