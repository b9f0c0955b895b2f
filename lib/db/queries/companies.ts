// Companies and their aliases. Upserts by ticker so re-running ingestion or seeding changes nothing.
import type { PrismaClient } from "../generated/client";
import type { CompanyAliasDefinition } from "@/lib/catalog/types";

export interface CompanyRecord {
  ticker: string;
  cik: string | null;
  name: string;
  sector: string | null;
  industry: string | null;
  exchange: string | null;
  currency: string;
  fiscalYearEndMonth: number;
  aliases: readonly CompanyAliasDefinition[];
}

export async function upsertCompanies(prisma: PrismaClient, companies: readonly CompanyRecord[]): Promise<void> {
  for (const { aliases, ...company } of companies) {
    const saved = await prisma.company.upsert({
      where: { ticker: company.ticker },
      create: company,
      update: company,
    });
    if (aliases.length > 0) {
      await prisma.companyAlias.createMany({
        data: aliases.map((a) => ({ companyId: saved.id, alias: a.alias, kind: a.kind })),
        skipDuplicates: true,
      });
    }
  }
}

export async function companyFiscalYearEnds(prisma: PrismaClient): Promise<Map<string, number>> {
  const rows = await prisma.company.findMany({ select: { ticker: true, fiscalYearEndMonth: true } });
  return new Map(rows.map((row) => [row.ticker, row.fiscalYearEndMonth]));
}
