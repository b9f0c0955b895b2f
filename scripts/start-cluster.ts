// npm start's server processes: node:cluster forks `count` processes that each run Next's production
// server (`next start`) on the one shared port, the primary handing them connections in turn. The first
// process runs the background work that writes (FINGROUND_BACKGROUND_WORK), every one warms its own
// memory. A process that dies is replaced, a bounded number of times; SIGTERM/SIGINT stops them all.
// On the embedded database the primary holds PGlite and serves it to the server processes
// (lib/db/pglite-wire.ts); it closes it once they have stopped.
import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { type FirstTokenSignal, isFirstTokenSignal } from "@/lib/core/first-token-priority";
import { openEmbeddedPglite } from "@/lib/db/embedded";
import { isDatabasePrepared, servePgliteOverSocket } from "@/lib/db/pglite-wire";
import { NEXT_CLI } from "./build-if-stale";

/** More crashes than this within RESTART_WINDOW_MS stop the whole server: something is wrong at start. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** Each server process ends itself 4 s after the signal (lib/core/shutdown.ts); this is the backstop, leaving the
 * primary half a second of the promised 5 s to close the embedded database. */
const STOP_DEADLINE_MS = 4_500;

const SIGNAL_EXIT_CODES = { SIGTERM: 143, SIGINT: 130 } as const;

/** Appends each connection's peer to X-Forwarded-For before Next.js reads it (lib/auth/client-address.ts). */
const PEER_ADDRESS_HOOK = fileURLToPath(new URL("./peer-address.cjs", import.meta.url));
/** After the signal, closes each connection as its answer ends, so a stopping process need not wait for the deadline. */
const CLOSE_IDLE_HOOK = fileURLToPath(new URL("./close-idle-on-stop.cjs", import.meta.url));

/** The embedded database this primary serves: where server processes connect, and how to stop serving and close it. */
export interface ServedDatabase {
  dataDir: string;
  url: string;
  close(): Promise<void>;
}

/** Opens the PGlite folder (locked to this process) and serves it; the server processes connect to `url`. */
export async function serveEmbeddedDatabase(dataDir: string): Promise<ServedDatabase> {
  const embedded = await openEmbeddedPglite(dataDir);
  const served = await servePgliteOverSocket(embedded.pglite).catch(async (error: unknown) => {
    await embedded.close();
    throw error;
  });
  return {
    dataDir,
    url: served.url,
    async close() {
      await served.close();
      await embedded.close();
    },
  };
}

/** Runs `count` server processes; with `database`, they use the PGlite this process serves, and start one after
 * the other's preparing (the first prepares, then the rest start). */
export function runServerProcesses(
  count: number,
  nextArgs: readonly string[],
  env: NodeJS.ProcessEnv,
  database: ServedDatabase | null = null,
): void {
  // execArgv: the primary runs under tsx, Next's CLI needs none of its loaders; CPU-profile flags given to the
  // primary's node (the bench's --server-cpu-profile; NODE_OPTIONS may not hold them) reach every server process.
  // Every process loads the peer-address and close-idle hooks before Next.js starts its server.
  const execArgv = [
    ...process.execArgv.filter((arg) => arg.startsWith("--cpu-prof")),
    ...["--require", PEER_ADDRESS_HOOK, "--require", CLOSE_IDLE_HOOK],
  ];
  cluster.setupPrimary({ exec: NEXT_CLI, args: ["start", ...nextArgs], execArgv });
  const slots = new Map<Worker, number>();
  const restarts: number[] = [];
  /** Set once the server stops: the code this process exits with when its last server process is gone. */
  let stoppingWith: number | null = null;

  const serverEnv = database
    ? { ...env, DATABASE_URL: database.url, FINGROUND_SERVED_PGLITE_DIR: database.dataDir }
    : env;
  const fork = (slot: number) => {
    const background = slot === 0 ? (env.FINGROUND_BACKGROUND_WORK ?? "on") : "off";
    slots.set(cluster.fork({ ...serverEnv, FINGROUND_BACKGROUND_WORK: background }), slot);
  };
  let exiting = false;
  const exit = (code: number) => {
    if (!database) process.exit(code);
    if (exiting) return; // the deadline and the last process's exit may both get here
    exiting = true;
    database.close().then(
      () => process.exit(code),
      (error: unknown) => {
        console.error(`FinGround embedded database did not close cleanly: ${(error as Error).message}`);
        process.exit(code || 1);
      },
    );
  };

  const stop = (signal: NodeJS.Signals, exitCode: number) => {
    if (stoppingWith !== null) return;
    stoppingWith = exitCode;
    for (const worker of slots.keys()) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of slots.keys()) worker.process.kill("SIGKILL");
      exit(exitCode);
    }, STOP_DEADLINE_MS).unref();
  };

  relayFirstTokenSignals();

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
    if (slots.size === 0) exit(stoppingWith!);
  });
  for (const [signal, exitCode] of Object.entries(SIGNAL_EXIT_CODES))
    process.on(signal, () => stop(signal as NodeJS.Signals, exitCode));
  if (!database) {
    for (let slot = 0; slot < count; slot++) fork(slot);
    return;
  }
  // From the first process, or from its replacement if it died before it had prepared.
  let restStarted = false;
  cluster.on("message", (_worker, message: unknown) => {
    if (!isDatabasePrepared(message) || restStarted) return;
    restStarted = true;
    if (stoppingWith === null) for (let slot = 1; slot < count; slot++) fork(slot);
  });
  fork(0);
}

/** A server process's questions waiting for their first words hold the others' deferrable work too: they share
 * the cores (lib/core/first-token-priority.ts). The primary passes each signal on; a process that exits stops
 * holding it. */
export function relayFirstTokenSignals(): void {
  const waitingIn = new Map<Worker, Set<string>>();
  const relay = (from: Worker, signal: FirstTokenSignal) => {
    for (const other of Object.values(cluster.workers ?? {}))
      if (other && other !== from && other.isConnected()) other.send(signal);
  };
  cluster.on("message", (worker, message: unknown) => {
    if (!isFirstTokenSignal(message)) return;
    const waiting = waitingIn.get(worker) ?? new Set<string>();
    waitingIn.set(worker, waiting);
    if (message.waiting) waiting.add(message.firstTokensOf);
    else waiting.delete(message.firstTokensOf);
    relay(worker, message);
  });
  cluster.on("exit", (worker) => {
    for (const firstTokensOf of waitingIn.get(worker) ?? []) relay(worker, { firstTokensOf, waiting: false });
    waitingIn.delete(worker);
  });
}
