// The key that signs session cookies. Deployments set BETTER_AUTH_SECRET; a local run without it gets
// a random one kept in .data/ (git-ignored), so sessions survive restarts without any setup.
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { appConfig, type Config } from "@/lib/core/config";

/** lib/core/config requires BETTER_AUTH_SECRET to be this long too. */
const MIN_SECRET_LENGTH = 32;

export function authSecretFromEnv(
  config: Config = appConfig(),
  localFile = path.resolve(/*turbopackIgnore: true*/ ".data/auth-secret"),
): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const stored = storedSecret(localFile);
  if (stored) return stored;
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(localFile), { recursive: true });
  // Written aside, then linked into place (which fails if the file exists): server processes starting
  // together (npm start's cluster) all end up with the first one's key, never half a file, or a cookie
  // signed by one process would be refused by the others.
  const draft = `${localFile}.${process.pid}.tmp`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, localFile);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = storedSecret(localFile);
    if (winner) return winner;
    renameSync(draft, localFile); // a damaged file of an earlier run: replaced
    return secret;
  } finally {
    rmSync(draft, { force: true });
  }
}

function storedSecret(localFile: string): string | null {
  if (!existsSync(localFile)) return null;
  const stored = readFileSync(localFile, "utf8").trim();
  return stored.length >= MIN_SECRET_LENGTH ? stored : null;
}
