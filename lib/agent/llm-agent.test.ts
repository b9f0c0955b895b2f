// The LLM agent against a real OpenAI-compatible HTTP server (the fake in "json" mode): the whole
// client path runs — @ai-sdk/openai's request with response_format json_schema, the HTTP round trip,
// JSON parsing and schema validation — and every failure falls back to the built-in parser.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { ConfigError, readConfig } from "@/lib/core/config";
import { createLlmModel } from "@/lib/llm/llm";
import { FakeOpenAIServer } from "@/test/fake-openai-server";
import { COMPANIES } from "@/lib/catalog/companies";
import { METRICS, metricByKey } from "@/lib/catalog/metrics";
import {
  agentLlmConfigFromEnv,
  buildInstructions,
  createLlmAgent,
  fewShotExamples,
  normalizeLlmRequest,
  type AgentLlmConfig,
  type LlmRequest,
} from "./llm-agent";
import { parseQuestion } from "./parse-question";
import { singleCompanies, structuredDataRequestSchema } from "./schema";

const TODAY = "2025-06-15";
const QUESTION = "What was Apple's revenue in fiscal 2023?";
const NO_DATES: LlmRequest["dates"] = {
  expression: null,
  start: null,
  end: null,
  fiscalYear: null,
  fiscalPeriod: null,
  count: null,
  granularity: "any",
};

const APPLE_FY2023: LlmRequest = {
  companies: [{ ticker: "AAPL" }],
  metrics: [{ key: "revenue" }],
  dates: { ...NO_DATES, expression: "fiscal 2023", fiscalYear: 2023, fiscalPeriod: "FY", granularity: "annual" },
  documents: null,
  document: null,
  intent: "lookup",
};

const server = new FakeOpenAIServer({ mode: "json" });
let config: AgentLlmConfig;
let warn: MockInstance<typeof console.warn>;

