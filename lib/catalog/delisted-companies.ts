// Companies the data folder holds documents of but today's SEC ticker list no longer has (acquired or
// taken private), with the period they were listed, so "Activision Blizzard revenue 2019" names a
// company (issue 16 item 10). Found in the data (financebench's companies, ectsum's transcript
// tickers) by lib/ingest/delisted-companies.test.ts, which checks each is there and not on the list.
// Renamed companies still listed are aliases of their new listing (lib/agent/lexicon/company-words.ts).

export interface DelistedCompany {
  /** The ticker it traded under. */
  ticker: string;
  name: string;
  /** Names people use for it, besides `name`. */
  aliases: readonly string[];
  /** When it traded under `ticker` (YYYY-MM): first and last month. */
  listed: { from: string; to: string };
  /** What ended the listing. */
  fate: string;
}

export const DELISTED_COMPANIES: readonly DelistedCompany[] = [
  {
    ticker: "ATVI",
    name: "Activision Blizzard, Inc.",
    aliases: ["Activision Blizzard", "Activision"],
    listed: { from: "2008-07", to: "2023-10" },
    fate: "acquired by Microsoft",
  },
  {
    ticker: "VMW",
    name: "VMware, Inc.",
    aliases: ["VMware"],
    listed: { from: "2007-08", to: "2023-11" },
    fate: "acquired by Broadcom",
  },
  {
    ticker: "WWE",
    name: "World Wrestling Entertainment, Inc.",
    aliases: ["World Wrestling Entertainment"],
    listed: { from: "1999-10", to: "2023-09" },
    fate: "merged into TKO Group Holdings",
  },
  {
    ticker: "CLR",
    name: "Continental Resources, Inc.",
    aliases: ["Continental Resources"],
    listed: { from: "2007-05", to: "2022-11" },
    fate: "taken private",
  },
];

/** "Activision Blizzard, Inc. (listed 2008-07 to 2023-10, acquired by Microsoft)": the name people see. */
export function delistedLabel(c: DelistedCompany): string {
  return `${c.name} (listed ${c.listed.from} to ${c.listed.to}, ${c.fate})`;
}
