// The question's instructions in the prompt (issue 16 item 9): the scale asked for, exactly, and the
// instructions and definitions section, from requests the built-in agent reads.
import { describe, expect, it } from "vitest";
import { parseQuestion } from "@/lib/agent/parse-question";
import type { Series } from "@/lib/data/types";
import { instructionsSection } from "./presentation";
import { chooseScale, formatScaled } from "./scale";

const ask = (q: string) => parseQuestion(q, { today: "2026-11-30" });

const revenue: Series = {
  ticker: "AAPL",
  companyName: "Apple Inc.",
  metricKey: "revenue",
  metricName: "Revenue",
  unitKind: "currency",
  unit: "USD",
  currency: "USD",
  frequency: "annual",
  points: [],
};

describe("the question's instructions in the prompt", () => {
  it("shows money in the scale asked for, exactly", () => {
    const scale = chooseScale([revenue], ask("Apple FY2024 revenue in USD billions").presentation?.scale ?? null);
    expect(scale.unitText).toBe("USD billions");
    expect(formatScaled("391035000000", scale)).toBe("391.035");
    expect(chooseScale([revenue], "thousands").unitText).toBe("USD thousands");
  });

  it("writes rounding, scale and statement, and nothing when the question gives none", () => {
    expect(
      instructionsSection(
        ask("Using the cash flow statement, Microsoft's FY2023 capex in USD millions, round to two decimals"),
      ),
    ).toBe(
      [
        "Answer instructions (from the question):",
        "- Round every figure you state to 2 decimal places.",
        "- State amounts of money in USD millions (the blocks above are already in that scale).",
        "- Use figures from the cash flow statement.",
      ].join("\n"),
    );
    expect(instructionsSection(ask("apple revenue 2024"))).toBeNull();
  });

  it("shows a definition beside the catalog's formula when they differ", () => {
    const section = instructionsSection(
      ask(
        "What is 3M's FY2022 quick ratio? The quick ratio is defined as (cash + accounts receivable) / current liabilities",
      ),
    );
    expect(section).toContain(
      "The question defines Quick Ratio as (cash + accounts_receivable) / current_liabilities; FinGround computes it as",
    );
    const same = instructionsSection(
      ask("Adobe FY2019 ROA, defined as net income / (average total assets between FY2018 and FY2019)"),
    );
    expect(same).toContain("the same formula as FinGround's");
  });
});
