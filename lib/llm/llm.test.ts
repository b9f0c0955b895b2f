import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "@/lib/core/config";
import { createLlmModel, llmConfigFromEnv } from "./llm";

describe("llmConfigFromEnv", () => {
  it("is null without a base URL or a model (the analyst answers)", () => {
    expect(llmConfigFromEnv(readConfig({}))).toBeNull();
    expect(llmConfigFromEnv(readConfig({ OPENAI_BASE_URL: "http://127.0.0.1:8000/v1" }))).toBeNull();
    expect(llmConfigFromEnv(readConfig({ LLM_MODEL: "llama3" }))).toBeNull();
    expect(llmConfigFromEnv(readConfig({ OPENAI_BASE_URL: "  ", LLM_MODEL: "llama3" }))).toBeNull();
  });

  it("reads a local server without an API key, with the default timeout", () => {
    expect(llmConfigFromEnv(readConfig({ OPENAI_BASE_URL: "http://127.0.0.1:8000/v1/", LLM_MODEL: "llama3" }))).toEqual(
      {
        baseURL: "http://127.0.0.1:8000/v1",
        model: "llama3",
        timeoutMs: 20_000,
      },
    );
  });

  it("reads the API key and timeout when given", () => {
    expect(
      llmConfigFromEnv(
        readConfig({
          OPENAI_BASE_URL: "https://api.openai.com/v1",
          OPENAI_API_KEY: "sk-test",
          LLM_MODEL: "gpt-4o-mini",
          LLM_TIMEOUT_MS: "5000",
        }),
      ),
    ).toEqual({ baseURL: "https://api.openai.com/v1", apiKey: "sk-test", model: "gpt-4o-mini", timeoutMs: 5000 });
  });

  it.each([
    [
      { OPENAI_BASE_URL: "localhost:8000", LLM_MODEL: "m" },
      /OPENAI_BASE_URL must be an http\(s\) URL.*got "localhost:8000"/,
    ],
    [{ OPENAI_BASE_URL: "ftp://host/v1", LLM_MODEL: "m" }, /OPENAI_BASE_URL/],
    [
      { OPENAI_BASE_URL: "http://h/v1", LLM_MODEL: "m", LLM_TIMEOUT_MS: "abc" },
      /LLM_TIMEOUT_MS must be a number of milliseconds \(got "abc"\)/,
    ],
    [{ OPENAI_BASE_URL: "http://h/v1", LLM_MODEL: "m", LLM_TIMEOUT_MS: "0" }, /LLM_TIMEOUT_MS must be greater than 0/],
    [
      { OPENAI_BASE_URL: "http://h/v1", LLM_MODEL: "m", LLM_TIMEOUT_MS: "1.5" },
      /LLM_TIMEOUT_MS must be a whole number/,
    ],
    [{ OPENAI_BASE_URL: "http://h/v1", LLM_MODEL: "m", LLM_TIMEOUT_MS: "20s" }, /LLM_TIMEOUT_MS/],
  ])("rejects invalid values with the variable named: %o", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("createLlmModel", () => {
  it("uses the chat completions API, and needs no OPENAI_API_KEY for local servers", async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const model = await createLlmModel({ baseURL: "http://127.0.0.1:1/v1", model: "llama3", timeoutMs: 1000 });
      expect(model.specificationVersion).toBe("v4");
      expect(model.provider).toBe("openai.chat");
      expect(model.modelId).toBe("llama3");
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});
