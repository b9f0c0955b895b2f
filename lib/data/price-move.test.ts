// The move analysis on the committed seed, on each engine: the return and the mover days recomputed here
// from the seed's own CSV (an independent reading), and the market average of the other stocks.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/core/decimal";
import { testBackends } from "@/test/db";
import { sliceDatabase, sliceRequest } from "@/test/data";

/** yfinance adjusted closes of the seed: ticker → date → close. */
function seedCloses(): Map<string, Map<string, string>> {
  const text = gunzipSync(readFileSync("prisma/seed/daily_prices.csv.gz")).toString("utf8");
  const closes = new Map<string, Map<string, string>>();
  for (const line of text.split("\n").slice(1)) {
    const [ticker, source, date, , , , , adjClose] = line.split(",");
    if (source !== "yfinance" || !ticker || !date || !adjClose) continue;
    if (date < "2024-01-01" || date > "2024-02-29") continue;
    if (!closes.has(ticker)) closes.set(ticker, new Map());
    closes.get(ticker)?.set(date, adjClose);
  }
  return closes;
}

const ret = (from: string, to: string) => new Decimal(to).dividedBy(from).minus(1);

describe.each(testBackends())("readPriceMove on $name", (backend) => {
  const { slice } = sliceDatabase(backend);
  const seed = seedCloses();

  it("Microsoft in late January 2024: return from the close before the window, movers, market average", async () => {
    const request = sliceRequest(
      ["MSFT"],
      [],
      { start: "2024-01-21", end: "2024-01-31", expression: "late January 2024" },
      "2026-11-30",
      {
        intent: "move",
        question: "Why did Microsoft jump in late January 2024?",
      },
    );
    const move = (await slice(request)).move;
    expect(move).toBeTruthy();
    if (!move) return;
    const msft = seed.get("MSFT")!;
    expect(move.window).toMatchObject({ from: "2024-01-21", to: "2024-01-31", basis: "late January 2024" });
    expect(move.source).toBe("yfinance");
    // The base is the last trading day before the window: Friday 19 January.
    expect(move.closes[0]).toEqual({ date: "2024-01-19", close: new Decimal(msft.get("2024-01-19")!).toString() });
    expect(move.closes.at(-1)?.date).toBe("2024-01-31");
    expect(move.days).toHaveLength(move.closes.length - 1);
    expect(
      new Decimal(move.change).equals(ret(msft.get("2024-01-19")!, msft.get("2024-01-31")!).toSignificantDigits(20)),
    ).toBe(true);

    // Movers: the three largest absolute daily returns, largest first.
    const sizes = move.days.map((d) => new Decimal(d.change).abs());
    const largest = [...sizes].sort((a, b) => b.comparedTo(a)).slice(0, 3);
    expect(move.movers.map((d) => new Decimal(d.change).abs().toString())).toEqual(largest.map((d) => d.toString()));

    // The market figure of the first mover day: the mean of every other seed stock's return that day.
    const day = move.movers[0]!;
    const before = move.closes[move.closes.findIndex((c) => c.date === day.date) - 1]!.date;
    const others = [...seed].filter(([t, c]) => t !== "MSFT" && c.has(before) && c.has(day.date));
    expect(others.length).toBeGreaterThan(10);
    const expected = others
      .reduce((sum, [, c]) => sum.plus(ret(c.get(before)!, c.get(day.date)!)), new Decimal(0))
      .dividedBy(others.length);
    expect(new Decimal(day.market!).minus(expected).abs().lessThan("1e-15")).toBe(true);
    expect(move.market.companies).toBe(others.length);
  });

  it("an earnings reaction reads the weeks after the quarter, and no company means no move", async () => {
    const results = await slice(
      sliceRequest(
        ["NFLX"],
        [],
        { start: "2023-10-01", end: "2023-12-31", granularity: "quarterly", expression: "Q4 2023" },
        "2026-11-30",
        {
          intent: "move",
          question: "How did the market react to Netflix's Q4 2023 results?",
        },
      ),
    );
    expect(results.move?.window).toMatchObject({ from: "2024-01-01", to: "2024-02-14" });
    expect(results.move?.closes[0]?.date).toBe("2023-12-29");
    const none = await slice(sliceRequest([], [], {}, "2026-11-30", { intent: "move", question: "Why did it jump?" }));
    expect(none.move).toBeNull();
  });
});
