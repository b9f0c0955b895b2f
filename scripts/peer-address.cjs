"use strict";
// Loaded into every server process before Next.js (`node --require`, scripts/start-cluster.ts; `npm run dev`
// through NODE_OPTIONS). Route handlers cannot see the connection, and `next start` writes the peer's address
// into X-Forwarded-For only when the request has none, so a client that sends one could name any address.
// This appends the connection's peer to X-Forwarded-For on every request, as a reverse proxy does: the last
// entry is then always the address the connection came from, and lib/auth/client-address.ts counts
// FINGROUND_TRUSTED_PROXIES back from it. The mark tells the app the hook is in place.
const http = require("node:http");

const APPENDED = Symbol.for("finground.peer-address-appended");

if (!globalThis[APPENDED]) {
  globalThis[APPENDED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithPeerAddress(event, request, ...rest) {
    if (event === "request" && request?.headers) {
      const peer = request.socket?.remoteAddress || "unknown";
      const sent = request.headers["x-forwarded-for"];
      request.headers["x-forwarded-for"] = sent ? `${sent}, ${peer}` : peer;
    }
    return emit.call(this, event, request, ...rest);
  };
}
