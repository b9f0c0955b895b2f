// The local session key: made once and kept, and shared by server processes that start together (npm
// start's cluster), or a cookie signed by one process would be refused by the others.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { authSecretFromEnv } from "./secret";

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function scratchFile(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "fg-secret-"));
  folders.push(folder);
  return path.join(folder, ".data", "auth-secret");
}

/** Runs authSecretFromEnv in a separate Node process that waits until `startAt` (ms since epoch) first. */
function secretFromAnotherProcess(file: string, startAt: number): Promise<string> {
  const script = `
    const { authSecretFromEnv } = await import(${JSON.stringify(path.resolve("lib/auth/secret.ts"))});
    while (Date.now() < ${startAt}) {}
    process.stdout.write(authSecretFromEnv({}, ${JSON.stringify(file)}));`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`)))),
  );
}

describe("authSecretFromEnv", () => {
  it("makes a key once and returns the stored one after", () => {
    const file = scratchFile();
    const first = authSecretFromEnv(readConfig({}), file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(authSecretFromEnv(readConfig({}), file)).toBe(first);
    expect(readFileSync(file, "utf8")).toBe(first);
  });

  it("replaces a damaged file", () => {
    const file = scratchFile();
    authSecretFromEnv(readConfig({}), file);
    writeFileSync(file, "short");
    const replaced = authSecretFromEnv(readConfig({}), file);
    expect(replaced.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8")).toBe(replaced);
  });

  it("gives processes that start at the same moment the same key", async () => {
    const file = scratchFile();
    const startAt = Date.now() + 4000; // after every process has loaded
    const keys = await Promise.all(Array.from({ length: 4 }, () => secretFromAnotherProcess(file, startAt)));
    expect(new Set(keys).size, keys.join("\n")).toBe(1);
    expect(readFileSync(file, "utf8")).toBe(keys[0]);
  }, 30_000);
});
