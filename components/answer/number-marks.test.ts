import { describe, expect, it } from "vitest";
import type { NumberTrace, TracedNumber } from "@/lib/context/number-trace";
import { markNumbers, numberMarkOf } from "./number-marks";

const at = (text: string, written: string, status: TracedNumber["status"]): TracedNumber => {
  const start = text.indexOf(written);
  return { text: written, start, end: start + written.length, kind: "amount", status, basis: null };
};

describe("markNumbers", () => {
  const text = "Revenue was $412.6 billion in FY2024, up 2.0%, from $383.3 billion.";
  const trace: NumberTrace = {
    numbers: [at(text, "$412.6 billion", "untraced"), at(text, "2.0%", "derived"), at(text, "$383.3 billion", "found")],
    traced: 2,
    derived: 1,
    final: true,
  };

  it("links untraced and derived numbers to their marks and leaves found ones alone", () => {
    expect(markNumbers(text, trace)).toBe(
      "Revenue was [$412.6 billion](#number-untraced) in FY2024, up [2.0%](#number-derived), from $383.3 billion.",
    );
    expect(numberMarkOf("#number-untraced")).toBe("untraced");
    expect(numberMarkOf("#filing-F1")).toBeNull();
  });

  it("leaves a number that is not where the check saw it", () => {
    expect(markNumbers(`Note. ${text}`, trace)).toBe(`Note. ${text}`);
    expect(markNumbers(text, null)).toBe(text);
  });

  it("keeps the URLs of links, autolinks and bare URLs whole, and leaves code spans and link texts alone", () => {
    const url = "https://www.sec.gov/Archives/edgar/data/320193/000032019323000106/aapl-20230930.htm";
    const answer = [
      `Net sales were $383.3 billion ([10-K 2023](${url})).`,
      `See <${url}> or ${url}, and [page 59](/filings/107/pages/59?row=Total).`,
      "The series `AAPL 2023 Q4` ends at 42.",
    ].join("\n");
    const numbers = ["383.3 billion", "10", "320193", "2023", "20230930", "59", "107", "42"].flatMap((written) =>
      [...answer.matchAll(new RegExp(written.replace(".", "\\."), "g"))].map((match) => ({
        text: written,
        start: match.index,
        end: match.index + written.length,
        kind: "amount" as const,
        status: "untraced" as const,
        basis: null,
      })),
    );
    const marked = markNumbers(answer, { numbers, traced: 0, derived: 0, final: true });
    expect(marked).toContain(`([10-K 2023](${url}))`);
    expect(marked).toContain(`<${url}> or ${url},`);
    expect(marked).toContain("[page 59](/filings/107/pages/59?row=Total)");
    expect(marked).toContain("`AAPL 2023 Q4`");
    // Numbers in the prose are still marked.
    expect(marked).toContain("[383.3 billion](#number-untraced)");
    expect(marked).toContain("ends at [42](#number-untraced).");
  });
});
