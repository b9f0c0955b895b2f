// News configuration from the environment, validated: a bad value is a clear error at start-up,
// never a silent default.
import { z } from "zod";
import type { RankingOptions } from "./types";

const number = (min: number, max: number) => z.coerce.number().min(min).max(max);

const envSchema = z.object({
  SEARCH_BACKEND: z.enum(["postgres", "elasticsearch"]).default("postgres"),
  ELASTICSEARCH_URL: z.url().optional(),
  ELASTICSEARCH_INDEX: z.string().regex(/^[a-z0-9_-]+$/).default("finground-news"),
  ELASTICSEARCH_API_KEY: z.string().min(1).optional(),
  ELASTICSEARCH_USERNAME: z.string().min(1).optional(),
  ELASTICSEARCH_PASSWORD: z.string().min(1).optional(),
  NEWS_K: z.coerce.number().int().min(1).max(200).default(20),
  NEWS_THRESHOLD: number(-1, 1).default(0.2),
  NEWS_VECTOR_WEIGHT: number(0, 1).default(0.7),
  NEWS_KEYWORD_WEIGHT: number(0, 1).default(0.3),
  /** Comma-separated RSS/Atom feed URLs; polled while the app runs when NEWS_FEEDS_POLL is on. */
  NEWS_FEEDS: z.string().default(""),
  NEWS_FEEDS_POLL: z.enum(["on", "off"]).default("off"),
  NEWS_FEEDS_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Embed stored-but-unembedded articles in the background after start-up. */
  NEWS_EMBED_ON_START: z.enum(["on", "off"]).default("on"),
});

export interface ElasticsearchConfig {
  url: string;
  index: string;
  auth: { apiKey: string } | { username: string; password: string } | undefined;
}

export interface NewsConfig {
  backend: "postgres" | "elasticsearch";
  elasticsearch: ElasticsearchConfig | null;
  ranking: RankingOptions;
  feeds: { urls: string[]; poll: boolean; intervalMinutes: number };
  embedOnStart: boolean;
}

/** Empty strings count as unset, as the rest of FinGround's configuration does. */
function withoutEmpty(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== ""));
}

export function newsConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): NewsConfig {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) throw new Error(`News configuration: ${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  if (e.SEARCH_BACKEND === "elasticsearch" && !e.ELASTICSEARCH_URL) {
    throw new Error("News configuration: SEARCH_BACKEND=elasticsearch needs ELASTICSEARCH_URL");
  }
  const auth = e.ELASTICSEARCH_API_KEY
    ? { apiKey: e.ELASTICSEARCH_API_KEY }
    : e.ELASTICSEARCH_USERNAME && e.ELASTICSEARCH_PASSWORD
      ? { username: e.ELASTICSEARCH_USERNAME, password: e.ELASTICSEARCH_PASSWORD }
      : undefined;
  const feeds = e.NEWS_FEEDS.split(",").map((u) => u.trim()).filter(Boolean);
  for (const url of feeds) if (!z.url().safeParse(url).success) throw new Error(`News configuration: NEWS_FEEDS has an invalid URL: ${url}`);
  return {
    backend: e.SEARCH_BACKEND,
    elasticsearch: e.ELASTICSEARCH_URL ? { url: e.ELASTICSEARCH_URL, index: e.ELASTICSEARCH_INDEX, auth } : null,
    ranking: { mode: "hybrid", k: e.NEWS_K, threshold: e.NEWS_THRESHOLD, vectorWeight: e.NEWS_VECTOR_WEIGHT, keywordWeight: e.NEWS_KEYWORD_WEIGHT },
    feeds: { urls: feeds, poll: e.NEWS_FEEDS_POLL === "on", intervalMinutes: e.NEWS_FEEDS_INTERVAL_MINUTES },
    embedOnStart: e.NEWS_EMBED_ON_START === "on",
  };
}

export const DEFAULT_RANKING: RankingOptions = { mode: "hybrid", k: 20, threshold: 0.2, vectorWeight: 0.7, keywordWeight: 0.3 };
