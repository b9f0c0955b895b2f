import path from "node:path";
import { afterEach, describe, it, expect } from "vitest";
import { installTestConfig } from "@/test/config";
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";

describe("dataDir", () => {
  afterEach(() => installTestConfig());

  it("defaults to ../shared/data beside the project", () => {
    installTestConfig({ FINGROUND_DATA_DIR: undefined });
    expect(dataDir()).toBe(path.resolve(process.cwd(), "../shared/data"));
  });

  it("follows FINGROUND_DATA_DIR", () => {
    installTestConfig({ FINGROUND_DATA_DIR: "/nowhere/fin-data" });
    expect(dataDir()).toBe("/nowhere/fin-data");
    expect(hasDataDir()).toBe(false);
  });
});
