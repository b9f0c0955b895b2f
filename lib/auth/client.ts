// Better Auth in the browser: sign-up, sign-in and sign-out against /api/auth.
import { inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import type { Auth } from "./auth";

export const authClient = createAuthClient({ plugins: [inferAdditionalFields<Auth>()] });

/** Only same-site paths as the place to go after signing in (no open redirect). The value is resolved as
 * a browser would resolve it (which drops tabs and newlines and reads "\\" as "/"), so "/\t/evil.example"
 * cannot turn into "//evil.example" on the way. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/")) return "/";
  const site = new URL("http://finground.invalid");
  try {
    const url = new URL(next, site);
    return url.origin === site.origin ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
