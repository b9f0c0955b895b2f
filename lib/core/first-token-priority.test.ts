import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstTokens, answerPacer, awaitFirstToken } from "./first-token-priority";

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe("first-token priority", () => {
  afterEach(() => vi.useRealTimers());

  it("lets deferrable work run at once while no question waits for its first words", async () => {
    vi.useFakeTimers();
    expect(await settled(afterFirstTokens())).toBe(true);
  });

  it("holds deferrable work until every waiting question has its first words", async () => {
    vi.useFakeTimers();
    const first = awaitFirstToken();
    const second = awaitFirstToken();
    const work = afterFirstTokens();
    expect(await settled(work)).toBe(false);
    first();
    first(); // a second release of the same question counts once
    expect(await settled(work)).toBe(false);
    second();
    expect(await settled(work)).toBe(true);
  });

  it("never holds it longer than a second, so it always gets its turn", async () => {
    vi.useFakeTimers();
    const stuck = awaitFirstToken();
    const work = afterFirstTokens();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(work)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(work)).toBe(true);
    stuck();
  });

  it("wakes it only after the promise callbacks already queued, where the first words travel to the socket", async () => {
    const shown = awaitFirstToken();
    const order: string[] = [];
    const work = afterFirstTokens().then(() => order.push("deferred work"));
    shown();
    let hops: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 50; i++) hops = hops.then(() => undefined);
    void hops.then(() => order.push("first words written"));
    await work;
    expect(order).toEqual(["first words written", "deferred work"]);
  });

  it("keeps it waiting when another question arrives before it was woken", async () => {
    vi.useFakeTimers();
    const first = awaitFirstToken();
    const work = afterFirstTokens();
    first();
    const next = awaitFirstToken();
    expect(await settled(work)).toBe(false);
    next();
    expect(await settled(work)).toBe(true);
  });

  it("holds the rest of one answer a second in all, however many deltas it has, while questions keep waiting", async () => {
    vi.useFakeTimers();
    const stuck = awaitFirstToken();
    const pace = answerPacer();
    const first = pace();
    await vi.advanceTimersByTimeAsync(600);
    expect(await settled(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(await settled(first)).toBe(true);
    // The second is spent: the next words only yield a turn of the event loop.
    expect(await settled(pace())).toBe(true);
    stuck();
  });
});
