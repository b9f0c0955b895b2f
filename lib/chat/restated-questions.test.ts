// As reported or restated, on purpose (issue 30.4), through the rules agent, the Data Module and the
// built-in analyst on the seeded database. Apple's FY2019 diluted EPS was $11.89 in its FY2019 10-K and
// $2.97 in its FY2020 10-K after the 4-for-1 split of August 2020: a question about fiscal 2019 gets the
// first with the second beside it; a trend question gets the latest and says where it was restated.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import { writeAnalysis } from "@/lib/answer/analysis";
import { sliceDatabase } from "@/test/data";
import { testBackends } from "@/test/db";

const TODAY = "2025-08-01";

describe.each(testBackends())("as reported or restated on $name", (backend) => {
  const { slice } = sliceDatabase(backend);

  it("answers a named past fiscal year as its own 10-K reported it, the restatement beside it", async () => {
    const result = await slice(parseQuestion("What was Apple's diluted EPS in fiscal 2019?", { today: TODAY }));
    const point = result.series.find((s) => s.metricKey === "eps_diluted")?.points.find((p) => p.fiscalYear === 2019);
    expect(point?.value).toBe("11.89");
    const answer = writeAnalysis(result);
    expect(answer).toContain("**As reported:**");
    expect(answer).toMatch(
      /\$11\.89 as reported in the FY2019 10-K[^;]*; restated to \$2\.97 in the FY2020 10-K[^.]*, for the 4-for-1 stock split/,
    );
  });

  it("answers a trend with the latest values and names what was first reported otherwise", async () => {
    const result = await slice(
      parseQuestion("How has Apple's diluted EPS changed from fiscal 2018 to 2021?", { today: TODAY }),
    );
    const points = result.series.find((s) => s.metricKey === "eps_diluted")?.points ?? [];
    expect(points.find((p) => p.fiscalYear === 2019)?.value).toBe("2.97");
    const answer = writeAnalysis(result);
    expect(answer).toContain("**Restated:**");
    expect(answer).toMatch(/\$2\.97 as restated in the [^;]*; first reported as \$11\.89/);
  });
});
