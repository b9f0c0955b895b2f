// FinGround's configuration: every environment variable docs/configuration.md documents,
// validated by one zod schema and read once. A bad value fails at start (instrumentation.ts, npm start)
// with the variable's name; every library reads `appConfig()`, and a test passes its own environment
// to `readConfig`. Empty values count as unset.
import { availableParallelism } from "node:os";
import { z } from "zod";
import { FinGroundError } from "./errors";
import { processSlot } from "./process-wide";

export type Env = Readonly<Record<string, string | undefined>>;

export interface RateRule {
  max: number;
  windowSeconds: number;
}

const text = z.string().trim().min(1).optional();
const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:8000/v1" })
  .transform((url) => url.replace(/\/+$/, ""))
  .optional();
const wholeNumber = (min: number, max: number, notWhole: string) =>
  z
    .string()
    .regex(/^-?\d+$/, notWhole)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
const milliseconds = (fallback: number) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, "must be a number of milliseconds")
    .transform(Number)
    .pipe(
      z
        .number()
        .int("must be a whole number of milliseconds")
        .positive("must be greater than 0")
        .max(600_000, "must be at most 600000 (10 minutes)"),
    )
    .default(fallback);
const decimal = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);
const onOff = (fallback: "on" | "off") =>
  z
    .enum(["on", "off"], { error: 'must be "on" or "off"' })
    .default(fallback)
    .transform((value) => value === "on");
/** "30/60" → at most 30 per 60 seconds; "off" → null. */
const rateRule = (fallback: RateRule) =>
  z
    .string()
    .regex(/^(off|[1-9]\d*\/[1-9]\d*)$/, 'must look like "30/60" (at most 30 per 60 seconds) or "off"')
    .optional()
    .transform((value): RateRule | null => {
      if (value === undefined) return fallback;
      if (value === "off") return null;
      const [max, windowSeconds] = value.split("/").map(Number);
      return { max: max!, windowSeconds: windowSeconds! };
    });
const secret = (minLength: number) =>
  z
    .string()
    .trim()
    .min(minLength, `must be at least ${minLength} characters (try \`openssl rand -base64 32\`)`)
    .optional();

const CHAT_RATE_DEFAULT: RateRule = { max: 30, windowSeconds: 60 };
const SIGN_IN_RATE_DEFAULT: RateRule = { max: 5, windowSeconds: 300 };

/** 20 concurrent chats each hold a connection for a moment at a time; 20 leaves room for the
 * background news work while staying far below PostgreSQL's default max_connections (100). */
export const DEFAULT_POOL_SIZE = 20;

