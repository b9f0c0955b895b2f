// Where the e2e servers listen (see playwright.config.ts). E2E_PORT_OFFSET shifts all three, so two
// checkouts on one machine can run their browser tests at the same time.
const offset = Number.parseInt(process.env.E2E_PORT_OFFSET ?? "0", 10) || 0;

export const APP_PORT = 3210 + offset;
/** The app instance configured with an LLM: the fake OpenAI-compatible server below. */
export const LLM_APP_PORT = 3211 + offset;
export const FAKE_LLM_PORT = 4010 + offset;
export const LLM_APP_URL = `http://127.0.0.1:${LLM_APP_PORT}`;
export const FAKE_LLM_URL = `http://127.0.0.1:${FAKE_LLM_PORT}`;
