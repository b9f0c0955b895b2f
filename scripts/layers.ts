// The layer rule (AGENTS.md, "Layers") as data, and the check behind `npm run lint:layers`: every
// file belongs to the first layer whose folder contains it, and may import only its own layer and the
// layers listed before it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface Layer {
  name: string;
  /** Folders (or single files) relative to the repository root, with forward slashes. */
  paths: string[];
}

/** Bottom → top. Keep in step with the table in AGENTS.md. */
export const LAYERS: Layer[] = [
  { name: "core", paths: ["lib/core"] },
  { name: "llm", paths: ["lib/llm"] },
  { name: "catalog", paths: ["lib/catalog"] },
  { name: "format", paths: ["lib/format"] },
  { name: "reasoning", paths: ["lib/reasoning"] },
  { name: "db", paths: ["lib/db"] },
  { name: "agent", paths: ["lib/agent"] },
  { name: "data", paths: ["lib/data"] },
  { name: "documents", paths: ["lib/documents"] },
  { name: "context", paths: ["lib/context"] },
  { name: "conversation", paths: ["lib/conversation"] },
  { name: "answer", paths: ["lib/answer"] },
  { name: "ingest", paths: ["lib/ingest"] },
  { name: "auth", paths: ["lib/auth"] },
  { name: "chat", paths: ["lib/chat"] },
  { name: "review", paths: ["lib/review"] },
  { name: "components", paths: ["components"] },
  { name: "app", paths: ["app", "instrumentation.ts", "proxy.ts"] },
  { name: "scripts", paths: ["scripts"] },
];

/**
 * Tests (`*.test.ts` beside their code) and their fixtures (the top-level `test/` folder) stand above
 * every layer: an integration test assembles real parts from higher up (a database prepared with the
 * seed, the chat pipeline, a route handler). In exchange, no other file may import them.
 */
export function isTestFile(relativePath: string): boolean {
  return /\.test(\.tsx?)?$/.test(relativePath) || /^test($|\/)/.test(relativePath);
}

export interface UpwardImport {
  /** The importing file, relative to the root. */
  file: string;
  line: number;
  specifier: string;
  fromLayer: string;
  /** "tests" when a file that is no test imports a test or fixture. */
  toLayer: string;
}

const TESTS = "tests";

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs"];
const SKIPPED_FOLDERS = new Set(["node_modules", "generated", ".next", ".data"]);

function layerIndexOf(relativePath: string, layers: Layer[]): number {
  return layers.findIndex((layer) => layer.paths.some((p) => relativePath === p || relativePath.startsWith(`${p}/`)));
}

function sourceFilesUnder(root: string, relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return SOURCE_EXTENSIONS.includes(path.extname(relative)) ? [relative] : [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)
      ? []
      : sourceFilesUnder(root, path.posix.join(relative, entry.name)),
  );
}

/** Where a specifier points, relative to the root; undefined for packages and Node built-ins. */
function resolveSpecifier(specifier: string, importer: string): string | undefined {
  if (specifier.startsWith("@/")) return path.posix.normalize(specifier.slice(2));
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
  }
  return undefined;
}

/** Source files under lib/ that belong to no layer: the rule cannot place them, so the check refuses them. */
export function findUnlayeredFiles(root: string, layers: Layer[] = LAYERS): string[] {
  return sourceFilesUnder(root, "lib")
    .filter((file) => !isTestFile(file) && layerIndexOf(file, layers) === -1)
    .sort();
}

/**
 * Every import (static, `export … from`, dynamic `import()`, `import x = require()`) of the files under
 * the layers' paths that points at a higher layer, or at a test from a file that is none. TypeScript's own pre-processor reads them, so imports
 * in comments and strings are not mistaken for real ones.
 */
export function findUpwardImports(root: string, layers: Layer[] = LAYERS): UpwardImport[] {
  const files = layers.flatMap((layer) => layer.paths.flatMap((p) => sourceFilesUnder(root, p)));
  const upward: UpwardImport[] = [];
  for (const file of files.sort()) {
    if (isTestFile(file)) continue;
    const fromIndex = layerIndexOf(file, layers);
    const source = readFileSync(path.join(root, file), "utf8");
    const { importedFiles } = ts.preProcessFile(source, true, true);
    for (const imported of importedFiles) {
      const target = resolveSpecifier(imported.fileName, file);
      if (target === undefined) continue;
      const toIndex = layerIndexOf(target, layers);
      const importsTest = isTestFile(target);
      if (!importsTest && toIndex <= fromIndex) continue;
      upward.push({
        file,
        line: source.slice(0, imported.pos).split("\n").length,
        specifier: imported.fileName,
        fromLayer: layers[fromIndex]!.name,
        toLayer: importsTest ? TESTS : layers[toIndex]!.name,
      });
    }
  }
  return upward;
}
