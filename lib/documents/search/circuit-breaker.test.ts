import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "@/lib/documents/search/circuit-breaker";

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
});
