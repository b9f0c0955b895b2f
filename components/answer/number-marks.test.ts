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
});
