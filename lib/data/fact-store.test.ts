// The fact store on real databases holding the seed: warmed at start, a question about any company reads only the
// data version (issue 12: each company's first question read its whole history in the middle of other chats).
// With several server processes on one PostgreSQL database, each notices what another one wrote.
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { prepareSchema } from "@/lib/ingest/prepare";
import { testBackends } from "@/test/db";
import { sliceDatabase, sliceRequest as request } from "@/test/data";
import { factStoreOf, warmFactStore } from "./fact-store";

describe.each(testBackends())("the fact store on $name with the seed", (backend) => {
  const { prisma, slice } = sliceDatabase(backend);

  it("holds every company after warming, so a slice about any of them reads nothing but the data version", async () => {
    const warmed = await warmFactStore(prisma());
    expect(warmed.companies).toBe(await prisma().company.count());
    const reads = vi.spyOn(prisma(), "$queryRaw");
    const findMany = vi.spyOn(prisma().company, "findMany");
    try {
      const result = await slice(request(["KO", "UNP", "AAPL"], ["revenue", "net_income"], { latest: true }));
      expect(new Set(result.series.map((s) => s.ticker))).toEqual(new Set(["KO", "UNP", "AAPL"]));
      expect(findMany).not.toHaveBeenCalled();
      expect(reads).toHaveBeenCalledTimes(1); // the version probe
    } finally {
      reads.mockRestore();
      findMany.mockRestore();
    }
  });

  it("is the one the start path warmed, in another copy of this module too (Next bundles the start hook apart)", async () => {
    await warmFactStore(prisma());
    vi.resetModules(); // the next import is a new copy of the module, as the routes' bundle holds
    const routesCopy: typeof import("./fact-store") = await import("./fact-store");
    const findMany = vi.spyOn(prisma().company, "findMany");
    try {
      expect(routesCopy.factStoreOf(prisma())).toBe(factStoreOf(prisma()));
      expect((await routesCopy.factStoreOf(prisma()).companies(["KO", "UNP"])).map((c) => c.info.ticker)).toEqual([
        "KO",
        "UNP",
      ]);
      expect(findMany).not.toHaveBeenCalled(); // their histories were in memory already
    } finally {
      findMany.mockRestore();
    }
  });

  it("probes the data version once for slices that start while a probe is in flight", async () => {
    await warmFactStore(prisma());
    const reads = vi.spyOn(prisma(), "$queryRaw");
    try {
      const burst = await Promise.all(
        ["KO", "UNP", "AAPL"].map((ticker) => slice(request([ticker], ["revenue"], { latest: true }))),
      );
      expect(burst.map((result) => result.series[0]?.ticker)).toEqual(["KO", "UNP", "AAPL"]);
      expect(reads).toHaveBeenCalledTimes(1);
      await slice(request(["KO"], ["revenue"], { latest: true }));
      expect(reads).toHaveBeenCalledTimes(2); // a later slice probes again
    } finally {
      reads.mockRestore();
    }
  });
});

const postgres = testBackends().find((backend) => backend.name === "postgres");

describe.skipIf(!postgres)("the fact store of one server process on PostgreSQL", () => {
  it("sees values another process writes: the data version is read from the database on every slice", async () => {
    const writer = await postgres!.open();
    // A second client on the same database, as another server process (npm start's cluster) holds.
    const reader = await openDatabase({ kind: "postgres", url: writer.url! });
    try {
      await prepareSchema(writer.db);
      const company = await writer.db.prisma.company.create({ data: { ticker: "ZZZT", name: "Test Co" } });
      const revenue = await writer.db.prisma.metric.findUniqueOrThrow({ where: { key: "revenue" } });
      const addRevenue = (fiscalYear: number, value: string) =>
        writer.db.prisma.metricValue.create({
          data: {
            companyId: company.id,
            metricId: revenue.id,
            periodStart: new Date(`${fiscalYear}-01-01`),
            periodEnd: new Date(`${fiscalYear}-12-31`),
            fiscalYear,
            fiscalPeriod: "FY",
            value,
            unit: "USD",
            sourceKind: "test",
            updatedAt: new Date(`${fiscalYear + 1}-02-01`),
          },
        });
      await addRevenue(2022, "100");
      const [before] = await factStoreOf(reader.prisma).companies(["ZZZT"]);
      expect(before!.facts.map((f) => f.fiscalYear)).toEqual([2022]);
      await addRevenue(2023, "120");
      const [after] = await factStoreOf(reader.prisma).companies(["ZZZT"]);
      expect(after!.facts.map((f) => f.fiscalYear)).toEqual([2022, 2023]);
    } finally {
      await reader.close();
      await writer.dispose();
    }
  });
});
