"use strict";
// Loaded into every server process before Next.js (`node --require`, scripts/start-cluster.ts). On SIGTERM/SIGINT
// Next closes its server and exits once every connection has closed, but Node's server.close() ends only the
// connections idle at that moment: one whose answer is still streaming stays open, kept alive, after its answer
// ends, until the keep-alive timeout (5 s). So a server process stopped while answering never stopped on its own:
// lib/core/shutdown.ts's 4 s deadline ended it every time, answers long done. After the signal this closes each
// connection as soon as it is idle; one still answering is left to finish (closeIdleConnections skips it).
const http = require("node:http");

const INSTALLED = Symbol.for("finground.close-idle-on-stop");
/** Often enough that a finished answer's connection closes at once, next to the deadline's 4 s. */
const CLOSE_IDLE_EVERY_MS = 50;

if (!globalThis[INSTALLED]) {
  globalThis[INSTALLED] = true;
  const servers = new Set();
  let listening = false;
  let stopping = false;
  const closeIdle = () => {
    for (const server of servers) server.closeIdleConnections();
  };
  const stop = () => {
    if (stopping) return;
    stopping = true;
    closeIdle();
    // Unref'd: the process exits when Next is done (or at the deadline), not when this stops.
    setInterval(closeIdle, CLOSE_IDLE_EVERY_MS).unref();
  };
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitTrackingServers(event, ...args) {
    if (event === "listening") {
      // Installed as the server listens, just before Next's own handlers (a listener added earlier would keep
      // the signal from ending a process that is still starting).
      if (!listening) for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, stop);
      listening = true;
      servers.add(this);
      this.once("close", () => servers.delete(this));
    }
    return emit.call(this, event, ...args);
  };
}
