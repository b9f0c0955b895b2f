import { describe, expect, it } from "vitest";
import { downsampleIndexes } from "./chart-data";

describe("downsampleIndexes", () => {
  it("keeps every point of a short line", () => {
    expect(downsampleIndexes([3, 1, 2], 500)).toEqual([0, 1, 2]);
  });

  it("keeps the first, the last and every extreme of a long line within the limit", () => {
    // A decade of daily values: a slow rise with one crash day and one spike day between bucket edges.
    const values = Array.from({ length: 2520 }, (_, i) => 100 + i / 10);
    values[1234] = 5;
    values[2001] = 900;
    const indexes = downsampleIndexes(values, 500);
    expect(indexes.length).toBeLessThanOrEqual(500);
    expect(indexes[0]).toBe(0);
    expect(indexes.at(-1)).toBe(2519);
    expect(indexes).toContain(1234);
    expect(indexes).toContain(2001);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    const drawn = indexes.map((i) => values[i]!);
    expect(Math.min(...drawn)).toBe(5);
    expect(Math.max(...drawn)).toBe(900);
  });

  it("never picks a value that cannot be drawn as an extreme", () => {
    const values = [1, Number.NaN, 2, 3, Number.NaN, 4, 5, 6, 7, 8];
    const indexes = downsampleIndexes(values, 6);
    expect(indexes.length).toBeLessThanOrEqual(6);
    expect(indexes.filter((i) => Number.isNaN(values[i]!))).toEqual([]);
  });
});
