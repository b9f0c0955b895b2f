import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { APP_PGLITE_DIR, APP_PORT, FAKE_LLM_PORT, LLM_APP_PORT } from "./e2e/servers";

const chromiumPath = "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `${chromiumPath} not found: install it with \`apt-get update && apt-get install -y chromium\` ` +
      "(Debian's Chromium; `npx playwright install` does not work offline).",
  );
}

export default defineConfig({
  testDir: "e2e",
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    headless: true,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // Two app servers from one build: the default one answers with the built-in analyst; the second
  // one talks to a fake OpenAI-compatible server (the one edge we cannot reach here), whose behaviour
  // the LLM specs switch at run time. Playwright starts them in this order. Before the default one
  // starts, e2e/load-documents.ts stores a few real filings and calls in its database (PGlite admits
  // one process at a time); neither loads the data folder's 163 filings in the background.
  webServer: [
    {
      command: `npm run build:if-stale && npx tsx e2e/load-documents.ts && npx next start -H 127.0.0.1 -p ${APP_PORT}`,
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      timeout: 300_000,
      reuseExistingServer: !process.env.CI,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        FINGROUND_PGLITE_DIR: APP_PGLITE_DIR,
        OPENAI_BASE_URL: "",
        FINGROUND_DEMO_ACCOUNTS: "1",
        // A loaded machine must not cut the specs' questions (the budget is tested with a clock stepped by hand).
        FINGROUND_QUESTION_TIME_MS: "600000",
        // Every run signs up from 127.0.0.1 into the same kept database: the hourly limit would end the runs.
        FINGROUND_SIGNUP_RATE_LIMIT: "off",
        // Embedding every article competes with the specs for 2 cores; keyword search serves the news specs.
        NEWS_EMBED_ON_START: "off",
        // Likewise the 163 filings: the specs' few are stored by e2e/load-documents.ts.
        DOCUMENTS_LOAD_ON_START: "off",
      },
    },
    {
      command: `npx tsx test/fake-openai-cli.ts --port ${FAKE_LLM_PORT}`,
      url: `http://127.0.0.1:${FAKE_LLM_PORT}/__mode`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `npx next start -H 127.0.0.1 -p ${LLM_APP_PORT}`,
      url: `http://127.0.0.1:${LLM_APP_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        FINGROUND_PGLITE_DIR: ".data/e2e-llm-pglite",
        FINGROUND_DEMO_ACCOUNTS: "1",
        // A loaded machine must not cut the specs' questions (the budget is tested with a clock stepped by hand).
        FINGROUND_QUESTION_TIME_MS: "600000",
        NEWS_EMBED_ON_START: "off",
        DOCUMENTS_LOAD_ON_START: "off",
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_LLM_PORT}/v1`,
        OPENAI_API_KEY: "test-key",
        LLM_MODEL: "fake-model",
        LLM_TIMEOUT_MS: "5000",
      },
    },
  ],
});
