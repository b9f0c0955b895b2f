// A bug inside the rules parser must neither take the pipeline down nor hide: the question comes back
// as not understood, and the failure is in the server log. The bug is simulated in one pass's module.
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseQuestion } from "./parse-question";

vi.mock("./as-of", () => ({
  extractPointInTime: () => {
    throw new TypeError("a bug in a parser pass");
  },
}));

describe("parseQuestion when a pass throws", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reports the whole question as not understood and logs the failure", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = parseQuestion("  Apple revenue 2023 ", { today: "2026-11-30" });
    expect(request).toMatchObject({
      companies: [],
      metrics: [],
      unrecognized: [{ text: "Apple revenue 2023", start: 2, end: 20 }],
    });
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("[agent] the rules parser failed"),
      expect.objectContaining({ message: "a bug in a parser pass" }),
    );
  });
});
