// The key that signs session cookies. Deployments set BETTER_AUTH_SECRET; a local run without it gets
// a random one kept in .data/ (git-ignored), so sessions survive restarts without any setup.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const MIN_SECRET_LENGTH = 32;

export function authSecretFromEnv(env: NodeJS.ProcessEnv = process.env, localFile = path.resolve(/*turbopackIgnore: true*/ ".data/auth-secret")): string {
  const configured = env.BETTER_AUTH_SECRET?.trim();
  if (configured) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new Error(`BETTER_AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters (try \`openssl rand -base64 32\`).`);
    }
    return configured;
  }
  if (existsSync(localFile)) {
    const stored = readFileSync(localFile, "utf8").trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(localFile), { recursive: true });
  writeFileSync(localFile, secret, { mode: 0o600 });
  return secret;
}
