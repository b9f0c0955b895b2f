// A question about what a company's filings or calls say (the request routes it to them, and asks no
// figure): the answer is the documents' own sentences, quoted with their [F#] and [T#]
// (lib/documents/filings/prompt.ts, lib/documents/transcripts/prompt.ts), after a lead written once the
// passages are in, naming the kinds it quotes. No sentence about a document is written here, only whose
// documents, of which kinds, were quoted or searched in vain.
import { companyGroups, singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import type { AnswerDocuments } from "@/lib/documents/answer-documents";
import { documentNoticeText } from "@/lib/documents/document-asked";
import { listOf, plainText, possessive, shortCompanyName } from "../format";

/** The document kinds whose passages the analyst quotes as an answer. */
type QuotedKind = "transcripts" | "filings";

const KIND_NAMES: Record<QuotedKind, string> = { transcripts: "earnings calls", filings: "filings" };

function routes(request: StructuredDataRequest, kind: QuotedKind): boolean {
  return request.sources.some((s) => s.source === kind);
}

/** Named companies, no figure asked, and a route to the calls or the filings: the passages are the
 * answer (the analyst writes no data part, and the documents are searched at once). */
export function answersFromDocuments(request: StructuredDataRequest): boolean {
  const named = singleCompanies(request).length + companyGroups(request).length;
  return named > 0 && request.metrics.length === 0 && (routes(request, "transcripts") || routes(request, "filings"));
}

function companiesOf(request: StructuredDataRequest): string {
  const names = [
    ...singleCompanies(request).map((c) => c.name),
    ...request.companies.flatMap((c) => (c.kind === "peers" ? [c.of.name] : [])),
  ];
  return listOf(
    names.map((n) => plainText(shortCompanyName(n))),
    "and",
  );
}

/** The lead of a document answer: whose documents it quotes, and of which kinds (the calls, the
 * filings, and the news beside them) — only those it does quote, at least calls or filings. */
export function documentLead(
  request: StructuredDataRequest,
  quoted: { transcripts: boolean; filings: boolean; news: boolean },
): string {
  const own = [quoted.transcripts ? "earnings calls" : null, quoted.filings ? "SEC filings" : null];
  const manners = [
    quoted.transcripts ? "said" : null,
    quoted.filings ? "filed" : null,
    quoted.news ? "published" : null,
  ];
  const present = (items: (string | null)[]) => items.filter((i) => i !== null);
  const news = quoted.news ? ", and news articles about them," : "";
  return `This answer quotes ${possessive(companiesOf(request))} ${listOf(present(own), "and")}${news} as ${listOf(present(manners), "and")}; FinGround does not summarize or add to them.`;
}

/** The routed kinds whose search found no passage, said plainly, never left blank; `kinds` are those
 * the caller reports (the calls only when their passages are the answer). */
export function noPassageLine(request: StructuredDataRequest, found: Partial<Record<QuotedKind, number>>): string {
  const empty = (Object.keys(found) as QuotedKind[]).filter((k) => found[k] === 0 && routes(request, k));
  if (empty.length === 0) return "";
  const where = listOf(
    empty.map((k) => KIND_NAMES[k]),
    "or",
  );
  return `No passage on this was found in the ${where} FinGround holds for ${companiesOf(request)}.`;
}

/** Where the document asked is not held: one line per company, naming the nearest held document and
 * whether it is the one quoted below, so no other year or quarter is quoted as if it were the one asked. */
export function documentNoticeLines(documents: AnswerDocuments): string {
  return (documents.notices ?? [])
    .map((notice) => {
      const quoted =
        notice.asked.form === "earnings-call"
          ? documents.transcripts.some((h) => h.ticker === notice.ticker)
          : documents.filings.some((h) => h.ticker === notice.ticker);
      return documentNoticeText(notice, plainText(shortCompanyName(notice.companyName)), quoted);
    })
    .join(" ");
}
