// The fake OpenAI server as a process, for e2e tests:
//   npx tsx test/fake-openai-cli.ts --port 4010 --mode ok --text "..."
// Runs until killed (SIGINT/SIGTERM). Switch behaviour at runtime:
//   curl -X POST localhost:4010/__mode -d '{"mode":"break","text":"..."}'
// Prints one line "fake-openai listening on <baseURL>" once it accepts connections.
// Stopping: signal the process group (spawn detached / setsid, then kill -PGID) or the tsx process.
// Killing only an `npx` wrapper's PID leaves the server running: npx does not forward signals.
import { parseArgs } from "node:util";
import { FAKE_MODES, FakeOpenAIServer, type FakeMode } from "./fake-openai-server";

function parseNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number ≥ 0 (got "${raw}")`);
  return value;
}

function parseMode(raw: string | undefined): FakeMode {
  if (raw === undefined) return "ok";
  if (!(FAKE_MODES as readonly string[]).includes(raw))
    throw new Error(`--mode must be one of ${FAKE_MODES.join(", ")} (got "${raw}")`);
  return raw as FakeMode;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      mode: { type: "string" },
      text: { type: "string" },
      "slow-ms": { type: "string" },
      "chunk-delay-ms": { type: "string" },
      "break-after": { type: "string" },
    },
  });
  const server = new FakeOpenAIServer({
    port: parseNumber("port", values.port),
    host: values.host,
    mode: parseMode(values.mode),
    text: values.text,
    slowMs: parseNumber("slow-ms", values["slow-ms"]),
    chunkDelayMs: parseNumber("chunk-delay-ms", values["chunk-delay-ms"]),
    breakAfterChunks: parseNumber("break-after", values["break-after"]),
  });
  const { baseURL } = await server.start();
  console.log(`fake-openai listening on ${baseURL} (mode ${server.mode})`);

  const shutdown = () => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
