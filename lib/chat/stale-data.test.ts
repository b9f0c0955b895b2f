// Stale fundamentals said at the top: a "latest" question about a company whose newest filing in the
// seeded database is years old (Microsoft: a 10-Q for the quarter ended 2015-09-30) opens with that,
// and one about a company with current filings does not.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { writeAnalysis } from "@/lib/answer/analysis";
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
