import { generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { writeAnalysis } from "./analysis";
import { createAnalystModel, wordGroups } from "./analyst-model";
import { appleRevenue, slice } from "@/test/slices";

const s = slice("lookup", [appleRevenue()]);
const prompt = { instructions: "You are FinGround.", prompt: "What was Apple's revenue?" };

describe("createAnalystModel", () => {
  it("is a v4 language model of the finground provider", () => {
    const model = createAnalystModel(s);
    expect(model.specificationVersion).toBe("v4");
    expect(model.provider).toBe("finground");
    expect(model.modelId).toBe("analyst");
  });

  it("streams writeAnalysis through streamText, in several deltas", async () => {
    const result = streamText({ model: createAnalystModel(s), ...prompt });
    const deltas: string[] = [];
    for await (const part of result.stream) if (part.type === "text-delta") deltas.push(part.text);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join("")).toBe(writeAnalysis(s));
    expect(await result.text).toBe(writeAnalysis(s));
    expect(await result.finishReason).toBe("stop");
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
  });

  it("returns the whole answer from generateText", async () => {
    const result = await generateText({ model: createAnalystModel(s), ...prompt });
    expect(result.text).toBe(writeAnalysis(s));
    expect(result.finishReason).toBe("stop");
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("user stopped"));
    const result = streamText({ model: createAnalystModel(s), ...prompt, abortSignal: controller.signal });
    const types: string[] = [];
    for await (const part of result.stream) types.push(part.type);
    expect(types).not.toContain("text-delta");
  });
});

describe("wordGroups", () => {
  it("re-joins to the exact text, whitespace and newlines included", () => {
    const text = "  Apple's revenue was $391.0 billion.\n\n- FY2024: up 2.0%\n";
    expect(wordGroups(text, 3).join("")).toBe(text);
    expect(wordGroups("", 3)).toEqual([]);
    expect(wordGroups("one", 3)).toEqual(["one"]);
  });
});
