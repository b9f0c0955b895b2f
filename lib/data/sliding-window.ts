// Exact statistics over a window that slides one value at a time (a rolling 252-day volatility, a
// 52-week high): adding the newest value and dropping the oldest costs O(1) amortized, so a series of
// n days costs O(n), not O(n × window). Sums are kept as scaled integers, so they never round.
import { Decimal } from "@/lib/core/decimal";
import type { WindowFunction } from "@/lib/catalog/formulas";

export class SlidingWindow {
  /** Every value pushed, oldest first; `head` is the oldest still inside the window. */
  private readonly values: Decimal[] = [];
  private head = 0;
  /** Decimal places of the scaled sums: the most any value pushed has. */
  private scale = 0;
  private sum = 0n;
  private sumOfSquares = 0n;
  /** Indices into `values` whose values decrease (max) or increase (min) from front to back. */
  private readonly maxQueue: number[] = [];
  private readonly minQueue: number[] = [];

  get size(): number {
    return this.values.length - this.head;
  }

  push(value: Decimal): void {
    const places = value.decimalPlaces();
    if (places > this.scale) {
      const factor = 10n ** BigInt(places - this.scale);
      this.sum *= factor;
      this.sumOfSquares *= factor * factor;
      this.scale = places;
    }
    const scaled = this.scaled(value);
    this.sum += scaled;
    this.sumOfSquares += scaled * scaled;
    const index = this.values.push(value) - 1;
    enqueue(this.maxQueue, index, (i) => this.values[i]!.lte(value));
    enqueue(this.minQueue, index, (i) => this.values[i]!.gte(value));
  }

  /** Drops the oldest value. */
  shift(): void {
    if (this.size === 0) return;
    const scaled = this.scaled(this.values[this.head]!);
    this.sum -= scaled;
    this.sumOfSquares -= scaled * scaled;
    if (this.maxQueue[0] === this.head) this.maxQueue.shift();
    if (this.minQueue[0] === this.head) this.minQueue.shift();
    this.head++;
  }

  /** The window's max, min, mean or sample standard deviation (n − 1); undefined when it is too small for it. */
  aggregate(fn: WindowFunction): Decimal | undefined {
    const n = this.size;
    if (n === 0) return undefined;
    switch (fn) {
      case "max":
        return this.values[this.maxQueue[0]!]!;
      case "min":
        return this.values[this.minQueue[0]!]!;
      case "mean":
        return fromScaled(this.sum, this.scale).dividedBy(n);
      case "stdev": {
        if (n < 2) return undefined;
        // Σ(x − mean)² = (n·Σx² − (Σx)²) / n, exact in integers; only the division and the root round.
        const count = BigInt(n);
        const spread = count * this.sumOfSquares - this.sum * this.sum;
        return fromScaled(spread, 2 * this.scale)
          .dividedBy(n * (n - 1))
          .sqrt();
      }
    }
  }

  private scaled(value: Decimal): bigint {
    return BigInt(value.toFixed(this.scale).replace(".", ""));
  }
}

/** Appends `index` after dropping the queued indices it supersedes. */
function enqueue(queue: number[], index: number, superseded: (queued: number) => boolean): void {
  while (queue.length > 0 && superseded(queue[queue.length - 1]!)) queue.pop();
  queue.push(index);
}

function fromScaled(value: bigint, scale: number): Decimal {
  // The constructor does not round: the integer's digits stay exact.
  return new Decimal(`${value}e-${scale}`);
}
