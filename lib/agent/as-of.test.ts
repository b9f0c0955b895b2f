import { describe, expect, it } from "vitest";
import { extractPointInTime } from "./as-of";
import { parseQuestion } from "./parse-question";

describe("extractPointInTime", () => {
  it.each([
    ["Apple's FY2009 revenue as known on 2010-01-15", "2010-01-15"],
    ["apple fy2009 revenue as reported on January 15, 2010", "2010-01-15"],
    ["Apple revenue 2009 as filed by March 2010", "2010-03-31"],
    ["Apple revenue 2009 as known at the end of 2010", "2010-12-31"],
    ["Apple revenue 2009 as known on Feb 29, 2011", null],
    ["Apple revenue as of 2022", null],
  ])("%s → %s", (question, asOf) => {
    const result = extractPointInTime(question);
    expect(result.asOf).toBe(asOf);
    expect(result.text).toHaveLength(question.length);
  });

  it("keeps the clause's date out of the period asked about, and every span in place", () => {
    const question = "Apple's fiscal 2009 revenue as known on 2010-01-15";
    const request = parseQuestion(question, { today: "2026-11-30" });
    expect(request).toMatchObject({ question, asOf: "2010-01-15", dates: { fiscal: { year: 2009, period: "FY" } } });
    expect(request.metrics.map((m) => m.key)).toEqual(["revenue"]);
    const span = request.metrics[0]!.span!;
    expect(question.slice(span.start, span.end)).toBe(span.text);
    expect(request.unrecognized).toEqual([]);
  });
});