beforeAll(async () => {
  await server.start();
  config = { baseURL: server.baseURL, model: "fake-model", timeoutMs: 5000 };
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** The model's next answer: JSON text as `choices[0].message.content`. */
function modelAnswers(content: unknown): void {
  server.setMode("json", typeof content === "string" ? content : JSON.stringify(content));
}

function warnings(): string[] {
  return warn.mock.calls.map((call) => String(call[0]));
}

/** The built-in parser's request: what every fallback must return. */
const rules = (question: string) => parseQuestion(question, { today: TODAY });

describe("the LLM agent", () => {
  it("turns the model's JSON into a request normalized against the catalog", async () => {
    modelAnswers(APPLE_FY2023);
    const agent = createLlmAgent(config);
    expect(agent.name).toBe("llm:fake-model");

    const request = await agent.parse(QUESTION, { today: TODAY });
    expect(() => structuredDataRequestSchema.parse(request)).not.toThrow();
    expect(request).toEqual({
      question: QUESTION,
      today: TODAY,
      asOf: null,
      companies: [{ kind: "company", ticker: "AAPL", name: "Apple Inc.", span: null, confidence: 0.9 }],
      metrics: [
        {
          key: "revenue",
          name: "Revenue",
          span: null,
          confidence: 0.9,
          related: metricByKey("revenue")!.related.map((key) => ({ key, name: metricByKey(key)!.name })),
        },
      ],
      dates: {
        expression: "fiscal 2023",
        start: null,
        end: null,
        latest: false,
        granularity: "annual",
        fiscal: { year: 2023, period: "FY" },
        count: null,
      },
      intent: "lookup",
      rank: null,
      screen: null,
      document: null,
      invested: null,
      sources: [
        { source: "metrics", reason: "asks for Revenue: the filed figures", sections: [] },
        { source: "news", reason: "names companies: recent news about them, for context", sections: [] },
      ],
      router: "rules",
      unrecognized: [],
      suggestions: [],
      agent: "llm:fake-model",
    });
    expect(request.metrics[0]?.related.map((r) => r.key)).toContain("gross_profit");
    expect(warnings()).toEqual([]);
  });

  it("routes a question about what the filings say to their sections, as the built-in parser does", async () => {
    modelAnswers({
      companies: [{ ticker: "NKE" }],
      metrics: [],
      dates: NO_DATES,
      intent: "lookup",
      documents: null,
      document: null,
    });
    const request = await createLlmAgent(config).parse("What are Nike's biggest risks?", { today: TODAY });
    expect(request.sources.map((s) => [s.source, s.sections])).toEqual([
      ["filings", ["1A"]],
      ["news", []],
    ]);
  });

  it("routes an earnings report to the 8-K Item 2.02, as the built-in parser does", async () => {
    modelAnswers({
      companies: [{ ticker: "NKE" }],
      metrics: [],
      dates: NO_DATES,
      intent: "lookup",
      documents: null,
      document: null,
    });
    const request = await createLlmAgent(config).parse("What did Nike's earnings report say?", { today: TODAY });
    expect(request.sources.map((s) => [s.source, s.sections])).toEqual([
      ["filings", ["8-K 2.02"]],
      ["news", []],
    ]);
  });

  it("asks for structured output: one non-streaming chat completion with a json_schema response format", async () => {
    modelAnswers(APPLE_FY2023);
    await createLlmAgent(config).parse(QUESTION, { today: TODAY });

    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body as {
      model: string;
      stream?: boolean;
      temperature?: number;
      messages: Array<{ role: string; content: unknown }>;
      response_format: {
        type: string;
        json_schema: {
          name: string;
          strict: boolean;
          schema: { type: string; required: string[]; properties: Record<string, unknown> };
        };
      };
    };
    expect(server.requests[0]!.path).toBe("/v1/chat/completions");
    expect(body.model).toBe("fake-model");
    expect(body.stream).not.toBe(true);
    expect(body.temperature).toBe(0);
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.name).toBe("structured_data_request");
    expect(body.response_format.json_schema.schema.type).toBe("object");
    expect(body.response_format.json_schema.schema.required).toEqual([
      "companies",
      "metrics",
      "dates",
      "intent",
      "documents",
      "document",
    ]);
    expect(body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(body.messages[0]!.content).toBe(buildInstructions(TODAY));
    expect(body.messages[1]!.content).toBe(`Question: ${QUESTION}`);
  });

  it("drops tickers and metric keys the catalog does not know, and reports them", async () => {
    const question = "Compare Apple and Foobar on revenue and happiness index in 2023";
    modelAnswers({
      companies: [{ ticker: "aapl" }, { ticker: "FOOBAR" }, { ticker: "AAPL" }],
      metrics: [{ key: "revenue" }, { key: "happiness_index" }],
      dates: { ...NO_DATES, expression: "2023", start: "2023-01-01", end: "2023-12-31", granularity: "annual" },
      documents: null,
      document: null,
      intent: "compare",
    });
    const request = await createLlmAgent(config).parse(question, { today: TODAY });

    expect(request.agent).toBe("llm:fake-model");
    expect(singleCompanies(request).map((c) => c.ticker)).toEqual(["AAPL"]);
    expect(request.metrics.map((m) => m.key)).toEqual(["revenue"]);
    expect(request.suggestions.map((s) => [s.kind, s.text])).toEqual([
      ["company", "FOOBAR"],
      ["metric", "happiness_index"],
    ]);
    expect(request.unrecognized).toEqual([
      { text: "Foobar", start: 18, end: 24 },
      { text: "happiness index", start: 40, end: 55 },
    ]);
    expect(question.slice(18, 24)).toBe("Foobar");
    expect(request.dates).toMatchObject({ start: "2023-01-01", end: "2023-12-31", latest: false, fiscal: null });
    expect(warnings()).toEqual([]);
  });

  it("accepts catalog names where the model gave names instead of tickers or keys", async () => {
    modelAnswers({
      ...APPLE_FY2023,
      companies: [{ ticker: "Apple" }],
      metrics: [{ key: "Net Income" }, { key: "net sales" }],
    });
    const request = await createLlmAgent(config).parse("Apple net income and net sales in fiscal 2023", {
      today: TODAY,
    });
    expect(singleCompanies(request).map((c) => c.ticker)).toEqual(["AAPL"]);
    expect(request.metrics.map((m) => m.key)).toEqual(["net_income", "revenue"]);
    expect(request.suggestions).toEqual([]);
  });

  it("works out the interval of 'last N quarters' when the model leaves it out", async () => {
    modelAnswers({
      companies: [{ ticker: "NVDA" }],
      metrics: [{ key: "net_income" }],
      dates: { ...NO_DATES, expression: "last 8 quarters", count: 8, granularity: "quarterly" },
      documents: null,
      document: null,
      intent: "trend",
    });
    const question = "Show NVDA net income over the last 8 quarters";
    const request = await createLlmAgent(config).parse(question, { today: TODAY });
    expect(request.dates).toEqual(rules(question).dates);
    expect(request.dates).toMatchObject({ start: "2023-07-01", end: TODAY, count: 8, latest: false });
  });

  it.each([
    ["invalid JSON", "Apple's revenue was $383 billion.", /invalid JSON from the model/],
    ["truncated JSON", '{"companies":[{"ticker":"AAPL"}],"metrics":[', /invalid JSON from the model/],
    [
      "an object that fails the schema (bad intent)",
      { ...APPLE_FY2023, intent: "guess" },
      /does not match the schema: intent/,
    ],
    [
      "an object that fails the schema (no dates)",
      { companies: [{ ticker: "AAPL" }], metrics: [], intent: "lookup" },
      /does not match the schema: dates/,
    ],
    [
      "impossible dates (start after end)",
      {
        ...APPLE_FY2023,
        dates: { ...NO_DATES, expression: "2023", start: "2023-12-31", end: "2023-01-01", granularity: "annual" },
      },
      /invalid dates: start 2023-12-31 is after end 2023-01-01/,
    ],
    [
      "a date that does not exist",
      {
        ...APPLE_FY2023,
        dates: { ...NO_DATES, expression: "2023", start: "2023-02-30", end: "2023-12-31", granularity: "annual" },
      },
      /invalid dates: start "2023-02-30"/,
    ],
    [
      "no company and no metric where the rules find some",
      {
        companies: [{ ticker: "ZZZZ" }],
        metrics: [],
        dates: NO_DATES,
        intent: "lookup",
        documents: null,
        document: null,
      },
      /no company and no metric recognized/,
    ],
  ])("falls back to the built-in parser on %s", async (_case, content, reason) => {
    modelAnswers(content);
    const request = await createLlmAgent(config).parse(QUESTION, { today: TODAY });
    expect(request).toEqual(rules(QUESTION));
    expect(request.agent).toBe("rules");
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/^\[agent\] llm:fake-model failed \(.+\); using the built-in parser$/);
    expect(warnings()[0]).toMatch(reason);
  });

  it("falls back on an HTTP 500", async () => {
    server.setMode("error");
    const request = await createLlmAgent(config).parse(QUESTION, { today: TODAY });
    expect(request).toEqual(rules(QUESTION));
    expect(warnings()).toEqual([
      expect.stringMatching(
        /^\[agent\] llm:fake-model failed \(HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/v1: .*failed on purpose.*\); using the built-in parser$/,
      ),
    ]);
  });

  it("falls back when nothing listens", async () => {
    const gone = new FakeOpenAIServer();
    const { baseURL } = await gone.start();
    await gone.stop();
    const request = await createLlmAgent({ ...config, baseURL }).parse(QUESTION, { today: TODAY });
    expect(request).toEqual(rules(QUESTION));
    expect(warnings()).toEqual([
      expect.stringMatching(
        /^\[agent\] llm:fake-model failed \(cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\)\); using the built-in parser$/,
      ),
    ]);
  });

  describe("against a slow model", () => {
    const slow = new FakeOpenAIServer({ mode: "slow", slowMs: 10_000 });
    beforeAll(() => slow.start());
    afterAll(() => slow.stop());

    it("falls back after the timeout, long before the model would answer", async () => {
      const started = Date.now();
      const request = await createLlmAgent({ ...config, baseURL: slow.baseURL, timeoutMs: 300 }).parse(QUESTION, {
        today: TODAY,
      });
      const elapsed = Date.now() - started;
      expect(request).toEqual(rules(QUESTION));
      expect(elapsed).toBeGreaterThanOrEqual(290);
      // The model answers after 10 s: falling back well before it is the timeout at work, however loaded the machine.
      expect(elapsed).toBeLessThan(8000);
      expect(warnings()).toEqual(["[agent] llm:fake-model failed (timeout after 300 ms); using the built-in parser"]);
    });

    it("honours the caller's abort signal: stops waiting at once and answers with the built-in parser", async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const started = Date.now();
      const request = await createLlmAgent({ ...config, baseURL: slow.baseURL }).parse(QUESTION, {
        today: TODAY,
        abortSignal: controller.signal,
      });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(request).toEqual(rules(QUESTION));
      expect(warnings()).toEqual(["[agent] llm:fake-model failed (aborted by the caller); using the built-in parser"]);

      const before = slow.requests.length;
      expect(
        (
          await createLlmAgent({ ...config, baseURL: slow.baseURL }).parse(QUESTION, {
            today: TODAY,
            abortSignal: AbortSignal.abort(),
          })
        ).agent,
      ).toBe("rules");
      expect(slow.requests.length).toBe(before); // already aborted: no request sent
    });
  });

  it("builds the model once, with the injected factory", async () => {
    modelAnswers(APPLE_FY2023);
    const createModel = vi.fn(createLlmModel);
    const agent = createLlmAgent(config, { createModel });
    expect((await agent.parse(QUESTION, { today: TODAY })).agent).toBe("llm:fake-model");
    expect((await agent.parse(QUESTION, { today: TODAY })).agent).toBe("llm:fake-model");
    expect(createModel).toHaveBeenCalledTimes(1);
    expect(createModel).toHaveBeenCalledWith(config);
  });

  it("falls back when the model cannot even be built, and tries again next time", async () => {
    modelAnswers(APPLE_FY2023);
    const createModel = vi.fn().mockRejectedValueOnce(new Error("no provider")).mockImplementation(createLlmModel);
    const agent = createLlmAgent(config, { createModel });
    expect((await agent.parse(QUESTION, { today: TODAY })).agent).toBe("rules");
    expect(warnings()[0]).toContain("(Error: no provider)");
    expect((await agent.parse(QUESTION, { today: TODAY })).agent).toBe("llm:fake-model");
  });

  it("rejects a malformed reference date like the built-in parser, before any request", async () => {
    await expect(createLlmAgent(config).parse(QUESTION, { today: "15/06/2025" })).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("the LLM router", () => {
  const RISKS = "What are Nike's biggest risks?";
  const nike = (documents: unknown) => ({
    companies: [{ ticker: "NKE" }],
    metrics: [],
    dates: NO_DATES,
    intent: "lookup",
    documents,
    document: null,
  });

  it("takes the model's document routes when they are valid, the rules' figures and news beside them", async () => {
    modelAnswers(
      nike([{ source: "filings", sections: ["1A", "3", "1A"], reason: "asks about risks, lawsuits included" }]),
    );
    const request = await createLlmAgent(config).parse(RISKS, { today: TODAY });
    expect(request.router).toBe("llm:fake-model");
    expect(request.sources).toEqual([
      { source: "filings", sections: ["1A", "3"], reason: "asks about risks, lawsuits included" },
      { source: "news", sections: [], reason: "names companies: recent news about them, for context" },
    ]);
    expect(rules(RISKS).sources.find((s) => s.source === "filings")?.sections).toEqual(["1A"]);
    expect(warnings()).toEqual([]);
  });

  it("leaves the routing to the rules when the model says null", async () => {
    modelAnswers(nike(null));
    const request = await createLlmAgent(config).parse(RISKS, { today: TODAY });
    expect(request.router).toBe("rules");
    expect(request.sources).toEqual(rules(RISKS).sources);
    expect(warnings()).toEqual([]);
  });

  it.each([
    ["a source FinGround does not search", [{ source: "blogs", sections: [], reason: "x" }], /0\.source/],
    ["a section no filing has", [{ source: "filings", sections: ["Item 99"], reason: "x" }], /not a filing section/],
    ["an empty reason", [{ source: "filings", sections: ["1A"], reason: " " }], /reason/],
    [
      "a source named twice",
      [
        { source: "filings", sections: ["1A"], reason: "x" },
        { source: "filings", sections: ["3"], reason: "y" },
      ],
      /a source named twice/,
    ],
  ])("falls back to the rules' routes on %s, keeping the model's reading", async (_case, documents, reason) => {
    modelAnswers(nike(documents));
    const request = await createLlmAgent(config).parse(RISKS, { today: TODAY });
    expect(request.agent).toBe("llm:fake-model");
    expect(request.router).toBe("rules");
    expect(request.sources).toEqual(rules(RISKS).sources);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(
      /^\[agent\] llm:fake-model proposed unusable document routes \(.+\); the rules route this question$/,
    );
    expect(warnings()[0]).toMatch(reason);
  });

  it("routes by the rules when the model times out", async () => {
    const slow = new FakeOpenAIServer({ mode: "slow", slowMs: 10_000 });
    await slow.start();
    try {
      const request = await createLlmAgent({ ...config, baseURL: slow.baseURL, timeoutMs: 300 }).parse(RISKS, {
        today: TODAY,
      });
      expect(request.router ?? "rules").toBe("rules");
      expect(request.sources).toEqual(rules(RISKS).sources);
      expect(warnings()).toEqual(["[agent] llm:fake-model failed (timeout after 300 ms); using the built-in parser"]);
    } finally {
      await slow.stop();
    }
  });
});

describe("instructions and few-shot examples", () => {
  it("list every metric key, every ticker and today's date", () => {
    const instructions = buildInstructions(TODAY);
    for (const metric of METRICS) expect(instructions).toContain(`\n${metric.key}: ${metric.name}`);
    for (const company of COMPANIES) expect(instructions).toContain(`\n${company.ticker}: ${company.name}`);
    expect(instructions).toContain(`Today is ${TODAY}.`);
  });

  it("have 5 to 8 examples that normalize cleanly and agree with the built-in parser", () => {
    const examples = fewShotExamples(TODAY);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    expect(examples.length).toBeLessThanOrEqual(8);
    for (const { question, output } of examples) {
      const request = normalizeLlmRequest(output, { question, today: TODAY, agent: "llm:test" });
      const expected = rules(question);
      expect(request.suggestions, question).toEqual([]);
      expect(
        singleCompanies(request).map((c) => c.ticker),
        question,
      ).toEqual(singleCompanies(expected).map((c) => c.ticker));
      expect(
        request.metrics.map((m) => m.key),
        question,
      ).toEqual(expected.metrics.map((m) => m.key));
      expect(request.dates, question).toEqual(expected.dates);
      expect(request.intent, question).toBe(expected.intent);
      expect(request.document, question).toEqual(expected.document);
    }
  });
});

describe("the fake server's json mode", () => {
  it("refuses a malformed response_format with HTTP 400, as an OpenAI server does", async () => {
    modelAnswers(APPLE_FY2023);
    const post = (body: object) =>
      fetch(`${server.baseURL}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const messages = [{ role: "user", content: "hi" }];
    expect((await post({ model: "fake-model", messages, response_format: { type: "yaml" } })).status).toBe(400);
    expect((await post({ model: "fake-model", messages, response_format: { type: "json_schema" } })).status).toBe(400);
    const ok = await post({ model: "fake-model", messages, response_format: { type: "json_object" } });
    expect(ok.status).toBe(200);
    const completion = (await ok.json()) as { choices: Array<{ message: { content: string } }> };
    expect(JSON.parse(completion.choices[0]!.message.content)).toEqual(APPLE_FY2023);
  });
});

describe("agentLlmConfigFromEnv", () => {
  it("is null without AGENT_BASE_URL or AGENT_MODEL (the built-in parser answers)", () => {
    expect(agentLlmConfigFromEnv(readConfig({}))).toBeNull();
    expect(agentLlmConfigFromEnv(readConfig({ AGENT_BASE_URL: "http://127.0.0.1:8000/v1" }))).toBeNull();
    expect(agentLlmConfigFromEnv(readConfig({ AGENT_MODEL: "qwen2.5" }))).toBeNull();
    expect(agentLlmConfigFromEnv(readConfig({ AGENT_BASE_URL: " ", AGENT_MODEL: "qwen2.5" }))).toBeNull();
    // The answer stage's variables are not the agent's.
    expect(
      agentLlmConfigFromEnv(readConfig({ OPENAI_BASE_URL: "http://127.0.0.1:8000/v1", LLM_MODEL: "llama3" })),
    ).toBeNull();
  });

  it("reads a local server without an API key, with the default timeout of 15 s", () => {
    expect(
      agentLlmConfigFromEnv(readConfig({ AGENT_BASE_URL: "http://127.0.0.1:8000/v1/", AGENT_MODEL: "qwen2.5" })),
    ).toEqual({
      baseURL: "http://127.0.0.1:8000/v1",
      model: "qwen2.5",
      timeoutMs: 15_000,
    });
  });

  it("reads the API key and the timeout when given", () => {
    expect(
      agentLlmConfigFromEnv(
        readConfig({
          AGENT_BASE_URL: "https://api.openai.com/v1",
          AGENT_API_KEY: "sk-test",
          AGENT_MODEL: "gpt-4o-mini",
          AGENT_TIMEOUT_MS: "3000",
        }),
      ),
    ).toEqual({ baseURL: "https://api.openai.com/v1", apiKey: "sk-test", model: "gpt-4o-mini", timeoutMs: 3000 });
  });

  it.each([
    [
      { AGENT_BASE_URL: "localhost:8000", AGENT_MODEL: "m" },
      /AGENT_BASE_URL must be an http\(s\) URL.*got "localhost:8000"/,
    ],
    [{ AGENT_BASE_URL: "ftp://host/v1", AGENT_MODEL: "m" }, /AGENT_BASE_URL/],
    [
      { AGENT_BASE_URL: "http://h/v1", AGENT_MODEL: "m", AGENT_TIMEOUT_MS: "abc" },
      /AGENT_TIMEOUT_MS must be a number of milliseconds \(got "abc"\)/,
    ],
    [
      { AGENT_BASE_URL: "http://h/v1", AGENT_MODEL: "m", AGENT_TIMEOUT_MS: "0" },
      /AGENT_TIMEOUT_MS must be greater than 0/,
    ],
    [
      { AGENT_BASE_URL: "http://h/v1", AGENT_MODEL: "m", AGENT_TIMEOUT_MS: "1.5" },
      /AGENT_TIMEOUT_MS must be a whole number/,
    ],
    [{ AGENT_BASE_URL: "http://h/v1", AGENT_MODEL: "m", AGENT_TIMEOUT_MS: "15s" }, /AGENT_TIMEOUT_MS.*got "15s"/],
  ])("rejects invalid values, naming the variable: %o", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
    expect(() => readConfig(env)).toThrow(/^Invalid configuration: /);
  });
});

describe("the document the LLM agent reads", () => {
  const CALL = "What did Microsoft say on the Q2 2023 earnings call?";
  const microsoft = (document: unknown) => ({
    companies: [{ ticker: "MSFT" }],
    metrics: [],
    dates: { ...NO_DATES, expression: "Q2 2023", start: "2023-04-01", end: "2023-06-30", granularity: "quarterly" },
    intent: "lookup",
    documents: null,
    document,
  });

  it("takes the document the model names, on the same schema", async () => {
    modelAnswers(microsoft({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 2 }));
    const request = await createLlmAgent(config).parse(CALL, { today: TODAY });
    expect(request.agent).toBe("llm:fake-model");
    expect(request.document).toEqual({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 2 });
  });

  it("reads the document from the question's words where the model names none", async () => {
    modelAnswers(microsoft(null));
    const request = await createLlmAgent(config).parse(CALL, { today: TODAY });
    expect(request.agent).toBe("llm:fake-model");
    expect(request.document).toEqual({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 2 });
  });

  it("drops a quarter out of range and a 10-K's quarter", async () => {
    modelAnswers(microsoft({ form: "10-K", fiscalYear: 2022, fiscalQuarter: 2 }));
    const tenK = await createLlmAgent(config).parse("Microsoft's FY2022 10-K on competition", { today: TODAY });
    expect(tenK.document).toEqual({ form: "10-K", fiscalYear: 2022, fiscalQuarter: null });
    modelAnswers(microsoft({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: 7 }));
    const call = await createLlmAgent(config).parse(CALL, { today: TODAY });
    expect(call.document).toEqual({ form: "earnings-call", fiscalYear: 2023, fiscalQuarter: null });
  });
});
