// /api/auth/*: Better Auth's endpoints (sign-up, sign-in, sign-out, session), sign-in behind the
// brute-force guard. Bodies are capped before Better Auth reads them.
import { signInRateRuleFromEnv } from "@/lib/auth/rate-limit";
import { getAuth } from "@/lib/auth/server";
import { guardSignIn, isSignInRequest } from "@/lib/auth/sign-in-guard";
import { bodyTooLarge, databaseUnavailable, readBodyBytes } from "@/lib/chat/http";
import { getPrisma } from "@/lib/db/client";

/** Names, emails and passwords: far below this. */
const MAX_AUTH_BODY_BYTES = 8 * 1024;

async function handle(incoming: Request): Promise<Response> {
  const request = await withCappedBody(incoming);
  if (!request) return bodyTooLarge(MAX_AUTH_BODY_BYTES);
  let auth;
  let prisma;
  try {
    auth = await getAuth();
    prisma = await getPrisma();
  } catch (error) {
    return databaseUnavailable(error);
  }
  if (isSignInRequest(request)) return guardSignIn(prisma, request, signInRateRuleFromEnv(), (r) => auth.handler(r));
  return auth.handler(request);
}

/** The request with its body read under the cap (null when over it). */
async function withCappedBody(request: Request): Promise<Request | null> {
  if (!request.body) return request;
  const body = await readBodyBytes(request, MAX_AUTH_BODY_BYTES);
  return body ? new Request(request, { body }) : null;
}

export const GET = handle;
export const POST = handle;
