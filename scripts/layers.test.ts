// The layer check (scripts/layers.ts) on a small tree written to a temporary folder, and on this
// repository itself.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUnlayeredFiles, findUpwardImports, isTestFile, type Layer } from "./layers";

const LAYERS: Layer[] = [
  { name: "base", paths: ["lib/base"] },
  { name: "stage", paths: ["lib/stage"] },
  { name: "app", paths: ["app", "entry.ts"] },
];

const FILES: Record<string, string> = {
  "lib/base/dates.ts": `import { z } from "zod";\nexport const x = 1;\n`,
  "lib/base/uses-stage.ts": `// import { y } from "@/lib/stage/run";\nconst s = "import('@/app/page')";\n\nimport { y } from "@/lib/stage/run";\n`,
  "lib/base/reexports.ts": `export { page } from "../../app/page";\n`,
  "lib/base/lazy.ts": `export async function load() {\n  return import("@/lib/stage/run");\n}\n`,
  "lib/base/reads-fixture.ts": `import { fixture } from "@/test/fixture";\n`,
  "test/fixture.ts": `import { y } from "@/lib/stage/run";\n`,
  "lib/base/dates.test.ts": `import { page } from "@/app/page";\n`,
  "lib/stage/run.ts": `import { x } from "../base/dates";\nimport { node } from "node:fs";\nexport const y = x;\n`,
  "lib/stage/generated/client.ts": `import { page } from "@/app/page";\n`,
  "app/page.tsx": `import { y } from "@/lib/stage/run";\nexport const page = y;\n`,
  "entry.ts": `import { page } from "./app/page";\n`,
  "other/outside.ts": `import { page } from "@/app/page";\n`,
  "lib/loose.ts": `export const loose = 1;\n`,
  "lib/loose.test.ts": `import { loose } from "./loose";\n`,
};

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "layers-"));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("findUpwardImports", () => {
  it("lists each upward import (static, export … from, dynamic import()) with its line, and nothing else", () => {
    expect(findUpwardImports(root, LAYERS)).toEqual([
      { file: "lib/base/lazy.ts", line: 2, specifier: "@/lib/stage/run", fromLayer: "base", toLayer: "stage" },
      { file: "lib/base/reads-fixture.ts", line: 1, specifier: "@/test/fixture", fromLayer: "base", toLayer: "tests" },
      { file: "lib/base/reexports.ts", line: 1, specifier: "../../app/page", fromLayer: "base", toLayer: "app" },
      { file: "lib/base/uses-stage.ts", line: 4, specifier: "@/lib/stage/run", fromLayer: "base", toLayer: "stage" },
    ]);
  });

  it("passes a tree whose imports all point down", () => {
    for (const file of [
      "lib/base/lazy.ts",
      "lib/base/reads-fixture.ts",
      "lib/base/reexports.ts",
      "lib/base/uses-stage.ts",
    ]) {
      writeFileSync(path.join(root, file), `import { x } from "./dates";\n`);
    }
    expect(findUpwardImports(root, LAYERS)).toEqual([]);
  });

  it("finds no upward import in this repository", () => {
    expect(findUpwardImports(process.cwd())).toEqual([]);
  });
});

describe("findUnlayeredFiles", () => {
  it("lists files under lib/ outside every layer, tests aside", () => {
    expect(findUnlayeredFiles(root, LAYERS)).toEqual(["lib/loose.ts"]);
  });

  it("finds none in this repository", () => {
    expect(findUnlayeredFiles(process.cwd())).toEqual([]);
  });
});

describe("isTestFile", () => {
  it("knows tests by name and fixtures by their folder", () => {
    expect(["lib/a/b.test.ts", "app/x.test.tsx", "test/db.ts", "test/fake/server.ts", "test"].every(isTestFile)).toBe(
      true,
    );
    expect(["lib/a/b.ts", "lib/a/testing.ts", "lib/test/x.ts", "lib/a/contest.ts", "tests/x.ts"].some(isTestFile)).toBe(
      false,
    );
  });
});
