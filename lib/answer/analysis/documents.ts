// A question about what a company's filings say (the request routes it to the filings): the answer
// is the filings' own sentences, quoted with their [F#] (lib/documents/filings/prompt.ts), after a
// lead that says so. No sentence about a filing is written here, only which companies were searched.
import { singleCompanies, type StructuredDataRequest } from "@/lib/agent/schema";
import { listOf, plainText, possessive, shortCompanyName } from "../format";

export function routesFilings(request: StructuredDataRequest): boolean {
  return request.sources.some((s) => s.source === "filings");
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

/** The lead of a document answer with no figures asked: whose filings, and that it quotes them. */
export function documentLead(request: StructuredDataRequest): string {
  return `This answer quotes ${possessive(companiesOf(request))} SEC filings as filed; FinGround does not summarize or add to them.`;
}

/** A document question whose search found no passage: said plainly, never left blank. */
export function noFilingsLine(request: StructuredDataRequest, found: number): string {
  if (found > 0 || !routesFilings(request)) return "";
  return `No passage on this was found in the filings FinGround holds for ${companiesOf(request)}.`;
}
