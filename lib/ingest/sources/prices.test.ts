import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";
import { dataDir } from "@/lib/ingest/data-dir";
import { parsePriceCsv, priceFormatOf } from "@/lib/ingest/sources/prices";
import type { Parsed, PriceRow } from "@/lib/core/types";

const records = (out: Parsed<PriceRow>[]) => out.flatMap((p) => (p.ok ? [p.record] : []));
const problems = (out: Parsed<PriceRow>[]) => out.flatMap((p) => (p.ok ? [] : [p.problem]));

// Invented prices.
const ALPHAVANTAGE = [
  "date,ticker,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient",
  "2020-01-02,ACME,10.5,11,10.25,10.75,2.6875,1000,0.0,1.0",
  "2020-01-03,ACME,10.5,11,-1,10.75,2.6875,1000,0.0,1.0",
  "2020-13-01,ACME,10.5,11,10,10.75,2.6875,1000,0.0,1.0",
  "2020-01-06,ACME,10.5,11,10,10.75,2.6875,1e3,0.0,1.0",
  "2020-01-07,,10.5,11,10,10.75,2.6875,1000,0.0,1.0",
  "2020-01-08,ACME,10.5",
].join("\r\n");

const YFINANCE = [
  "date,ticker,open,high,low,close_adj,volume",
  "2020-01-02,ACME,2.5,2.75,2.4,2.6208,4000",
  "2020-01-03,ACME,,,,,",
].join("\n");

describe("parsePriceCsv", () => {
  it("reads alphavantage rows: as-traded prices plus the adjusted close", () => {
    const out = [...parsePriceCsv(ALPHAVANTAGE, { file: "av.csv" })];
    expect(records(out)).toEqual([
      {
        ticker: "ACME",
        source: "alphavantage",
        date: "2020-01-02",
        open: "10.5",
        high: "11",
        low: "10.25",
        close: "10.75",
        adjClose: "2.6875",
        volume: "1000",
      },
    ]);
    expect(problems(out)).toEqual([
      { where: "av.csv:3", reason: 'low "-1" is not a non-negative decimal' },
      { where: "av.csv:4", reason: 'date "2020-13-01" is not a YYYY-MM-DD date' },
      { where: "av.csv:5", reason: 'volume "1e3" is not a whole number' },
      { where: "av.csv:6", reason: "empty ticker" },
      { where: "av.csv:7", reason: "expected 10 fields, found 3" },
    ]);
  });

  it("reads yfinance rows: adjusted prices, no as-traded close", () => {
    const out = [...parsePriceCsv(YFINANCE, { file: "yf.csv" })];
    expect(records(out)).toEqual([
      {
        ticker: "ACME",
        source: "yfinance",
        date: "2020-01-02",
        open: "2.5",
        high: "2.75",
        low: "2.4",
        close: null,
        adjClose: "2.6208",
        volume: "4000",
      },
    ]);
    expect(problems(out)).toEqual([{ where: "yf.csv:3", reason: "no closing price" }]);
  });

  it("reports an unknown header once for the whole file", () => {
    const out = [...parsePriceCsv("day,symbol,px\n2020-01-02,ACME,1\n", { file: "x.csv" })];
    expect(out).toEqual([
      { ok: false, problem: { where: "x.csv:1", reason: 'not a known price table (header "day,symbol,px")' } },
    ]);
    expect(problems([...parsePriceCsv("", { file: "empty.csv" })])).toHaveLength(1);
  });
});

describe("priceFormatOf", () => {
  it("detects the format from the columns, in any order", () => {
    expect(priceFormatOf(["ticker", "date", "open", "high", "low", "close_adj", "volume"])).toBe("yfinance");
    expect(priceFormatOf(["date", "ticker", "open", "high", "low", "close", "adjusted_close", "volume"])).toBe(
      "alphavantage",
    );
    expect(priceFormatOf(["date", "ticker", "close"])).toBeNull();
  });
});

// Extra checks against the real price tables when ../shared/data is present.
const ALPHAVANTAGE_FILE = path.join(dataDir(), "prices_sp500_alphavantage_pooksoft/daily_ohlcv_2015_2021.csv");
const YFINANCE_FILE = path.join(dataDir(), "prices_sp500_yfinance_gdputney/daily_ohlcv_adjusted_2015_2025.csv");

describe.skipIf(!existsSync(ALPHAVANTAGE_FILE) || !existsSync(YFINANCE_FILE))(
  "parsePriceCsv on the real price tables",
  () => {
    const parse = (file: string) => [...parsePriceCsv(readFileSync(file, "utf8"), { file: path.basename(file) })];
    const appleOn = (out: Parsed<PriceRow>[], date: string) =>
      records(out).find((r) => r.ticker === "AAPL" && r.date === date);

    it("reads alphavantage as-traded prices", () => {
      const out = parse(ALPHAVANTAGE_FILE);
      expect(problems(out)).toEqual([]);
      expect(records(out)).toHaveLength(64_890);
      expect(appleOn(out, "2020-01-02")).toMatchObject({
        source: "alphavantage",
        close: "300.35",
        adjClose: "74.3321507018",
      });
    });

    it("reads yfinance adjusted prices", () => {
      const out = parse(YFINANCE_FILE);
      expect(problems(out)).toEqual([]);
      expect(records(out)).toHaveLength(108_729);
      expect(appleOn(out, "2020-01-02")).toMatchObject({ source: "yfinance", close: null, adjClose: "72.6208" });
    });
  },
);
