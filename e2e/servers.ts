// Where the e2e servers listen (see playwright.config.ts).
export const APP_PORT = 3210;
/** The app instance configured with an LLM: the fake OpenAI-compatible server below. */
export const LLM_APP_PORT = 3211;
export const FAKE_LLM_PORT = 4010;
export const LLM_APP_URL = `http://127.0.0.1:${LLM_APP_PORT}`;
export const FAKE_LLM_URL = `http://127.0.0.1:${FAKE_LLM_PORT}`;
