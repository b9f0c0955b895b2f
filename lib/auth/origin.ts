// Which origins may send state-changing requests, and which hosts the server answers for. Origins:
// BETTER_AUTH_URL's when it is set, otherwise the host the request was sent to (http or https); Better
// Auth checks its own endpoints with the same list. Hosts: a page served under a name another site
// controls (DNS rebinding: evil.example resolving to 127.0.0.1) would send a matching Origin and Host, so
// only BETTER_AUTH_URL's host, HOST's name, loopback names and address literals are answered.
import { appConfig, type Config } from "@/lib/core/config";

const LOOPBACK_NAMES = new Set(["localhost", "::1", "[::1]"]);
const IPV4_LITERAL = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/i;
/** Listen addresses that name every interface, not a host. */
const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

export function publicOriginFromEnv(config: Config = appConfig()): string | undefined {
  return config.BETTER_AUTH_URL;
}

export interface HostRules {
  /** BETTER_AUTH_URL */
  publicOrigin: string | undefined;
  /** HOST, the address or name npm start listens on */
  listenHost: string | undefined;
}

export function hostRulesFromEnv(config: Config = appConfig()): HostRules {
  return { publicOrigin: config.BETTER_AUTH_URL, listenHost: config.HOST };
}

/** The host name of a Host header ("example.com:3000" → "example.com"), or null when it is none. */
function hostnameOf(host: string): string | null {
  const url = `http://${host}`;
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  // A Host header holds a host and a port only.
  if (parsed.username || parsed.password || parsed.pathname !== "/" || parsed.search || parsed.hash) return null;
  return parsed.hostname.toLowerCase();
}

/** Whether the server answers a request sent to `host` (the Host header). */
export function isAllowedHost(host: string | null, rules: HostRules): boolean {
  if (!host) return false;
  const hostname = hostnameOf(host);
  if (!hostname) return false;
  if (LOOPBACK_NAMES.has(hostname) || IPV4_LITERAL.test(hostname) || IPV6_LITERAL.test(hostname)) return true;
  if (rules.publicOrigin && new URL(rules.publicOrigin).hostname.toLowerCase() === hostname) return true;
  const listen = rules.listenHost?.toLowerCase();
  return listen !== undefined && !EVERY_INTERFACE.has(listen) && hostnameOf(listen) === hostname;
}

/** What a refused host is told: which names this server answers for and how to add one. */
export function refusedHostMessage(host: string | null, rules: HostRules): string {
  const named = [rules.publicOrigin ? new URL(rules.publicOrigin).host : null, "localhost", "its IP address"].filter(
    Boolean,
  );
  return (
    `This server does not answer for the host ${JSON.stringify(host ?? "")}: it answers for ${named.join(", ")}. ` +
    "An operator serving it under another name sets BETTER_AUTH_URL to its public origin."
  );
}

export function allowedOrigins(request: Request | undefined, publicOrigin: string | undefined): string[] {
  if (publicOrigin) return [new URL(publicOrigin).origin];
  // Next.js reports every request URL as "localhost": the Host header names the host it was sent to.
  const host = request?.headers.get("host") ?? (request ? new URL(request.url).host : null);
  return host ? [`http://${host}`, `https://${host}`] : [];
}

/** Whether the request's Origin (or, lacking one, its Referer) is one of the allowed origins, sent to a host
 * this server answers for. Browsers send Origin with every POST, so a missing or "null" one is refused. */
export function isSameOriginRequest(request: Request, rules: HostRules = hostRulesFromEnv()): boolean {
  const claimed = request.headers.get("origin") || request.headers.get("referer");
  if (!claimed || claimed === "null" || !URL.canParse(claimed)) return false;
  const host = request.headers.get("host") ?? new URL(request.url).host;
  if (!isAllowedHost(host, rules)) return false;
  return allowedOrigins(request, rules.publicOrigin).includes(new URL(claimed).origin);
}

/** A server action's caller: a same-origin Origin, or (no Origin) a browser's `Sec-Fetch-Site: same-origin`.
 * A Referer alone is not enough: it is only a hint, and a foreign one proves nothing either way. */
export function isSameOriginAction(headers: Headers, rules: HostRules = hostRulesFromEnv()): boolean {
  const host = headers.get("host");
  if (host !== null && !isAllowedHost(host, rules)) return false;
  const origin = headers.get("origin");
  if (origin) {
    if (origin === "null" || !URL.canParse(origin)) return false;
    const allowed = rules.publicOrigin
      ? [new URL(rules.publicOrigin).origin]
      : host
        ? [`http://${host}`, `https://${host}`]
        : [];
    return allowed.includes(new URL(origin).origin);
  }
  return headers.get("sec-fetch-site") === "same-origin";
}
