// The fact store on real databases holding the seed: warmed at start, a question about any company reads only the
// data version (issue 12: each company's first question read its whole history in the middle of other chats).
import { describe, expect, it, vi } from "vitest";
import { testBackends } from "@/test/db";
import { sliceDatabase, sliceRequest as request } from "@/test/data";
import { warmFactStore } from "./fact-store";

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
});
