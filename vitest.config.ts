import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: [
      "*.test.ts",
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "scripts/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    environment: "node",
    // No question is cut by a loaded machine's clock: the budget's own tests step a clock by hand.
    env: { FINGROUND_QUESTION_TIME_MS: "600000" },
    globalSetup: ["test/global-setup.ts"],
    // PGlite boots a WASM Postgres per test file: give it time on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
