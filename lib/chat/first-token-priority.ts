// Questions still waiting for their first words go first. Every chat shares one event loop (and, on
// PGlite, one query queue), so work nobody is waiting for yet (the news paragraph after an answer's
// first words, storing a finished answer) waits while any question is before its first token, at most
// MAX_DEFERRAL_MS, so it always gets its turn.
const MAX_DEFERRAL_MS = 1_000;

let awaitingFirstToken = 0;
let waiters: Array<() => void> = [];

/** Counts one question as waiting for its first token; the returned function ends that (idempotent). */
export function awaitFirstToken(): () => void {
  awaitingFirstToken++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    awaitingFirstToken--;
    // On the next turn of the event loop: the first words just written still pass through the response's
    // stream stages as promise callbacks, and deferred work woken now (a news search's SQL) would run first.
    if (awaitingFirstToken === 0) setImmediate(wakeIfNoneWaits);
  };
}

function wakeIfNoneWaits(): void {
  if (awaitingFirstToken > 0) return; // a question arrived meanwhile: the work waits for its first words too
  const ready = waiters;
  waiters = [];
  for (const wake of ready) wake();
}

/** Resolves once no question waits for its first token (at once when none does), or after MAX_DEFERRAL_MS. */
export function afterFirstTokens(): Promise<void> {
  if (awaitingFirstToken === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(wake, MAX_DEFERRAL_MS);
    function wake(): void {
      clearTimeout(timer);
      resolve();
    }
    waiters.push(wake);
  });
}
