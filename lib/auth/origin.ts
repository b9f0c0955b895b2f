// Which origins may send state-changing requests: BETTER_AUTH_URL's when it is set, otherwise the host
// the request was sent to (http or https). Better Auth checks its own endpoints with the same list.
import { appConfig, type Config } from "@/lib/core/config";

export function publicOriginFromEnv(config: Config = appConfig()): string | undefined {
  return config.BETTER_AUTH_URL;
}

export function allowedOrigins(request: Request | undefined, publicOrigin: string | undefined): string[] {
  if (publicOrigin) return [new URL(publicOrigin).origin];
  // Next.js reports every request URL as "localhost": the Host header names the host it was sent to.
  const host = request?.headers.get("host") ?? (request ? new URL(request.url).host : null);
  return host ? [`http://${host}`, `https://${host}`] : [];
}

/** Whether the request's Origin (or, lacking one, its Referer) is one of the allowed origins. Browsers
 * send Origin with every POST, so a missing or "null" one is refused. */
export function isSameOriginRequest(request: Request, publicOrigin = publicOriginFromEnv()): boolean {
  const claimed = request.headers.get("origin") || request.headers.get("referer");
  if (!claimed || claimed === "null" || !URL.canParse(claimed)) return false;
  return allowedOrigins(request, publicOrigin).includes(new URL(claimed).origin);
}
