// Long computations of a slice take turns with the rest of the process: PGlite, every other request and
// every stream share the one event loop, so a loop that runs for a while pauses (setImmediate, after
// pending I/O and timers) once it has run `everyMs` since its last pause.
// watchEventLoop measures it (tests and `npm run bench -- --slices-only`).
import { monitorEventLoopDelay } from "node:perf_hooks";

export class EventLoopTurns {
  private last = performance.now();

  constructor(private readonly everyMs: number) {}

  /** Pauses when the work has run `everyMs` since the last pause; otherwise resolves without one. */
  async take(): Promise<void> {
    if (performance.now() - this.last < this.everyMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}

export interface LoopHold {
  /** The longest wall-clock stretch between two turns of the loop (what another request waited), ms. */
  wallMs: number;
  /** The most CPU the process used between two turns, ms: the same stretch without the time other processes of a
   * shared machine took, so it does not grow with the machine's load. */
  cpuMs: number;
  /** perf_hooks' monitorEventLoopDelay maximum over the same time, ms. */
  histogramMaxMs: number;
}

/** Watches how long the event loop goes without a turn (a 1 ms timer) until `stop` is called. */
export function watchEventLoop(): { stop(): LoopHold } {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const hold = { wallMs: 0, cpuMs: 0 };
  let wall = performance.now();
  let cpu = process.cpuUsage();
  const turn = () => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    hold.wallMs = Math.max(hold.wallMs, now - wall);
    hold.cpuMs = Math.max(hold.cpuMs, (used.user + used.system) / 1000);
    wall = now;
    cpu = process.cpuUsage();
  };
  const timer = setInterval(turn, 1);
  return {
    stop() {
      turn(); // the stretch that ends with the watched work
      clearInterval(timer);
      histogram.disable();
      return { ...hold, histogramMaxMs: histogram.max / 1e6 };
    },
  };
}
