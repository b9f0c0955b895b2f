// Better Auth in the browser: sign-up, sign-in and sign-out against /api/auth.
import { inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import type { Auth } from "./auth";

export const authClient = createAuthClient({ plugins: [inferAdditionalFields<Auth>()] });

/** Only same-site paths as the place to go after signing in (no open redirect). */
export function safeNextPath(next: string | null | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
