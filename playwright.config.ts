import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

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
    baseURL: "http://127.0.0.1:3210",
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
  webServer: {
    command: "npm run build && npm run start:e2e",
    url: "http://127.0.0.1:3210/api/health",
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      FINGROUND_PGLITE_DIR: process.env.FINGROUND_PGLITE_DIR ?? ".data/e2e-pglite",
    },
  },
});
