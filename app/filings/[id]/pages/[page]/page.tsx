import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { z } from "zod";
import { databaseIdInput, decodedSegment, firstValues, parseRouteInput, textInput } from "@/lib/core/route-input";
import { FilingPageView } from "@/components/filings/filing-page-view";
import { requirePageViewer } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/client";
import { filingIdOfDocumentKey } from "@/lib/db/queries/filing-facts";
import { readFilingPage } from "@/lib/documents/filings/store";
import { highlightedLineOf } from "@/lib/format/provenance";

// One page of a stored filing, as ingested, with the row a table value was read from highlighted
// (`?line=N`, 0-based on the page, or `?row=<label as printed>`): where the provenance "10-K FY2019,
// page 59, row '…'" leads.
// The filing is its id or its document key (what a metric value of source kind filing_table names).

export const metadata: Metadata = { title: "Filing page" };

// A numeric id is a row id (up to PostgreSQL's bigint); a document key holds a letter or a punctuation mark.
const DOCUMENT_KEY = /^(?!\d+$)[A-Za-z0-9_.-]{1,200}$/;
const paramsSchema = z.object({
  id: z.union([databaseIdInput("A filing id"), z.string().regex(DOCUMENT_KEY, "not a filing")]),
  page: z
    .string()
    .regex(/^\d{1,6}$/, "A page is a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(100_000)),
});
const highlightSchema = z.object({
  line: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined),
  row: textInput("The row", 500).min(1).optional().catch(undefined),
});

export default async function FilingPagePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; page: string }>;
  searchParams: Promise<{ line?: string | string[]; row?: string | string[] }>;
}) {
  await connection();
  const raw = await params;
  await requirePageViewer(`/filings/${encodeURIComponent(raw.id)}/pages/${encodeURIComponent(raw.page)}`);
  // Route parameters arrive still percent-encoded; a malformed one names no filing.
  const parsed = parseRouteInput(paramsSchema, { id: decodedSegment(raw.id), page: decodedSegment(raw.page) });
  if (!parsed.ok) notFound();
  const { prisma } = await getDatabase();
  const { id, page } = parsed.data;
  const filingId = DOCUMENT_KEY.test(id) ? await filingIdOfDocumentKey(prisma, id) : id;
  const filingPage = filingId === null ? null : await readFilingPage(prisma, filingId, page - 1);
  if (!filingPage) notFound();
  const asked = highlightSchema.parse(firstValues(await searchParams));
  const highlight = asked.line !== undefined ? { line: asked.line } : asked.row ? { row: asked.row } : null;
  const lines = filingPage.text.split("\n");
  return <FilingPageView page={filingPage} lines={lines} highlightedLine={highlightedLineOf(lines, highlight)} />;
}
