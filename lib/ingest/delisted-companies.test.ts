// The companies no longer listed (lib/catalog/delisted-companies.ts) are in the data folder and absent
// from today's SEC ticker list, and the agent names them with their listing period.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { DELISTED_COMPANIES } from "@/lib/catalog/delisted-companies";
import { listedCompanyByTicker } from "@/lib/catalog/listed-companies";
import { dataDir, hasDataDir } from "./data-dir";

describe("companies no longer listed", () => {
  it("are not on today's SEC ticker list", () => {
    for (const c of DELISTED_COMPANIES) expect(listedCompanyByTicker(c.ticker), c.ticker).toBeUndefined();
  });

  it.skipIf(!hasDataDir())("are in the data folder: financebench's companies or ectsum's transcript tickers", () => {
    const financebench = readFileSync(
      path.join(dataDir(), "financebench/financebench_document_information.jsonl"),
      "utf8",
    );
    const companies = new Set(
      financebench.split("\n").flatMap((l) => (l.trim() ? [String(JSON.parse(l).company)] : [])),
    );
    const ectsum = readFileSync(path.join(dataDir(), "ectsum/ectsum_index_all.csv"), "utf8");
    const tickers = new Set(ectsum.split("\n").map((l) => l.split(",")[1]));
    for (const c of DELISTED_COMPANIES) {
      expect(tickers.has(c.ticker) || [c.name, ...c.aliases].some((a) => companies.has(a)), c.ticker).toBe(true);
    }
  });

  it("are named by name or old ticker, with the period they were listed", () => {
    for (const q of [
      "activision blizzard revenue 2019",
      "What was Activision Blizzard's FY2019 net income?",
      "atvi eps",
    ]) {
      const r = parseQuestion(q, { today: "2026-11-30" });
      expect(r.companies).toMatchObject([
        {
          kind: "company",
          ticker: "ATVI",
          name: "Activision Blizzard, Inc. (listed 2008-07 to 2023-10, acquired by Microsoft)",
        },
      ]);
    }
    expect(
      parseQuestion("vmware vs wwe revenue", { today: "2026-11-30" }).companies.map(
        (c) => c.kind === "company" && c.ticker,
      ),
    ).toEqual(["VMW", "WWE"]);
  });
});
