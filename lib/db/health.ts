// What /api/health reports of the database, without making the caller wait for it: the last probe's outcome
// (what it read: the engine and a count of companies), refreshed in the background once it is older than PROBE_EVERY_MS. Under load the
// database's queue (PGlite runs one query at a time) can hold a probe for seconds; the health check answers from
// what it knows at once, and calls the database unavailable only when a probe failed or has hung for
// HUNG_AFTER_MS.
export type DatabaseHealth<T> =
  | { state: "ok"; value: T; checkedAt: number }
  | { state: "starting" }
  | { state: "failed"; error: unknown }
  | { state: "hung"; sinceMs: number };

const PROBE_EVERY_MS = 2_000;
const HUNG_AFTER_MS = 10_000;

export class HealthProbe<T> {
  private last: { value: T; at: number } | { error: unknown; at: number } | null = null;
  private inFlightSince: number | null = null;

  constructor(
    private readonly probe: () => Promise<T>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The database's health as last seen; starts a probe when none is under way and the last is old. */
  current(): DatabaseHealth<T> {
    const now = this.now();
    if (this.inFlightSince === null && (this.last === null || now - this.last.at >= PROBE_EVERY_MS)) this.start(now);
    if (this.inFlightSince !== null && now - this.inFlightSince >= HUNG_AFTER_MS)
      return { state: "hung", sinceMs: now - this.inFlightSince };
    if (this.last === null) return { state: "starting" };
    if ("error" in this.last) return { state: "failed", error: this.last.error };
    return { state: "ok", value: this.last.value, checkedAt: this.last.at };
  }

  private start(now: number): void {
    this.inFlightSince = now;
    this.probe().then(
      (value) => {
        this.last = { value, at: this.now() };
        this.inFlightSince = null;
      },
      (error: unknown) => {
        this.last = { error, at: this.now() };
        this.inFlightSince = null;
      },
    );
  }
}
