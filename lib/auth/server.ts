// The process-wide Better Auth instance, over the process-wide database.
import { getPrisma } from "@/lib/db/client";
import { createAuth, type Auth } from "./auth";
import { authSecretFromEnv } from "./secret";

const globalForAuth = globalThis as typeof globalThis & { finGroundAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  globalForAuth.finGroundAuth ??= (async () => {
    const baseURL = process.env.BETTER_AUTH_URL?.trim() || undefined;
    return createAuth(await getPrisma(), { secret: authSecretFromEnv(), baseURL });
  })().catch((error: unknown) => {
    globalForAuth.finGroundAuth = undefined;
    throw error;
  });
  return globalForAuth.finGroundAuth;
}
