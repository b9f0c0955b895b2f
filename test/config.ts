// The process-wide configuration for tests of route handlers and libraries that read appConfig().
import { readConfig, type Config, type Env } from "@/lib/core/config";
import { processSlot } from "@/lib/core/process-wide";

/** From now on appConfig() is this process's environment with `overrides` on top (an undefined value
 * unsets a variable); `installTestConfig()` goes back to the environment alone. */
export function installTestConfig(overrides: Env = {}): void {
  processSlot<Config>("config").value = readConfig({
    ...process.env,
    ...overrides,
  });
}
