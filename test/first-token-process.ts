// A server process stand-in for lib/core/first-token-priority.cluster.test.ts, forked by node:cluster: on the
// primary's command it holds a question waiting for its first words, lets it go, or says whether deferrable work
// would run now.
import { afterFirstTokens, awaitFirstToken } from "@/lib/core/first-token-priority";

let release: (() => void) | null = null;
const reply = (message: object) => process.send?.(message);

process.on("message", async (message: unknown) => {
  const command = (message as { command?: string } | null)?.command;
  if (command === "wait") {
    release = awaitFirstToken();
    reply({ done: "wait" });
  } else if (command === "release") {
    release?.();
    reply({ done: "release" });
  } else if (command === "probe") {
    const ran = await Promise.race([
      afterFirstTokens().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
    ]);
    reply({ deferredWorkRan: ran });
  }
});
reply({ ready: true });
