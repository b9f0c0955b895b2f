// The 10-K/10-Q texts of the data folder, each with the catalog company it belongs to, for the facts
// evaluation: page-aligned (financebench/docs_text and extra_10k_text_2020_2022: one JSON per document,
// `pages[i]` one PDF page) and section-split (edgartools filing_sections.jsonl, neo4j 10-K sections: one
// section each, flow text). Documents of companies outside the catalog are listed as unresolved, not guessed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { COMPANIES } from "@/lib/catalog/companies";
import { companyResolver } from "@/lib/ingest/filing-companies";
import {
  type FilingDraft,
  parseEdgartoolsSections,
  parseNeo4jSections,
  statedPeriodEnd,
} from "@/lib/ingest/sources/filings";
import { type FilingRef, type TextLayout, textLayoutOfSource } from "./triplets";

const DOC_FOLDERS = ["financebench/docs_text", "financebench/extra_10k_text_2020_2022"] as const;
const docSchema = z.object({ doc_name: z.string().min(1), pages: z.array(z.string()) });
const DOC_NAME = /^(.+?)_(\d{4})(Q\d)?_(10K|10Q)$/;

export interface StatementDocument {
  /** The document name ("INTEL_2020_10K") or source and key ("edgartools:aapl-10-k-2024-11-01.html"). */
  filing: string;
  layout: TextLayout;
  /** The pages (or sections) of the document, read when asked, and the filing they belong to. */
  load: () => { pages: string[]; ref: FilingRef };
}

const squeeze = (s: string): string => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The catalog company a document name's prefix names ("JOHNSON_JOHNSON" → JNJ), or undefined. */
function companyOfPrefix(prefix: string) {
  const wanted = squeeze(prefix);
  return COMPANIES.find(
    (c) =>
      c.ticker === wanted ||
      squeeze(c.name).startsWith(wanted) ||
      squeeze(c.name).replace(/^THE/, "").startsWith(wanted) ||
      c.aliases.some((a) => squeeze(a.alias) === wanted),
  );
}

/** Every 10-K and 10-Q text of the data folder, and the names of those whose company is not in the catalog. */
export function statementDocuments(root: string): { documents: StatementDocument[]; unresolved: string[] } {
  const documents: StatementDocument[] = [];
  const unresolved: string[] = [];
  for (const folder of DOC_FOLDERS) {
    const dir = path.join(root, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const match = DOC_NAME.exec(name.replace(/\.json$/, ""));
      if (match === null) continue; // 8-Ks and earnings releases hold no full statements
      const company = companyOfPrefix(match[1]!);
      if (company === undefined) {
        unresolved.push(name);
        continue;
      }
      const file = path.join(dir, name);
      const filing = name.replace(/\.json$/, "");
      const form = match[4] === "10K" ? "10-K" : "10-Q";
      documents.push({
        filing,
        layout: "page_aligned",
        load: () => {
          const pages = readDocumentPages(file);
          return {
            pages,
            ref: {
              filing,
              ticker: company.ticker,
              company: company.name,
              form,
              fiscalYearEndMonth: company.fiscalYearEndMonth,
              // The cover, as the filings ingestion reads it (the store's period_end).
              periodEnd: statedPeriodEnd(pages.slice(0, 3).join("\n")),
            },
          };
        },
      });
    }
  }
  return { documents, unresolved };
}

/** The section-split 10-Ks and 10-Qs of the data folder whose company is in the catalog. */
export function sectionSplitDocuments(root: string): { documents: StatementDocument[]; unresolved: string[] } {
  const drafts: FilingDraft[] = [];
  const jsonl = path.join(root, "sec_10k_10q_ixbrl_edgartools/filing_sections.jsonl");
  if (existsSync(jsonl))
    for (const parsed of parseEdgartoolsSections(readFileSync(jsonl, "utf8"), { file: jsonl }))
      if (parsed.ok) drafts.push(parsed.record);
  const neo4j = path.join(root, "sec_10k_sections_neo4j");
  if (existsSync(neo4j))
    for (const name of readdirSync(neo4j)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const file = path.join(neo4j, name);
      const parsed = parseNeo4jSections(readFileSync(file, "utf8"), { file });
      if (parsed.ok) drafts.push(parsed.record);
    }
  const resolver = companyResolver();
  const documents: StatementDocument[] = [];
  const unresolved: string[] = [];
  for (const draft of drafts) {
    const ticker = resolver.resolve({ ticker: draft.ticker, cik: draft.cik, name: draft.companyName })?.ticker;
    const company = COMPANIES.find((c) => c.ticker === ticker);
    const filing = `${draft.source}:${draft.sourceKey}`;
    if (company === undefined) {
      unresolved.push(filing);
      continue;
    }
    documents.push({
      filing,
      layout: textLayoutOfSource(draft.source),
      load: () => ({
        pages: draft.pages,
        ref: {
          filing,
          ticker: company.ticker,
          company: company.name,
          form: draft.form,
          fiscalYearEndMonth: company.fiscalYearEndMonth,
          periodEnd: draft.periodEnd,
        },
      }),
    });
  }
  return { documents, unresolved };
}

/** The pages of one document. */
function readDocumentPages(file: string): string[] {
  return docSchema.parse(JSON.parse(readFileSync(file, "utf8"))).pages;
}
