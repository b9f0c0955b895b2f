// Questions still waiting for their first words go first. Every chat shares one event loop (and, on
// PGlite, one query queue), so work nobody is waiting for yet (the rest of an answer after its first
// words, the analyst's news paragraph, storing a finished answer) waits while any question is before its
// first token, at most MAX_DEFERRAL_MS, so it always gets its turn. npm start's server processes share the
// cores too: each tells the others (through the cluster primary) when it starts and stops having questions
// waiting, and their deferrable work waits for those as well.
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { z } from "zod";

const MAX_DEFERRAL_MS = 1_000;

let awaitingFirstToken = 0;
let waiters: Array<() => void> = [];

/** The message a server process sends when its questions start (`waiting`) or stop waiting for first words. */
const firstTokenSignalSchema = z.object({ firstTokensOf: z.string(), waiting: z.boolean() });
export type FirstTokenSignal = z.infer<typeof firstTokenSignalSchema>;

export function isFirstTokenSignal(message: unknown): message is FirstTokenSignal {
  return firstTokenSignalSchema.safeParse(message).success;
}

/** This copy of the module (a process may load it in more than one bundle), as the others know it. */
const SELF = `${process.pid}:${randomUUID()}`;
const othersWaiting = new Set<string>();
const isServerProcess = cluster.isWorker;

if (isServerProcess)
  process.on("message", (message: unknown) => {
    const signal = firstTokenSignalSchema.safeParse(message);
    if (!signal.success || signal.data.firstTokensOf === SELF) return;
    if (signal.data.waiting) othersWaiting.add(signal.data.firstTokensOf);
    else if (othersWaiting.delete(signal.data.firstTokensOf)) setImmediate(wakeIfNoneWaits);
  });

function tellOtherProcesses(waiting: boolean): void {
  if (isServerProcess && process.connected) process.send?.({ firstTokensOf: SELF, waiting } satisfies FirstTokenSignal);
}

function anyQuestionWaits(): boolean {
  return awaitingFirstToken > 0 || othersWaiting.size > 0;
}

/** Counts one question as waiting for its first token; the returned function ends that (idempotent). */
export function awaitFirstToken(): () => void {
  if (awaitingFirstToken++ === 0) tellOtherProcesses(true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--awaitingFirstToken > 0) return;
    tellOtherProcesses(false);
    // On the next turn of the event loop: the first words just written still pass through the response's
    // stream stages as promise callbacks, and deferred work woken now (a news search's SQL) would run first.
    setImmediate(wakeIfNoneWaits);
  };
}

function wakeIfNoneWaits(): void {
  if (anyQuestionWaits()) return; // a question arrived meanwhile: the work waits for its first words too
  const ready = waiters;
  waiters = [];
  for (const wake of ready) wake();
}

/** Resolves once no question waits for its first token (at once when none does), or after `maxMs`. */
export function afterFirstTokens(maxMs = MAX_DEFERRAL_MS): Promise<void> {
  if (!anyQuestionWaits()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(wake, maxMs);
    function wake(): void {
      clearTimeout(timer);
      resolve();
    }
    waiters.push(wake);
  });
}

/** For the words of one answer after its first: each call, after words were written, yields one turn of the event
 * loop (they pass the response's stream stages as promise callbacks; new requests are read meanwhile), then waits
 * while a question is before its first words, in all at most MAX_DEFERRAL_MS per answer: a steady stream of new
 * questions delays an answer's rest by a second at most, however many deltas it has. */
export function answerPacer(): () => Promise<void> {
  let deferredMs = 0;
  return async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (deferredMs >= MAX_DEFERRAL_MS || !anyQuestionWaits()) return;
    const started = performance.now();
    await afterFirstTokens(MAX_DEFERRAL_MS - deferredMs);
    deferredMs += performance.now() - started;
  };
}
