import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { z } from "zod";
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

const paramsSchema = z.object({
  id: z.union([z.string().regex(/^\d{1,18}$/), z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/)]),
  page: z.coerce.number().int().min(1).max(100_000),
});
const highlightSchema = z.object({
  line: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined),
  row: z.string().min(1).max(500).optional().catch(undefined),
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
  const parsed = paramsSchema.safeParse({ id: decodeURIComponent(raw.id), page: raw.page });
  if (!parsed.success) notFound();
  const { prisma } = await getDatabase();
  const { id, page } = parsed.data;
  const filingId = /^\d+$/.test(id) ? id : await filingIdOfDocumentKey(prisma, id);
  const filingPage = filingId === null ? null : await readFilingPage(prisma, filingId, page - 1);
  if (!filingPage) notFound();
  const asked = highlightSchema.parse(await searchParams);
  const highlight = asked.line !== undefined ? { line: asked.line } : asked.row ? { row: asked.row } : null;
  const lines = filingPage.text.split("\n");
  return <FilingPageView page={filingPage} lines={lines} highlightedLine={highlightedLineOf(lines, highlight)} />;
}
