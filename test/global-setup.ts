// Once per vitest run: a scratch folder for the seeded database templates that test/db.ts builds on
// first use, removed at the end with the PostgreSQL template database, if one was made.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { adminQuery, seedTemplateName } from "./postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    seedTemplateDir: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fg-test-seed-"));
  project.provide("seedTemplateDir", dir);
  return async () => {
    const url = process.env.DATABASE_URL?.trim();
    if (url) await adminQuery(url, `DROP DATABASE IF EXISTS "${seedTemplateName(dir)}" WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
}
