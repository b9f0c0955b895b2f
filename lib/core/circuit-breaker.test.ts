import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "@/lib/core/circuit-breaker";

describe("circuit breaker", () => {
  it("opens on a failure, skips calls for the cool-down, then lets one trial through", () => {
    let now = 1_000;
    const breaker = new CircuitBreaker(30_000, () => now);
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    expect(breaker.state).toBe("open");
    now += 29_999;
    expect(breaker.allows()).toBe(false);
    now += 1;
    expect(breaker.state).toBe("half-open");
    expect(breaker.allows()).toBe(true);
    // While the trial runs, others still skip the service.
    expect(breaker.allows()).toBe(false);
    breaker.failed();
    expect(breaker.state).toBe("open");
    now += 30_000;
    expect(breaker.allows()).toBe(true);
    breaker.succeeded();
    expect(breaker.state).toBe("closed");
    expect([breaker.allows(), breaker.allows()]).toEqual([true, true]);
  });

  it("opens only after the failures in a row it is given, and a success starts the count again", () => {
    let now = 0;
    const breaker = new CircuitBreaker(60_000, () => now, 2);
    breaker.failed();
    expect(breaker.state).toBe("closed");
    breaker.succeeded();
    breaker.failed();
    expect(breaker.state).toBe("closed");
    breaker.failed();
    expect([breaker.state, breaker.remainingMs]).toEqual(["open", 60_000]);
    now += 60_000;
    expect(breaker.allows()).toBe(true);
    // A failed trial reopens at once, without waiting for another failure.
    breaker.failed();
    expect(breaker.state).toBe("open");
  });
});
