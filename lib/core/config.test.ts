// The configuration module against the documented table (docs/configuration.md): every documented variable is read, and
// only those; a wrong value is refused naming the variable; the process reads its environment once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appConfig, CONFIG_VARIABLES, ConfigError, readConfig, serverProcesses, type Config } from "./config";

/** The variables named in the first column of docs/configuration.md's table. */
function documentedVariables(): string[] {
  const doc = readFileSync(path.join(__dirname, "../../docs/configuration.md"), "utf8");
  return doc
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
}

/** A valid value for every variable, none of them its default. */
const SAMPLE: Record<keyof Config, string> = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/postgres",
  DATABASE_POOL_SIZE: "40",
  FINGROUND_PGLITE_DIR: ".data/other",
  FINGROUND_SERVED_PGLITE_DIR: "/srv/finground/pglite",
  FINGROUND_DATA_DIR: "/data/finground",
  OPENAI_BASE_URL: "http://127.0.0.1:8000/v1",
  LLM_MODEL: "llama3",
  OPENAI_API_KEY: "sk-answer",
  LLM_TIMEOUT_MS: "5000",
  AGENT_ENDPOINT_URL: "http://agent:3000/api/agent",
  AGENT_BASE_URL: "http://127.0.0.1:8001/v1",
  AGENT_MODEL: "qwen2.5",
  AGENT_API_KEY: "sk-agent",
  AGENT_TIMEOUT_MS: "3000",
  FINGROUND_QUESTION_TIME_MS: "8000",
  AGENT_ENDPOINT_TOKEN: "a-service-token-of-at-least-32-characters",
  FINGROUND_AGENT_RATE_LIMIT: "10/60",
  SEARCH_BACKEND: "elasticsearch",
  ELASTICSEARCH_URL: "http://es:9200",
  ELASTICSEARCH_INDEX: "news-2",
  ELASTICSEARCH_API_KEY: "es-key",
  ELASTICSEARCH_USERNAME: "elastic",
  ELASTICSEARCH_PASSWORD: "changeme",
  EMBEDDING_BASE_URL: "http://127.0.0.1:8002/v1",
  EMBEDDING_MODEL: "bge-small",
  EMBEDDING_API_KEY: "sk-embed",
  EMBEDDING_TIMEOUT_MS: "9000",
  NEWS_K: "5",
  NEWS_THRESHOLD: "0.5",
  NEWS_VECTOR_WEIGHT: "0.6",
  NEWS_KEYWORD_WEIGHT: "0.4",
  NEWS_FEEDS: "https://a.example/rss, https://b.example/atom",
  NEWS_FEEDS_POLL: "on",
  NEWS_FEEDS_INTERVAL_MINUTES: "15",
  NEWS_EMBED_ON_START: "off",
  DOCUMENTS_LOAD_ON_START: "off",
  TRANSCRIPTS_K_PER_QUARTER: "10",
  FINGROUND_TODAY: "2026-11-30",
  PORT: "4000",
  FINGROUND_SERVER_PROCESSES: "3",
  FINGROUND_BACKGROUND_WORK: "off",
  HOST: "0.0.0.0",
  BETTER_AUTH_SECRET: "a-session-secret-of-at-least-32-characters",
  BETTER_AUTH_URL: "https://finground.example",
  FINGROUND_DEMO_ACCOUNTS: "0",
  FINGROUND_CHAT_RATE_LIMIT: "off",
  FINGROUND_SIGNIN_RATE_LIMIT: "3/60",
  FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT: "9/60",
  FINGROUND_SIGNUP_RATE_LIMIT: "2/60",
  FINGROUND_TRUSTED_PROXIES: "1",
  NEXT_TELEMETRY_DISABLED: "1",
  NODE_ENV: "production",
};

