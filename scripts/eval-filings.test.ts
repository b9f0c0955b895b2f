// The filings evaluation's files (eval/filings): the questions parse, every question is judged with at
// least one relevant chunk, keys are the chunk keys the script computes, and, with the data folder
// present, every subset document is there to ingest. (Here under scripts/ because vitest.config.ts
// includes lib/**, app/** and scripts/** test files.)
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkKey, parseQueries, SUBSET, TEXT_DIR } from "@/eval/filings/subset";
import { parseJudgments } from "@/lib/documents/ranking-metrics";
import { dataDir } from "@/lib/ingest/data-dir";

const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join("eval/filings", file), "utf8"));

describe("eval/filings", () => {
  const queries = parseQueries(readJson("queries.json"));
  const judgments = parseJudgments(readJson("judgments.json"));

  it("asks at least 60 questions over every form of the subset", () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    for (const form of ["10K", "10Q", "8K", "EARNINGS"])
      expect(queries.some((q) => q.filing.replace(/[-_]/g, "").includes(form))).toBe(true);
    expect(new Set(queries.map((q) => q.filing))).toEqual(new Set(SUBSET));
  });

  it("judges every question, and only those, with at least one relevant chunk", () => {
    expect([...judgments.keys()].sort()).toEqual(queries.map((q) => q.id).sort());
    for (const [id, grades] of judgments)
      expect(
        [...grades.values()].some((g) => g > 0),
        `${id} has a relevant chunk`,
      ).toBe(true);
  });

  it("keys a chunk by its filing, page and offsets only", () => {
    const key = chunkKey("COSTCO_2021_10K", { pageIndex: 9, charStart: 0, charEnd: 812 });
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(chunkKey("COSTCO_2021_10K", { pageIndex: 9, charStart: 0, charEnd: 812 })).toBe(key);
    expect(chunkKey("COSTCO_2021_10K", { pageIndex: 9, charStart: 1, charEnd: 812 })).not.toBe(key);
    expect(chunkKey("NETFLIX_2017_10K", { pageIndex: 9, charStart: 0, charEnd: 812 })).not.toBe(key);
  });

  it.skipIf(!existsSync(path.join(dataDir(), TEXT_DIR)))("finds every subset document in the data folder", () => {
    for (const name of SUBSET) expect(existsSync(path.join(dataDir(), TEXT_DIR, `${name}.json`)), name).toBe(true);
  });
});
