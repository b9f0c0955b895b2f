import { describe, expect, it } from "vitest";
import { safeNextPath } from "./client";

describe("the page to go to after signing in", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeNextPath("/")).toBe("/");
    expect(safeNextPath("/chat/3f1c?x=1#answer")).toBe("/chat/3f1c?x=1#answer");
    expect(safeNextPath("/data")).toBe("/data");
  });

  it("sends anything that would leave the site, or is not a path, home", () => {
    for (const next of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "data",
      "",
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBe("/");
    }
  });
});
