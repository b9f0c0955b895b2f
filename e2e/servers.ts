// Where the e2e servers listen (see playwright.config.ts). E2E_PORT_OFFSET shifts all three, so two
// checkouts on one machine can run their browser tests at the same time.
const offset = Number.parseInt(process.env.E2E_PORT_OFFSET ?? "0", 10) || 0;

export const APP_PORT = 3210 + offset;
/** The app instance configured with an LLM: the fake OpenAI-compatible server below. */
export const LLM_APP_PORT = 3211 + offset;
export const FAKE_LLM_PORT = 4010 + offset;
export const LLM_APP_URL = `http://127.0.0.1:${LLM_APP_PORT}`;
export const FAKE_LLM_URL = `http://127.0.0.1:${FAKE_LLM_PORT}`;

/** The default app's database, and the few filings and calls the e2e setup stores in it. */
export const APP_PGLITE_DIR = process.env.FINGROUND_PGLITE_DIR ?? ".data/e2e-pglite";
export const E2E_DOCUMENTS = {
  /** FinanceBench texts under the data folder: a 10-K with Item 1A, and an 8-K found by its date. */
  filings: [
    "financebench/docs_text/NIKE_2023_10K.json",
    "financebench/docs_text/PEPSICO_2023_8K_dated-2023-05-05.json",
  ],
  /** The 26 full calls (speaker turns and Q&A); stored without vectors they take seconds. */
  transcripts: ["transcripts_full_la83la/transcripts_core.jsonl"],
} as const;
/** What the setup stored, as the database holds it (pages, chunks), for the specs to compare cards against. */
export const E2E_DOCUMENTS_MANIFEST = `${APP_PGLITE_DIR}-documents.json`;
