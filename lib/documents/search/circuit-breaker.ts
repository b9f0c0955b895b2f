// A circuit breaker for a remote service: after a failure it opens for a cool-down, during which
// callers skip the service at once instead of each waiting for its timeout; then one call is let
// through to try it again (half-open), and its outcome closes or reopens the circuit.
export type CircuitState = "closed" | "open" | "half-open";

export class CircuitBreaker {
  private openUntil: number | null = null;
  private trialRunning = false;

  constructor(
    readonly coolDownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): CircuitState {
    if (this.openUntil === null) return "closed";
    return this.now() < this.openUntil ? "open" : "half-open";
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
  }

  failed(): void {
    this.openUntil = this.now() + this.coolDownMs;
    this.trialRunning = false;
  }
}
