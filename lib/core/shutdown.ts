// Shutdown of the server process (instrumentation.ts installs it), and its refusal to start misconfigured.
import { appConfig } from "./config";

/** After SIGTERM/SIGINT, the longest a server process lives: open answers get this long to finish. The server
 * as a whole promises 5 s: its processes end by 4 s, leaving npm start's primary the rest to close the database. */
const SHUTDOWN_DEADLINE_MS = 4000;

/** Next closes its server on SIGTERM/SIGINT and exits once open requests end. Background work stops at
 * its next safe point so it cannot hold the process, and a deadline ends whatever still hangs (a stuck
 * connection, a signal during start-up before Next listens); every piece of work resumes on restart. */
export function stopOnSignals(stopBackground: () => Promise<void>): void {
  // The exit codes of a process ended by the signal (128 + its number), as Next's own handler uses.
  for (const [signal, exitCode] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    process.once(signal, () => {
      console.log(`FinGround stopping (${signal}): background work ends at its next safe point`);
      setTimeout(() => process.exit(exitCode), SHUTDOWN_DEADLINE_MS).unref();
      void stopBackground();
    });
  }
}

/** A wrong configuration value ends the process at start with the variable's name: Next.js only logs
 * an error thrown by register() and serves on, failing every request later. */
export function exitUnlessConfigured(): void {
  try {
    appConfig();
  } catch (error) {
    console.error(`FinGround cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}
