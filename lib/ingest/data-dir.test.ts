import path from "node:path";
import { afterEach, describe, it, expect } from "vitest";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";

describe("dataDir", () => {
  const saved = process.env.FINGROUND_DATA_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.FINGROUND_DATA_DIR;
    else process.env.FINGROUND_DATA_DIR = saved;
  });

  it("defaults to ../shared/data beside the project", () => {
    delete process.env.FINGROUND_DATA_DIR;
    expect(dataDir()).toBe(path.resolve(process.cwd(), "../shared/data"));
  });

  it("follows FINGROUND_DATA_DIR", () => {
    process.env.FINGROUND_DATA_DIR = "/nowhere/fin-data";
    expect(dataDir()).toBe("/nowhere/fin-data");
    expect(hasDataDir()).toBe(false);
  });
});
