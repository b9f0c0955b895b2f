// npm run lint:layers
// Fails, listing each one, when a file imports from a layer above its own (the table in AGENTS.md,
// "Layers"; the rule itself in scripts/layers.ts).
import { findUnlayeredFiles, findUpwardImports, LAYERS } from "./layers";

const upward = findUpwardImports(process.cwd());
const unlayered = findUnlayeredFiles(process.cwd());
for (const file of unlayered)
  console.error(`${file}  belongs to no layer: move it into a layer's folder (AGENTS.md, "Layers")`);
if (unlayered.length > 0) process.exitCode = 1;
if (upward.length === 0) {
  console.log(`layers: no upward imports (${LAYERS.map((layer) => layer.name).join(" → ")})`);
} else {
  for (const u of upward) console.error(`${u.file}:${u.line}  ${u.fromLayer} imports ${u.toLayer}: "${u.specifier}"`);
  console.error(
    `\nlayers: ${upward.length} upward import(s); a file may import only its own layer and the ones below it (AGENTS.md, "Layers")`,
  );
  process.exitCode = 1;
}
