// npm start's server processes: node:cluster forks `count` processes that each run Next's production
// server (`next start`) on the one shared port, the primary handing them connections in turn. The first
// process runs the background work that writes (FINGROUND_BACKGROUND_WORK), every one warms its own
// memory. A process that dies is replaced, a bounded number of times; SIGTERM/SIGINT stops them all.
import cluster, { type Worker } from "node:cluster";
import { NEXT_CLI } from "./build-if-stale";

/** More crashes than this within RESTART_WINDOW_MS stop the whole server: something is wrong at start. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** Each server process ends itself 5 s after the signal (lib/core/shutdown.ts); this is the backstop. */
const STOP_DEADLINE_MS = 7_000;

const SIGNAL_EXIT_CODES = { SIGTERM: 143, SIGINT: 130 } as const;

export function runServerProcesses(count: number, nextArgs: readonly string[], env: NodeJS.ProcessEnv): void {
  // execArgv: the primary runs under tsx, Next's CLI needs none of its loaders.
  cluster.setupPrimary({ exec: NEXT_CLI, args: ["start", ...nextArgs], execArgv: [] });
  const slots = new Map<Worker, number>();
  const restarts: number[] = [];
  /** Set once the server stops: the code this process exits with when its last server process is gone. */
  let stoppingWith: number | null = null;

  const fork = (slot: number) => {
    const background = slot === 0 ? (env.FINGROUND_BACKGROUND_WORK ?? "on") : "off";
    slots.set(cluster.fork({ ...env, FINGROUND_BACKGROUND_WORK: background }), slot);
  };

  const stop = (signal: NodeJS.Signals, exitCode: number) => {
    if (stoppingWith !== null) return;
    stoppingWith = exitCode;
    for (const worker of slots.keys()) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of slots.keys()) worker.process.kill("SIGKILL");
      process.exit(exitCode);
    }, STOP_DEADLINE_MS).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    const slot = slots.get(worker)!;
    slots.delete(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stoppingWith === null) {
      const now = Date.now();
      restarts.push(now);
      while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length <= MAX_RESTARTS) {
        console.error(`FinGround server process ${slot + 1} exited (${how}); starting another`);
        fork(slot);
        return;
      }
      console.error(
        `FinGround server process ${slot + 1} exited (${how}), the ${restarts.length}th within a minute: stopping`,
      );
      stop("SIGTERM", 1);
    }
    if (slots.size === 0) process.exit(stoppingWith!);
  });
  for (const [signal, exitCode] of Object.entries(SIGNAL_EXIT_CODES))
    process.on(signal, () => stop(signal as NodeJS.Signals, exitCode));
  for (let slot = 0; slot < count; slot++) fork(slot);
}
