// The client's address, for limits per address (sign-in, sign-up). Route handlers cannot see the
// connection: `next start` writes its peer's address into X-Forwarded-For, but only when the request
// has none, and each reverse proxy in front appends the address it was reached from. So the client is
// the entry FINGROUND_TRUSTED_PROXIES places from the right (at least the last one); entries further
// left were written by the client and are ignored. Served directly (0), a client that sends its own
// X-Forwarded-For picks its address: put the app behind a proxy that sets the header and count it.
import { appConfig, type Config } from "@/lib/core/config";

const UNKNOWN_ADDRESS = "unknown";

export function trustedProxiesFromEnv(config: Config = appConfig()): number {
  return config.FINGROUND_TRUSTED_PROXIES;
}

export function clientAddress(request: Request, trustedProxies: number): string {
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[hops.length - Math.max(1, trustedProxies)] ?? UNKNOWN_ADDRESS;
}
