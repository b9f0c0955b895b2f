// The process-wide Better Auth instance, over the process-wide database.
import { getPrisma } from "@/lib/db/client";
import { createAuth, type Auth } from "./auth";
import { publicOriginFromEnv } from "./origin";
import { authSecretFromEnv } from "./secret";

const globalForAuth = globalThis as typeof globalThis & { finGroundAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  globalForAuth.finGroundAuth ??= (async () => {
    return createAuth(await getPrisma(), { secret: authSecretFromEnv(), baseURL: publicOriginFromEnv() });
  })().catch((error: unknown) => {
    globalForAuth.finGroundAuth = undefined;
    throw error;
  });
  return globalForAuth.finGroundAuth;
}
