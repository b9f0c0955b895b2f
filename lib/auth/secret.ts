// The key that signs session cookies. Deployments set BETTER_AUTH_SECRET; a local run without it gets
// a random one kept in .data/ (git-ignored), so sessions survive restarts without any setup.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { appConfig, type Config } from "@/lib/core/config";

/** lib/core/config requires BETTER_AUTH_SECRET to be this long too. */
const MIN_SECRET_LENGTH = 32;

export function authSecretFromEnv(
  config: Config = appConfig(),
  localFile = path.resolve(/*turbopackIgnore: true*/ ".data/auth-secret"),
): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  if (existsSync(localFile)) {
    const stored = readFileSync(localFile, "utf8").trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(localFile), { recursive: true });
  writeFileSync(localFile, secret, { mode: 0o600 });
  return secret;
}
