// npm run seed:build — rebuilds prisma/seed from the data folder (FINGROUND_DATA_DIR, default
// ../shared/data) with the project's own parsers: numeric facts only, no text from the sources.
import { dataDir, hasDataDir } from "@/lib/ingest/data-dir";
import { consoleProgress } from "@/lib/core/progress";
import { SEED_DIR, seedFingerprint } from "@/lib/ingest/seed";
import { buildSeed } from "@/lib/ingest/seed-build";

if (!hasDataDir()) {
  console.error(`No data folder at ${dataDir()}: set FINGROUND_DATA_DIR to the shared data folder.`);
  process.exit(2);
}
const started = Date.now();
const summary = buildSeed(dataDir(), SEED_DIR, consoleProgress());
console.log(
  `Seed written to ${SEED_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${summary.companies} companies (${summary.listedCompanies.toLocaleString("en-US")} SEC-listed tickers for the agent), ${summary.facts.toLocaleString("en-US")} metric values, ` +
    `${summary.prices.toLocaleString("en-US")} daily prices, ${summary.problems.length} rejected records ` +
    `(fingerprint ${seedFingerprint()})`,
);
for (const problem of summary.problems.slice(0, 10)) console.log(`  ! ${problem.where}: ${problem.reason}`);
