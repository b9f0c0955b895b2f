// The process-wide Better Auth instance, over the process-wide database.
import { getPrisma } from "@/lib/db/client";
import { createAuth, type Auth } from "./auth";
import { publicOriginFromEnv } from "./origin";
import { authSecretFromEnv } from "./secret";
import { processSlot } from "@/lib/core/process-wide";

const auth = processSlot<Promise<Auth>>("auth");

export function getAuth(): Promise<Auth> {
  auth.value ??= (async () => {
    return createAuth(await getPrisma(), { secret: authSecretFromEnv(), baseURL: publicOriginFromEnv() });
  })().catch((error: unknown) => {
    auth.value = undefined;
    throw error;
  });
  return auth.value;
}
