// Brute-force defence in front of Better Auth's sign-in and sign-up, by client address (./client-address.ts):
// failed sign-ins are counted per email and address together (FINGROUND_SIGNIN_RATE_LIMIT) and per address
// (FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT); over either, sign-ins from that address get 429 with Retry-After,
// the right password included. An attacker thus locks out only their own address, never the owner
// signing in from theirs. Sign-ups are counted per address (FINGROUND_SIGNUP_RATE_LIMIT). Demo accounts
// cannot sign in unless they are enabled.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { demoAccountsEnabled, isDemoEmail } from "./demo-accounts";
import { appConfig, type Config, type RateRule } from "@/lib/core/config";
import { hasControlCharacter } from "@/lib/core/route-input";
import { hitRateLimit, peekRateLimit, withRetryAfter } from "./rate-limit";

const signInBodySchema = z.object({ email: z.string().max(320) });

export interface SignInRules {
  /** failed sign-ins for one email from one address */
  accountAtAddress: RateRule | null;
  /** failed sign-ins from one address, whatever the email */
  address: RateRule | null;
}

/** Whether any string in a parsed JSON body holds a NUL or another control character (names, emails and
 * passwords never do; PostgreSQL refuses NUL in text, so such a body would fail the queries below). */
function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === "string") return hasControlCharacter(value);
  if (Array.isArray(value)) return value.some(holdsControlCharacter);
  if (value && typeof value === "object") return Object.values(value).some(holdsControlCharacter);
  return false;
}

/** The 400 for an auth body (sign-in, sign-up) that holds a control character, or null. The email is named
 * when it is the field at fault. */
export async function refusedAuthBody(request: Request): Promise<Response | null> {
  if (request.method !== "POST" || !request.body) return null;
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return null; // Better Auth answers a body that is not JSON itself
  }
  if (!holdsControlCharacter(body)) return null;
  const email = body && typeof body === "object" && "email" in body ? body.email : undefined;
  if (typeof email === "string" && hasControlCharacter(email))
    return authError(400, "INVALID_EMAIL", "This is not a valid email: it holds a control character.");
  return authError(400, "INVALID_INPUT", "A field holds a control character (such as NUL): remove it and try again.");
}

export function isSignInRequest(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname.endsWith("/sign-in/email");
}

export function isSignUpRequest(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname.endsWith("/sign-up/email");
}

export async function guardSignIn(
  prisma: PrismaClient,
  request: Request,
  from: { address: string; rules: SignInRules },
  handle: (request: Request) => Promise<Response>,
  config: Config = appConfig(),
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
  if (isDemoEmail(email) && !demoAccountsEnabled(config)) {
    return authError(403, "DEMO_ACCOUNTS_DISABLED", "Demo accounts are disabled on this server.");
  }
  const limits = [
    {
      key: `sign-in:${from.address}:${email}`,
      rule: from.rules.accountAtAddress,
      what: "for this email from your address",
    },
    { key: `sign-in-address:${from.address}`, rule: from.rules.address, what: "from your address" },
  ].flatMap(({ rule, ...limit }) => (rule ? [{ ...limit, rule }] : []));
  for (const limit of limits) {
    const before = await peekRateLimit(prisma, limit.key, limit.rule);
    if (!before.allowed) return tooManySignIns(limit.what, before.retryAfterSeconds);
  }
  const response = await handle(request);
  if (response.status !== 401) return response;
  for (const limit of limits) {
    const after = await hitRateLimit(prisma, limit.key, limit.rule);
    if (!after.allowed) return tooManySignIns(limit.what, after.retryAfterSeconds);
  }
  return response;
}

/** Counts a sign-up attempt from `address`; over the rule, the 429 to return instead. */
export async function guardSignUp(
  prisma: PrismaClient,
  address: string,
  rule: RateRule | null,
): Promise<Response | null> {
  if (!rule) return null;
  const rate = await hitRateLimit(prisma, `sign-up:${address}`, rule);
  if (rate.allowed) return null;
  const message = `Too many sign-ups from your address. Try again in ${rate.retryAfterSeconds} s.`;
  return withRetryAfter(authError(429, "RATE_LIMITED", message), rate.retryAfterSeconds);
}

/** Errors in Better Auth's own shape, so its client shows their message like any other. */
function authError(status: number, code: string, message: string): Response {
  return Response.json({ code, message }, { status });
}

function tooManySignIns(what: string, retryAfterSeconds: number): Response {
  const message = `Too many failed sign-ins ${what}. Try again in ${retryAfterSeconds} s.`;
  return withRetryAfter(authError(429, "RATE_LIMITED", message), retryAfterSeconds);
}