const configSchema = z
  .object({
    DATABASE_URL: text,
    DATABASE_POOL_SIZE: wholeNumber(1, 500, "must be a whole number of connections, e.g. 20").default(
      DEFAULT_POOL_SIZE,
    ),
    FINGROUND_PGLITE_DIR: z.string().default(".data/pglite"),
    /** Set by npm start's primary for its server processes: the PGlite folder it serves them at DATABASE_URL. */
    FINGROUND_SERVED_PGLITE_DIR: text,
    /** Resolved against the working directory by lib/ingest/data-dir.ts. */
    FINGROUND_DATA_DIR: text,
    OPENAI_BASE_URL: httpUrl,
    LLM_MODEL: text,
    OPENAI_API_KEY: text,
    LLM_TIMEOUT_MS: milliseconds(20_000),
    AGENT_ENDPOINT_URL: httpUrl,
    AGENT_BASE_URL: httpUrl,
    AGENT_MODEL: text,
    AGENT_API_KEY: text,
    AGENT_TIMEOUT_MS: milliseconds(15_000),
    /** The server's time for one question once its request is known: the slice, the context, the analyst's text and its check. */
    FINGROUND_QUESTION_TIME_MS: milliseconds(5_000),
    AGENT_ENDPOINT_TOKEN: secret(32),
    FINGROUND_AGENT_RATE_LIMIT: rateRule({ max: 60, windowSeconds: 60 }),
    SEARCH_BACKEND: z
      .enum(["postgres", "elasticsearch"], { error: 'must be "postgres" or "elasticsearch"' })
      .default("postgres"),
    ELASTICSEARCH_URL: httpUrl,
    ELASTICSEARCH_INDEX: z
      .string()
      .regex(/^[a-z0-9_-]+$/, "must be lowercase letters, digits, _ or -")
      .default("finground-news"),
    ELASTICSEARCH_API_KEY: text,
    ELASTICSEARCH_USERNAME: text,
    ELASTICSEARCH_PASSWORD: text,
    EMBEDDING_BASE_URL: httpUrl,
    EMBEDDING_MODEL: text,
    EMBEDDING_API_KEY: text,
    EMBEDDING_TIMEOUT_MS: milliseconds(15_000),
    NEWS_K: wholeNumber(1, 200, "must be a whole number of results").default(20),
    NEWS_THRESHOLD: decimal(-1, 1, 0.2),
    NEWS_VECTOR_WEIGHT: decimal(0, 1, 0.7),
    NEWS_KEYWORD_WEIGHT: decimal(0, 1, 0.3),
    NEWS_FEEDS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: "must be comma-separated feed URLs" }))),
    NEWS_FEEDS_POLL: onOff("off"),
    NEWS_FEEDS_INTERVAL_MINUTES: wholeNumber(1, 1440, "must be a whole number of minutes").default(30),
    NEWS_EMBED_ON_START: onOff("on"),
    DOCUMENTS_LOAD_ON_START: onOff("on"),
    TRANSCRIPTS_K_PER_QUARTER: wholeNumber(1, 100, "must be a whole number of chunks").default(15),
    FINGROUND_TODAY: z.iso.date({ error: "must be a date written YYYY-MM-DD" }).optional(),
    PORT: wholeNumber(1, 65_535, "must be a port number (1-65535)").default(3000),
    /** Unset: see serverProcesses(). */
    FINGROUND_SERVER_PROCESSES: wholeNumber(1, 64, "must be a whole number of server processes").optional(),
    FINGROUND_BACKGROUND_WORK: onOff("on"),
    HOST: text,
    BETTER_AUTH_SECRET: secret(32),
    BETTER_AUTH_URL: z
      .url({ protocol: /^https?$/, error: "must be the public origin, such as https://finground.example" })
      .optional(),
    FINGROUND_DEMO_ACCOUNTS: text,
    FINGROUND_CHAT_RATE_LIMIT: rateRule(CHAT_RATE_DEFAULT),
    FINGROUND_SIGNIN_RATE_LIMIT: rateRule(SIGN_IN_RATE_DEFAULT),
    FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT: rateRule({ max: 20, windowSeconds: 300 }),
    FINGROUND_SIGNUP_RATE_LIMIT: rateRule({ max: 10, windowSeconds: 3600 }),
    FINGROUND_TRUSTED_PROXIES: wholeNumber(
      0,
      10,
      "must be the number of reverse proxies in front of the app (0-10)",
    ).default(0),
    NEXT_TELEMETRY_DISABLED: text,
    /** Set by Next.js (`development` under `npm run dev`, where the demo accounts default on). */
    NODE_ENV: text,
  })
  .superRefine((config, context) => {
    if (config.SEARCH_BACKEND === "elasticsearch" && !config.ELASTICSEARCH_URL) {
      context.addIssue({
        code: "custom",
        path: ["ELASTICSEARCH_URL"],
        message: "must be set when SEARCH_BACKEND=elasticsearch",
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

/** Every variable the configuration reads (docs/configuration.md's table lists exactly these). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape) as (keyof Config)[];

/** A configuration value is wrong: the message names each variable, what it must be and what it was. */
export class ConfigError extends FinGroundError {
  constructor(message: string) {
    super("MISCONFIGURED", message);
  }
}

/** The configuration in `env`; throws ConfigError naming every wrong variable. */
export function readConfig(env: Env): Config {
  const given = Object.fromEntries(
    CONFIG_VARIABLES.flatMap((name) => (env[name]?.trim() ? [[name, env[name]!.trim()]] : [])),
  );
  const parsed = configSchema.safeParse(given);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "configuration");
    const value = given[name];
    return `${name} ${issue.message}${value === undefined || /KEY|SECRET|TOKEN|PASSWORD/.test(name) ? "" : ` (got "${value}")`}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}.`);
}

/** How many server processes `npm start` runs, and why that many (printed at start). */
export function serverProcesses(config: Config, cores = availableParallelism()): { count: number; reason: string } {
  if (config.FINGROUND_SERVER_PROCESSES)
    return { count: config.FINGROUND_SERVER_PROCESSES, reason: "FINGROUND_SERVER_PROCESSES" };
  const engine = config.DATABASE_URL ? "PostgreSQL" : "PGlite (this process serves it to them)";
  return { count: cores, reason: `${engine}, one per core (${cores}); FINGROUND_SERVER_PROCESSES sets it` };
}

const memo = processSlot<Config>("config");

/** This process's configuration, read from process.env once. */
export function appConfig(): Config {
  memo.value ??= readConfig(process.env);
  return memo.value;
}
