// Parser for news files: JSON Lines and CSV. Columns are found by name, so several datasets read the
// same way; the ones in ../shared/data:
// - FNSPID Nasdaq articles, JSONL {ticker, date, date_raw, url, text, mark} and CSV (Date, Url, Text, Mark);
//   no title column: the title is read from the URL's slug. A text of "0" marks a missing body.
// - Benzinga headlines CSV (index, title, date, stock): headlines without body or link.
// Also any JSONL/CSV with url, title, body|summary|text, published_at|date, source, tickers|ticker.
import path from "node:path";
import { z } from "zod";
import { readCsv } from "@/lib/core/csv";
import type { NewsDraft } from "@/lib/ingest/news-write";
import type { Parsed } from "@/lib/core/types";
import { parseJsonLines } from "./json-lines";
import { parseNewsDate } from "./news-dates";

const MAX_BODY_CHARS = 20_000;

const pick = (record: Record<string, unknown>, ...keys: string[]): string | undefined => {
  for (const key of keys) {
    const value = record[key] ?? record[key.toLowerCase()];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
};

const tickersField = z.union([z.array(z.string()), z.string()]).optional();

/** A record (JSON object or CSV row by header) as a draft, or what is wrong with it. */
export function newsDraftOf(record: Record<string, unknown>, defaults: { source: string | null }): NewsDraft | string {
  const rawUrl = pick(record, "url", "Url", "link");
  let url: string | null = null;
  if (rawUrl) {
    try {
      const parsed = new URL(rawUrl);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return `URL "${rawUrl}" is not http(s)`;
      url = parsed.toString();
    } catch {
      return `URL "${rawUrl}" is not a URL`;
    }
  }
  const rawBody = pick(record, "body", "summary", "text", "Text", "content") ?? "";
  // FNSPID writes "0" where its scraper got no text.
  const body = (rawBody === "0" ? "" : rawBody).slice(0, MAX_BODY_CHARS);
  const title = pick(record, "title", "headline") ?? (url ? titleFromUrl(url) : undefined);
  if (!title) return "no title (and no URL to read one from)";
  const dateText = pick(record, "published_at", "publishedAt", "date_raw", "Date", "date", "datetime");
  if (!dateText) return "no date";
  const publishedAt = parseNewsDate(dateText) ?? parseNewsDate(pick(record, "date") ?? "");
  if (!publishedAt) return `date "${dateText}" is not a date FinGround reads`;
  const tickerValue = tickersField.safeParse(record.tickers ?? record.ticker ?? record.stock);
  const tickers =
    !tickerValue.success || tickerValue.data === undefined
      ? []
      : typeof tickerValue.data === "string"
        ? tickerValue.data.split(/[,;\s]+/)
        : tickerValue.data;
  const source =
    pick(record, "source", "publisher") ?? (url ? new URL(url).hostname.replace(/^www\./, "") : defaults.source);
  if (!source) return "no source (and no URL to name one)";
  return {
    kind: "article",
    source,
    url,
    title,
    body,
    publishedAt,
    tickers: tickers.map((t) => t.trim().toUpperCase()).filter((t) => /^[A-Z][A-Z0-9.-]{0,9}$/.test(t)),
  };
}

/** "…/articles/zacks-earnings-trends-highlights%3A-amazon-apple" → "Zacks earnings trends highlights: amazon apple". */
export function titleFromUrl(url: string): string | undefined {
  const slug = new URL(url).pathname.split("/").filter(Boolean).pop();
  if (!slug) return undefined;
  let words: string;
  try {
    words = decodeURIComponent(slug);
  } catch {
    words = slug;
  }
  words = words
    .replace(/\.(html?|php)$/, "")
    .replace(/[-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (words.length < 8 || !/[a-z]/i.test(words)) return undefined;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Headlines datasets without links or a source column are named by their header's shape. */
function sourceForHeader(header: readonly string[]): string | null {
  const names = new Set(header.map((h) => h.toLowerCase()));
  return names.has("title") && names.has("stock") && names.has("date") && !names.has("url") ? "Benzinga" : null;
}

export function* parseNewsJsonl(text: string, options: { file: string }): Generator<Parsed<NewsDraft>> {
  yield* parseJsonLines(text, options.file, (value) =>
    typeof value !== "object" || value === null || Array.isArray(value)
      ? "not a JSON object"
      : newsDraftOf(value as Record<string, unknown>, { source: null }),
  );
}

export function* parseNewsCsv(text: string, options: { file: string }): Generator<Parsed<NewsDraft>> {
  let header: string[] | null = null;
  let source: string | null = null;
  for (const row of readCsv(text.replace(/^\uFEFF/, ""))) {
    const where = `${options.file}:${row.line}`;
    if ("error" in row) {
      yield { ok: false, problem: { where, reason: `malformed CSV: ${row.error}` } };
      if (header === null) return;
      continue;
    }
    if (header === null) {
      header = row.fields.map((f) => f.trim());
      source = sourceForHeader(header);
      continue;
    }
    if (row.fields.length !== header.length) {
      yield { ok: false, problem: { where, reason: `${row.fields.length} fields, header has ${header.length}` } };
      continue;
    }
    const record = Object.fromEntries(header.map((h, i) => [h, row.fields[i]]));
    const draft = newsDraftOf(record, { source });
    yield typeof draft === "string" ? { ok: false, problem: { where, reason: draft } } : { ok: true, record: draft };
  }
}

/** By extension: .jsonl/.ndjson are JSON Lines, .csv is CSV. */
export function newsFileFormat(file: string): "jsonl" | "csv" | null {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".jsonl" || ext === ".ndjson") return "jsonl";
  if (ext === ".csv") return "csv";
  return null;
}