describe("the configuration", () => {
  it("reads exactly the variables docs/configuration.md documents", () => {
    expect([...CONFIG_VARIABLES].sort()).toEqual([...new Set(documentedVariables())].sort());
  });

  it("parses every variable into its typed value", () => {
    const config = readConfig(SAMPLE);
    for (const name of CONFIG_VARIABLES) expect(config[name], name).toBeDefined();
    expect(config).toMatchObject({
      DATABASE_POOL_SIZE: 40,
      LLM_TIMEOUT_MS: 5000,
      FINGROUND_AGENT_RATE_LIMIT: { max: 10, windowSeconds: 60 },
      FINGROUND_CHAT_RATE_LIMIT: null,
      NEWS_THRESHOLD: 0.5,
      NEWS_FEEDS: ["https://a.example/rss", "https://b.example/atom"],
      NEWS_FEEDS_POLL: true,
      NEWS_EMBED_ON_START: false,
      DOCUMENTS_LOAD_ON_START: false,
      FINGROUND_TRUSTED_PROXIES: 1,
      PORT: 4000,
      FINGROUND_SERVER_PROCESSES: 3,
      FINGROUND_BACKGROUND_WORK: false,
    });
  });

  it("runs one server process per core on PostgreSQL and on PGlite, or as many as configured", () => {
    expect(serverProcesses(readConfig({ DATABASE_URL: "postgresql://db/x" }), 4)).toMatchObject({ count: 4 });
    expect(serverProcesses(readConfig({}), 4)).toMatchObject({ count: 4, reason: expect.stringContaining("PGlite") });
    const configured = readConfig({ DATABASE_URL: "postgresql://db/x", FINGROUND_SERVER_PROCESSES: "2" });
    expect(serverProcesses(configured, 4)).toEqual({ count: 2, reason: "FINGROUND_SERVER_PROCESSES" });
  });

  it("gives the documented defaults when nothing is set, and treats empty values as unset", () => {
    const defaults = {
      DATABASE_POOL_SIZE: 20,
      FINGROUND_PGLITE_DIR: ".data/pglite",
      LLM_TIMEOUT_MS: 20_000,
      AGENT_TIMEOUT_MS: 15_000,
      EMBEDDING_TIMEOUT_MS: 15_000,
      FINGROUND_AGENT_RATE_LIMIT: { max: 60, windowSeconds: 60 },
      SEARCH_BACKEND: "postgres",
      ELASTICSEARCH_INDEX: "finground-news",
      NEWS_K: 20,
      NEWS_THRESHOLD: 0.2,
      NEWS_VECTOR_WEIGHT: 0.7,
      NEWS_KEYWORD_WEIGHT: 0.3,
      NEWS_FEEDS: [],
      NEWS_FEEDS_POLL: false,
      NEWS_FEEDS_INTERVAL_MINUTES: 30,
      NEWS_EMBED_ON_START: true,
      DOCUMENTS_LOAD_ON_START: true,
      PORT: 3000,
      FINGROUND_BACKGROUND_WORK: true,
      FINGROUND_CHAT_RATE_LIMIT: { max: 30, windowSeconds: 60 },
      FINGROUND_SIGNIN_RATE_LIMIT: { max: 5, windowSeconds: 300 },
      FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT: { max: 20, windowSeconds: 300 },
      FINGROUND_SIGNUP_RATE_LIMIT: { max: 10, windowSeconds: 3600 },
      FINGROUND_TRUSTED_PROXIES: 0,
    };
    expect(readConfig({})).toMatchObject(defaults);
    expect(readConfig(Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, "  "])))).toMatchObject(defaults);
  });

  it.each([
    [{ DATABASE_POOL_SIZE: "lots" }, 'DATABASE_POOL_SIZE must be a whole number of connections, e.g. 20 (got "lots")'],
    [{ LLM_TIMEOUT_MS: "20s" }, 'LLM_TIMEOUT_MS must be a number of milliseconds (got "20s")'],
    [
      { OPENAI_BASE_URL: "localhost:8000" },
      'OPENAI_BASE_URL must be an http(s) URL such as http://127.0.0.1:8000/v1 (got "localhost:8000")',
    ],
    [
      { FINGROUND_CHAT_RATE_LIMIT: "30 per minute" },
      'FINGROUND_CHAT_RATE_LIMIT must look like "30/60" (at most 30 per 60 seconds) or "off" (got "30 per minute")',
    ],
    [{ FINGROUND_SIGNUP_RATE_LIMIT: "0/60" }, "FINGROUND_SIGNUP_RATE_LIMIT must look like"],
    [{ SEARCH_BACKEND: "solr" }, 'SEARCH_BACKEND must be "postgres" or "elasticsearch" (got "solr")'],
    [{ SEARCH_BACKEND: "elasticsearch" }, "ELASTICSEARCH_URL must be set when SEARCH_BACKEND=elasticsearch"],
    [{ NEWS_THRESHOLD: "2" }, 'NEWS_THRESHOLD must be at most 1 (got "2")'],
    [{ NEWS_FEEDS: "https://a.example/rss, not a url" }, "NEWS_FEEDS must be comma-separated feed URLs"],
    [{ NEWS_EMBED_ON_START: "yes" }, 'NEWS_EMBED_ON_START must be "on" or "off" (got "yes")'],
    [{ FINGROUND_TODAY: "30/11/2026" }, 'FINGROUND_TODAY must be a date written YYYY-MM-DD (got "30/11/2026")'],
    [{ FINGROUND_TRUSTED_PROXIES: "11" }, 'FINGROUND_TRUSTED_PROXIES must be at most 10 (got "11")'],
    [{ PORT: "http" }, 'PORT must be a port number (1-65535) (got "http")'],
    [
      { FINGROUND_SERVER_PROCESSES: "0", DATABASE_URL: "postgresql://db/x" },
      "FINGROUND_SERVER_PROCESSES must be at least 1",
    ],
  ])("refuses a wrong value, naming the variable: %o", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it("names every wrong variable at once, and never repeats a secret's value", () => {
    const env = { AGENT_ENDPOINT_TOKEN: "short-token", BETTER_AUTH_SECRET: "short-secret", NEWS_K: "0" };
    let message = "";
    try {
      readConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain("AGENT_ENDPOINT_TOKEN must be at least 32 characters");
    expect(message).toContain("BETTER_AUTH_SECRET must be at least 32 characters");
    expect(message).toContain('NEWS_K must be at least 1 (got "0")');
    expect(message).not.toMatch(/short-token|short-secret/);
  });

  describe("appConfig", () => {
    const saved = process.env.NEWS_K;
    afterEach(() => {
      if (saved === undefined) delete process.env.NEWS_K;
      else process.env.NEWS_K = saved;
    });

    it("reads process.env once: later changes are not seen, and every call returns the same object", () => {
      process.env.NEWS_K = "7";
      const first = appConfig();
      expect(first.NEWS_K).toBe(7);
      process.env.NEWS_K = "not a number";
      expect(appConfig()).toBe(first);
      expect(appConfig().NEWS_K).toBe(7);
    });
  });
});
