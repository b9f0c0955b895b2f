// Brute-force defence in front of Better Auth's sign-in: failed attempts are counted per email, and once
// an email has FINGROUND_SIGNIN_RATE_LIMIT failures in the window every attempt gets 429 with
// Retry-After, the right password included. Demo accounts cannot sign in unless they are enabled.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { demoAccountsEnabled, isDemoEmail } from "./demo-accounts";
import { hitRateLimit, peekRateLimit, withRetryAfter, type RateRule } from "./rate-limit";

const signInBodySchema = z.object({ email: z.string().max(320) });

export function isSignInRequest(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname.endsWith("/sign-in/email");
}

export async function guardSignIn(
  prisma: PrismaClient,
  request: Request,
  rule: RateRule | null,
  handle: (request: Request) => Promise<Response>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Response> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return authError(400, "INVALID_JSON", "The request body is not valid JSON.");
  }
  const parsed = signInBodySchema.safeParse(body);
  if (!parsed.success) return handle(request);
  const email = parsed.data.email.trim().toLowerCase();
  if (isDemoEmail(email) && !demoAccountsEnabled(env)) {
    return authError(403, "DEMO_ACCOUNTS_DISABLED", "Demo accounts are disabled on this server.");
  }
  if (!rule) return handle(request);
  const key = `sign-in:${email}`;
  const before = await peekRateLimit(prisma, key, rule);
  if (!before.allowed) return tooManySignIns(before.retryAfterSeconds);
  const response = await handle(request);
  if (response.status === 401) {
    const after = await hitRateLimit(prisma, key, rule);
    if (!after.allowed) return tooManySignIns(after.retryAfterSeconds);
  }
  return response;
}

/** Errors in Better Auth's own shape, so its client shows their message like any other. */
function authError(status: number, code: string, message: string): Response {
  return Response.json({ code, message }, { status });
}

function tooManySignIns(retryAfterSeconds: number): Response {
  const message = `Too many failed sign-ins for this email. Try again in ${retryAfterSeconds} s.`;
  return withRetryAfter(authError(429, "RATE_LIMITED", message), retryAfterSeconds);
}
