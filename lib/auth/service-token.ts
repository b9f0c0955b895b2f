// A service calling the API with a shared token (the web app calling its deployed agent).
import { createHash, timingSafeEqual } from "node:crypto";

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function carriesBearerToken(request: Request, token: string): boolean {
  const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!sent) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}
