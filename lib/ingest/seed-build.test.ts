// The committed list of SEC-listed companies is what `npm run seed:build` derives from the reference
// files today (checked when the data folder is there).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LISTED_COMPANIES_FILE } from "@/lib/catalog/listed-companies";
import { dataDir, hasDataDir } from "./data-dir";
import { SEED_DIR, SEED_FILES, seedFingerprint } from "./seed";
import { listedCompaniesFile, listedCompanyRows } from "./seed-build";

describe("sec_companies.csv.gz", () => {
  it("is not part of the seed loaded into the database: the fingerprint reads the three seed files only", () => {
    expect(Object.values(SEED_FILES)).not.toContain(LISTED_COMPANIES_FILE);
    expect(seedFingerprint()).toMatch(/^[0-9a-f]{16}$/);
  });

  it.skipIf(!hasDataDir())("is rebuilt byte for byte from the reference files", () => {
    const read = (relative: string) => readFileSync(path.join(dataDir(), relative), "utf8");
    const rows = listedCompanyRows(read);
    expect(rows.length).toBe(Object.keys(JSON.parse(read("reference/sec_company_tickers.json")) as object).length);
    expect(rows.find((r) => r[0] === "TSN")).toEqual(["TSN", "0000100493", "TYSON FOODS, INC.", "Consumer Staples"]);
    expect(listedCompaniesFile(rows).equals(readFileSync(path.join(SEED_DIR, LISTED_COMPANIES_FILE)))).toBe(true);
  });
});
