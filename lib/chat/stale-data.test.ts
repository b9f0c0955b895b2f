// Stale fundamentals said at the top: a "latest" question about a company whose newest filing in the
// seeded database is years old (Microsoft: a 10-Q for the quarter ended 2015-09-30) opens with that,
// and one about a company with current filings does not. Where newer 10-Ks are held as documents than the
// figures read, the notice names them (issue 30.8: "the newest filing held" was read off XBRL alone).
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { writeAnalysis } from "@/lib/answer/analysis";
import { insertFiling } from "@/lib/documents/filings/store";
import { FILING_CHUNKING_VERSION } from "@/lib/ingest/filing-chunks";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";

const TODAY = "2026-12-01";

describe.each(testBackends())("stale fundamentals on $name", (backend) => {
  const { slice } = sliceDatabase(backend);

  it("opens a latest answer on Microsoft with the age of its newest filing", async () => {
    const answer = writeAnalysis(await slice(parseQuestion("What is Microsoft's latest revenue?", { today: TODAY })));
    expect(answer.split("\n")[0]).toMatch(
      /^\*\*Old data:\*\* the newest Microsoft filing held is from 2015 \(Q1 FY2016, the period ended Sep 30, 2015\)/,
    );
  });

  it("says the filings stopped while the prices went on, and that the latest price is old", async () => {
    // The seed's prices end 2025-07-24, Microsoft's filings with the quarter ended 2015-09-30.
    const answer = writeAnalysis(
      await slice(parseQuestion("What is Microsoft's latest revenue?", { today: "2025-08-01" })),
    );
    expect(answer).toContain(
      "the newest Microsoft filing held is from 2015 (Q1 FY2016, the period ended Sep 30, 2015), while its prices held run to Jul 24, 2025, so these are not current figures",
    );
    const price = writeAnalysis(await slice(parseQuestion("What is Apple's stock price?", { today: TODAY })));
    expect(price.split("\n")[0]).toMatch(
      /^\*\*Old data:\*\* the latest Apple (closing )?price held is from Jul 24, 2025, 495 days before Dec 1, 2026\.$/,
    );
  });

  it("never mixes the companies' latest periods silently", async () => {
    const answer = writeAnalysis(
      await slice(parseQuestion("Compare Apple and Microsoft latest revenue", { today: TODAY })),
    );
    expect(answer).toMatch(
      /\*\*Different periods:\*\* the latest values held are not for the same period: Apple Q1 FY2026 \(ended Dec 27, 2025\) and Microsoft Q1 FY2016 \(ended Sep 30, 2015\)\./,
    );
  });

  it("says nothing of the kind for Apple, nor for a question naming an old period", async () => {
    const apple = writeAnalysis(await slice(parseQuestion("What is Apple's latest revenue?", { today: TODAY })));
    expect(apple).not.toContain("Old data");
    const named = writeAnalysis(
      await slice(parseQuestion("What was Microsoft's revenue in fiscal 2015?", { today: TODAY })),
    );
    expect(named).not.toContain("Old data");
  });
});

describe.each(testBackends())("stale figures beside newer filings held on $name", (backend) => {
  // Microsoft's FY2023 10-K held as a document (its text only: no figure of it is among the values).
  const { slice } = sliceDatabase(backend, async (db) => {
    const text = "Microsoft's cloud revenue grew.";
    await insertFiling(
      db.prisma,
      {
        ticker: "MSFT",
        companyName: "Microsoft Corporation",
        form: "10-K",
        fiscalYear: 2023,
        fiscalPeriod: "FY",
        periodEnd: "2023-06-30",
        filedDate: "2023-07-27",
        sourceUrl: null,
        sourceKey: "MICROSOFT_2023_10K",
        source: "financebench",
        pages: [text],
        pageCount: 1,
        sectionsFound: ["7"],
        chunking: FILING_CHUNKING_VERSION,
        chunks: [
          {
            sectionCode: "7",
            sectionTitle: "Item 7",
            pageIndex: 0,
            charStart: 0,
            charEnd: text.length,
            isTable: false,
            isFinancialStatement: false,
            text,
            header: "Item 7",
            summary: null,
          },
        ],
      },
      null,
    );
  });

  it("does not call the 2015 figures the newest filing held: it names the newer 10-K and what it lacks", async () => {
    const answer = writeAnalysis(await slice(parseQuestion("What is Microsoft's latest revenue?", { today: TODAY })));
    expect(answer).not.toContain("the newest Microsoft filing held is from 2015");
    expect(answer.split("\n")[0]).toBe(
      "**Old data:** the newest Microsoft figures held for this are for Q1 FY2016 (the period ended Sep 30, 2015), while its prices held run to Jul 24, 2025; its filings held run to the FY2023 10-K (the period ended Jun 30, 2023), whose figures for this are not held, so these are not current figures.",
    );
  });

  it("says nothing of age for a trend that names its fiscal years", async () => {
    const answer = writeAnalysis(
      await slice(parseQuestion("How did Microsoft's revenue change from fiscal 2012 to 2015?", { today: TODAY })),
    );
    expect(answer).not.toContain("Old data");
  });
});
