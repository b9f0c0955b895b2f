// /api/auth/*: Better Auth's endpoints (sign-up, sign-in, sign-out, session), sign-in behind the
// brute-force guard.
import { signInRateRuleFromEnv } from "@/lib/auth/rate-limit";
import { getAuth } from "@/lib/auth/server";
import { guardSignIn, isSignInRequest } from "@/lib/auth/sign-in-guard";
import { databaseUnavailable } from "@/lib/conversation/http";
import { getPrisma } from "@/lib/db/client";

async function handle(request: Request): Promise<Response> {
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

export const GET = handle;
export const POST = handle;
