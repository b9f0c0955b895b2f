import { describe, expect, it } from "vitest";
import { COMPANIES } from "./companies";
import { displayName, listedCompanies, listedCompanyByTicker, parseListedCompanies } from "./listed-companies";
import { GICS_SECTORS, INDUSTRIES, industryByName, isGicsSector } from "./sectors";

describe("the SEC company list (prisma/seed/sec_companies.csv.gz)", () => {
  const list = listedCompanies();

  it("holds every ticker of the SEC list once, in its order, with CIK and name", () => {
    expect(list.source.error).toBeNull();
    expect(list.all.length).toBeGreaterThan(9000);
    expect(list.byTicker.size).toBe(list.all.length);
    expect(list.all.slice(0, 2).map((c) => c.ticker)).toEqual(["MSFT", "AAPL"]);
    expect(listedCompanyByTicker("TSN")).toMatchObject({
      cik: "0000100493",
      secName: "TYSON FOODS, INC.",
      name: "Tyson Foods, Inc.",
      sector: "Consumer Staples",
      primary: true,
    });
  });

  it("keeps the S&P 500 sector by ticker, the core companies' where their ticker changed, and null elsewhere", () => {
    expect(listedCompanyByTicker("BRK.B")?.sector).toBe("Financials"); // BRK.B on the S&P list, BRK-B at the SEC
    expect(listedCompanyByTicker("META")?.sector).toBe("Communication Services"); // FB in 2021
    expect(listedCompanyByTicker("APLE")?.sector).toBeNull();
    for (const c of list.all) if (c.sector !== null) expect(isGicsSector(c.sector), c.ticker).toBe(true);
    for (const c of COMPANIES) expect(listedCompanyByTicker(c.ticker)?.ticker, c.ticker).toBe(c.ticker);
  });

  it("marks a CIK's first row as its main listing", () => {
    expect(listedCompanyByTicker("GOOGL")?.primary).toBe(true);
    expect(listedCompanyByTicker("GOOG")).toMatchObject({ primary: false, cik: listedCompanyByTicker("GOOGL")!.cik });
    expect(listedCompanyByTicker("F-PB")).toMatchObject({ primary: false, cik: listedCompanyByTicker("F")!.cik });
    expect(list.byCik.get(listedCompanyByTicker("BRK-A")!.cik)!.map((c) => c.ticker)).toEqual(["BRK-B", "BRK-A"]);
  });

  it("parses the CSV strictly", () => {
    const text = 'ticker,cik,name,sector\nAAA,0000000001,"AAA CO, INC.",Energy\nAAB,0000000001,AAA CO,\n';
    expect(parseListedCompanies(text)).toEqual([
      {
        ticker: "AAA",
        cik: "0000000001",
        secName: "AAA CO, INC.",
        name: "Aaa Co, Inc.",
        sector: "Energy",
        primary: true,
      },
      { ticker: "AAB", cik: "0000000001", secName: "AAA CO", name: "Aaa Co", sector: null, primary: false },
    ]);
    expect(() => parseListedCompanies("ticker,cik,name,sector\naaa,1,x,\n")).toThrow(/not a ticker/);
    expect(() => parseListedCompanies("ticker,name\nAAA,x\n")).toThrow(/lacks column/);
  });
});

describe("displayName", () => {
  it.each([
    ["TYSON FOODS, INC.", "Tyson Foods, Inc."],
    ["BANK OF AMERICA CORP /DE/", "Bank of America Corp"],
    ["AT&T INC.", "AT&T Inc."],
    ["CVS HEALTH Corp", "CVS HEALTH Corp"],
    ["CVS HEALTH CORP", "CVS Health Corp"],
    ["3M CO", "3M Co"],
    ["COCA COLA FEMSA SAB DE CV", "Coca Cola Femsa SAB de CV"],
    ["Apple Inc.", "Apple Inc."],
    ["Meta Platforms, Inc.", "Meta Platforms, Inc."],
  ])("%s → %s", (sec, shown) => {
    expect(displayName(sec)).toBe(shown);
  });
});

describe("sectors and industries", () => {
  it("know the 11 GICS sectors and every curated company's industry, each in a sector", () => {
    expect(GICS_SECTORS).toHaveLength(11);
    for (const c of COMPANIES) expect(industryByName(c.industry)?.sector, c.industry).toBeDefined();
    expect(industryByName("software & services")).toMatchObject({
      name: "Software & Services",
      level: "group",
      sector: "Information Technology",
    });
    expect(industryByName("Semiconductors")).toMatchObject({ level: "industry", sector: "Information Technology" });
    expect(industryByName("Oil, Gas & Consumable Fuels")?.sector).toBe("Energy");
    expect(new Set(INDUSTRIES.map((i) => i.name)).size).toBe(INDUSTRIES.length);
  });
});
