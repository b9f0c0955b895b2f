// Parser for the two daily price tables. Their headers tell them apart:
// - alphavantage (date,ticker,open,high,low,close,adjusted_close,volume,dividend_amount,
//   split_coefficient): open/high/low/close/volume as traded, plus a split- and dividend-adjusted close.
// - yfinance (date,ticker,open,high,low,close_adj,volume): every price adjusted for splits and
//   dividends as of the download, volume split-adjusted. The as-traded close is unknown, so close
//   stays null and close_adj goes to adjClose. Its open/high/low are stored as given, i.e. adjusted
//   too: they are not comparable with alphavantage's as-traded open/high/low.
import { csvHeader, readCsvRecords } from "@/lib/core/csv";
import { isIsoDate } from "@/lib/core/dates";
import type { Parsed, PriceRow, PriceSource } from "@/lib/core/types";

const FORMATS = {
  alphavantage: ["date", "ticker", "open", "high", "low", "close", "adjusted_close", "volume"],
  yfinance: ["date", "ticker", "open", "high", "low", "close_adj", "volume"],
} as const satisfies Record<PriceSource, readonly string[]>;

type Column = (typeof FORMATS)[PriceSource][number];
/** Only the detected format's columns are present in a row. */
type Values = Partial<Record<Column, string>>;

const PRICE = /^\d+(\.\d+)?$/;
const VOLUME = /^\d+$/;

/** The source whose columns the header has (alphavantage first: its header is the richer one). */
export function priceFormatOf(header: readonly string[]): PriceSource | null {
  for (const source of ["alphavantage", "yfinance"] as const) {
    if (FORMATS[source].every((c) => header.includes(c))) return source;
  }
  return null;
}

/** A row's fields as a PriceRow, or what is wrong with them. Empty fields are missing values. */
function priceRowOf(source: PriceSource, v: Values): PriceRow | string {
  const date = v.date ?? "";
  if (!isIsoDate(date)) return `date "${date}" is not a YYYY-MM-DD date`;
  const ticker = v.ticker ?? "";
  if (ticker === "") return "empty ticker";
  const prices = {
    open: v.open,
    high: v.high,
    low: v.low,
    close: source === "alphavantage" ? v.close : undefined,
    adjClose: source === "alphavantage" ? v.adjusted_close : v.close_adj,
  };
  for (const [name, text] of Object.entries(prices)) {
    if (text !== undefined && text !== "" && !PRICE.test(text)) {
      return `${name} "${text}" is not a non-negative decimal`;
    }
  }
  const volume = v.volume ?? "";
  if (volume !== "" && !VOLUME.test(volume)) return `volume "${volume}" is not a whole number`;
  const orNull = (text: string | undefined): string | null => (text === undefined || text === "" ? null : text);
  const row: PriceRow = {
    ticker,
    source,
    date,
    open: orNull(prices.open),
    high: orNull(prices.high),
    low: orNull(prices.low),
    close: orNull(prices.close),
    adjClose: orNull(prices.adjClose),
    volume: orNull(volume),
  };
  return row.close === null && row.adjClose === null ? "no closing price" : row;
}

/**
 * Yields one PriceRow per data row of an alphavantage or yfinance table and a problem (file:line)
 * per bad row; a header of neither format is one problem for the whole file.
 */
export function* parsePriceCsv(text: string, opts: { file: string }): Generator<Parsed<PriceRow>> {
  const header = csvHeader(text);
  const source = header === null ? null : priceFormatOf(header);
  if (source === null) {
    const found = header === null ? "no header" : `header "${header.join(",")}"`;
    yield { ok: false, problem: { where: `${opts.file}:1`, reason: `not a known price table (${found})` } };
    return;
  }
  for (const record of readCsvRecords<Column>(text, FORMATS[source])) {
    const where = `${opts.file}:${record.line}`;
    if (!record.ok) {
      yield { ok: false, problem: { where, reason: record.reason } };
      continue;
    }
    const row = priceRowOf(source, record.values);
    if (typeof row === "string") yield { ok: false, problem: { where, reason: row } };
    else yield { ok: true, record: row };
  }
}
