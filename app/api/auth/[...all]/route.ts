// /api/auth/*: Better Auth's endpoints (sign-up, sign-in, sign-out, session), sign-in and sign-up behind
// the brute-force guard, limited per client address. Bodies are capped before Better Auth reads them.
import { clientAddress, trustedProxiesFromEnv } from "@/lib/auth/client-address";
import { signInAddressRateRuleFromEnv, signInRateRuleFromEnv, signUpRateRuleFromEnv } from "@/lib/auth/rate-limit";
import { getAuth } from "@/lib/auth/server";
import { guardSignIn, guardSignUp, isSignInRequest, isSignUpRequest, refusedAuthBody } from "@/lib/auth/sign-in-guard";
import { errorResponse, bodyTooLarge, databaseUnavailable, readBodyBytes } from "@/lib/conversation/http";
import { getPrisma } from "@/lib/db/client";

/** Names, emails and passwords: far below this. */
const MAX_AUTH_BODY_BYTES = 8 * 1024;

async function handle(incoming: Request): Promise<Response> {
  const request = await withCappedBody(incoming);
  if (!request) return bodyTooLarge(MAX_AUTH_BODY_BYTES);
  const refusedBody = await refusedAuthBody(request);
  if (refusedBody) return refusedBody;
  let address;
  let signInRules;
  let signUpRule;
  try {
    address = clientAddress(request, trustedProxiesFromEnv());
    signInRules = { accountAtAddress: signInRateRuleFromEnv(), address: signInAddressRateRuleFromEnv() };
    signUpRule = signUpRateRuleFromEnv();
  } catch (error) {
    return errorResponse(error, "auth", "MISCONFIGURED");
  }
  let auth;
  let prisma;
  try {
    auth = await getAuth();
    prisma = await getPrisma();
    if (isSignUpRequest(request)) {
      const refused = await guardSignUp(prisma, address, signUpRule);
      if (refused) return refused;
    }
  } catch (error) {
    return databaseUnavailable(error);
  }
  if (isSignInRequest(request))
    return guardSignIn(prisma, request, { address, rules: signInRules }, (r) => auth.handler(r));
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
