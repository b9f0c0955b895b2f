// The contract between an evaluation script and `npm run eval`: run with `--json <path>`, a script writes
// its figures there at its end ({ suite, figures, latencies? }); without the flag it writes nothing. A
// script that exits 0 without writing the file skipped (its data folder is absent).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const figureSchema = z
  .object({
    key: z.string().regex(/^[a-z0-9_.-]+$/i, "a figure key is letters, digits, '.', '_' and '-'"),
    label: z.string().min(1),
    value: z.number().finite(),
    unit: z.enum(["ratio", "percent", "ms", "count", "rouge"]),
    better: z.enum(["higher", "lower"]),
  })
  .strict();

export const suiteResultSchema = z
  .object({
    suite: z.string().regex(/^[a-z0-9-]+$/),
    figures: z.array(figureSchema),
    latencies: z.record(z.string(), z.array(z.number().finite().nonnegative())).optional(),
  })
  .strict();

export type Figure = z.infer<typeof figureSchema>;
export type SuiteResult = z.infer<typeof suiteResultSchema>;

/** The path after `--json` in the arguments, or null when the script was run without it. */
function jsonPathOf(argv: readonly string[] = process.argv.slice(2)): string | null {
  const at = argv.indexOf("--json");
  if (at === -1) return null;
  const file = argv[at + 1];
  if (file === undefined || file.startsWith("--")) throw new Error("--json needs a file path after it");
  return file;
}

/** At the end of an evaluation script: writes its result when it was run with `--json <path>`. */
export function writeSuiteResult(result: SuiteResult, argv: readonly string[] = process.argv.slice(2)): void {
  const file = jsonPathOf(argv);
  if (file === null) return;
  const checked = suiteResultSchema.parse(result);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(checked)}\n`);
}

export function readSuiteResult(file: string): SuiteResult {
  return suiteResultSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}
