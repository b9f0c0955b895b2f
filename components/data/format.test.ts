import { describe, expect, it } from "vitest";
import { monthName } from "./format";

describe("monthName", () => {
  it("names months 1 to 12 and says so for anything else", () => {
    expect(monthName(1)).toBe("January");
    expect(monthName(12)).toBe("December");
    expect(monthName(13)).toBe("Month 13");
  });
});
