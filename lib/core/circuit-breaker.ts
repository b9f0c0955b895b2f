// A circuit breaker for a remote service: after `failuresToOpen` failures in a row it opens for a cool-down, during
// which callers skip the service at once instead of each waiting for its timeout; then one call is let through to
// try it again (half-open), and its outcome closes or reopens the circuit. Used for Elasticsearch and the LLM.
export type CircuitState = "closed" | "open" | "half-open";

export class CircuitBreaker {
  private openUntil: number | null = null;
  private trialRunning = false;
  private failuresInARow = 0;

  constructor(
    readonly coolDownMs: number,
    private readonly now: () => number = Date.now,
    private readonly failuresToOpen = 1,
  ) {}

  get state(): CircuitState {
    if (this.openUntil === null) return "closed";
    return this.now() < this.openUntil ? "open" : "half-open";
  }

  /** How long until a call is let through again, in ms (0 unless open). */
  get remainingMs(): number {
    return this.openUntil === null ? 0 : Math.max(0, this.openUntil - this.now());
  }

  /** Whether a call may go to the service now; in half-open state only one call at a time does. */
  allows(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.trialRunning) return false;
    this.trialRunning = true;
    return true;
  }

  succeeded(): void {
    this.openUntil = null;
    this.trialRunning = false;
    this.failuresInARow = 0;
  }

  failed(): void {
    this.failuresInARow += 1;
    // A failed trial reopens at once; a closed circuit opens after enough failures in a row.
    if (this.openUntil !== null || this.failuresInARow >= this.failuresToOpen)
      this.openUntil = this.now() + this.coolDownMs;
    this.trialRunning = false;
  }
}
