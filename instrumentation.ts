// Next.js calls register() once when the server starts: the app opens its database (PGlite by default)
// and prepares it, loading the real-data seed on the very first start.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  let background: { stop(): Promise<void> } | null = null;
  let stopping = false;
  // Node-only (this file is also compiled for the edge runtime), so imported here like the rest.
  const { exitUnlessConfigured, stopOnSignals } = await import("@/lib/core/shutdown");
  exitUnlessConfigured();
  stopOnSignals(async () => {
    stopping = true;
    await background?.stop();
  });
  const { getDatabase, databaseConfigFromEnv, describeDatabase } = await import("@/lib/db/client");
  const { prepareDatabase } = await import("@/lib/ingest/prepare");
  // npm start's primary may wait for this before it starts the other server processes (lib/db/pglite-wire.ts).
  const { tellPrimaryDatabasePrepared: databasePrepared } = await import("@/lib/db/pglite-wire");
  const { consoleProgress } = await import("@/lib/core/progress");
  const { appConfig } = await import("@/lib/core/config");
  const started = Date.now();
  try {
    // The process that runs the background work (the only one of npm start's that ingests) starts none before
    // this: a run still "running" was cut by a stop.
    const result = await prepareDatabase(await getDatabase(), {
      progress: consoleProgress(),
      news: true,
      failInterruptedRuns: appConfig().FINGROUND_BACKGROUND_WORK,
    });
    const what = result.seedLoaded ? "seed loaded" : "ready";
    console.log(
      `FinGround database ${what}: ${describeDatabase(databaseConfigFromEnv())} (${Date.now() - started} ms)`,
    );
    databasePrepared();
    // Under npm start's cluster one process does the work that writes (FINGROUND_BACKGROUND_WORK); every
    // process prepares (on PostgreSQL under a lock, on served PGlite one after the other: the first one migrates
    // and loads, the others find it done) and warms.
    const runsBackground = appConfig().FINGROUND_BACKGROUND_WORK;
    const { demoAccountsEnabled, ensureDemoAccounts } = await import("@/lib/auth/demo-accounts");
    if (runsBackground && demoAccountsEnabled()) {
      const { getAuth } = await import("@/lib/auth/server");
      const created = await ensureDemoAccounts((await getDatabase()).prisma, await getAuth());
      console.log(`FinGround demo accounts enabled (${created} created; see README, never in production)`);
    }
    const { startDocumentsBackground } = await import("@/lib/ingest/documents-background");
    const { newsConfigFromEnv } = await import("@/lib/documents/config");
    const { embedderFromEnv } = await import("@/lib/documents/embeddings");
    if (runsBackground && !stopping)
      background = startDocumentsBackground(await getDatabase(), newsConfigFromEnv(), embedderFromEnv());
    // Each company's history is read once into memory (immutable until an ingest): at start, not in the middle
    // of the first chats about it.
    const { warmFactStore } = await import("@/lib/data/fact-store");
    const facts = await warmFactStore((await getDatabase()).prisma);
    console.log(`FinGround data in memory: ${facts.companies} companies (${facts.ms} ms)`);
    // The agent's index of every SEC-listed company takes ~150 ms to build: not on the first question.
    const { warmCompanyIndex } = await import("@/lib/agent/companies");
    const index = warmCompanyIndex();
    console.log(
      `FinGround agent ready: ${index.names.toLocaleString("en-US")} company names, ${index.tickers.toLocaleString("en-US")} tickers (${Math.round(index.buildMs)} ms)`,
    );
  } catch (error) {
    // Pages report database errors themselves; the server stays up to show them.
    console.error(`FinGround database could not be prepared: ${(error as Error).message}`);
    databasePrepared();
  }
}
