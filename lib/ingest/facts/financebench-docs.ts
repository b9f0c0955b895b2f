// The page-aligned 10-K/10-Q texts of the data folder (financebench/docs_text and
// extra_10k_text_2020_2022: one JSON per document, `pages[i]` one PDF page), each with the catalog
// company it belongs to, for the facts evaluation. Documents of companies outside the catalog are listed
// as unresolved, not guessed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { COMPANIES } from "@/lib/catalog/companies";
import type { FilingRef } from "./triplets";

const DOC_FOLDERS = ["financebench/docs_text", "financebench/extra_10k_text_2020_2022"] as const;
const docSchema = z.object({ doc_name: z.string().min(1), pages: z.array(z.string()) });
const DOC_NAME = /^(.+?)_(\d{4})(Q\d)?_(10K|10Q)$/;

export interface StatementDocument {
  file: string;
  ref: FilingRef;
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
      documents.push({
        file: path.join(dir, name),
        ref: {
          filing: name.replace(/\.json$/, ""),
          ticker: company.ticker,
          company: company.name,
          form: match[4] === "10K" ? "10-K" : "10-Q",
          fiscalYearEndMonth: company.fiscalYearEndMonth,
        },
      });
    }
  }
  return { documents, unresolved };
}

/** The pages of one document. */
export function readDocumentPages(file: string): string[] {
  return docSchema.parse(JSON.parse(readFileSync(file, "utf8"))).pages;
}
