// The client's address, for limits per address (sign-in, sign-up). Route handlers cannot see the
// connection: every server process loads scripts/peer-address.cjs, which appends the connection's peer to
// X-Forwarded-For on every request, as each reverse proxy in front appends the address it was reached from.
// So the last entry is the peer, and the client is the entry FINGROUND_TRUSTED_PROXIES places before it;
// entries further left were written by the client and are ignored. Served directly (0), the client is the
// socket's peer whatever X-Forwarded-For it sends.
import { appConfig, type Config } from "@/lib/core/config";

const UNKNOWN_ADDRESS = "unknown";
/** Set by scripts/peer-address.cjs once it is in place. */
const PEER_ADDRESS_APPENDED = Symbol.for("finground.peer-address-appended");

export function trustedProxiesFromEnv(config: Config = appConfig()): number {
  return config.FINGROUND_TRUSTED_PROXIES;
}

/** Whether this process appends each connection's peer to X-Forwarded-For (scripts/peer-address.cjs). */
function isPeerAddressAppended(): boolean {
  return (globalThis as Record<symbol, unknown>)[PEER_ADDRESS_APPENDED] === true;
}

export function clientAddress(
  request: Request,
  trustedProxies: number,
  peerAppended = isPeerAddressAppended(),
): string {
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  // Without the hook (a route handler called in a test, `next start` run by hand) only Next.js wrote the
  // header, and only when the request had none.
  if (!peerAppended) return hops[hops.length - Math.max(1, trustedProxies)] ?? UNKNOWN_ADDRESS;
  // Fewer hops than trusted proxies: the request came past fewer proxies, and its first hop is the client.
  return hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? UNKNOWN_ADDRESS;
}
