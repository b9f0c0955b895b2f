// News configuration, from the variables lib/core/config validates (a bad value fails at start-up,
// never a silent default).
import { appConfig, type Config } from "@/lib/core/config";
import type { RankingOptions } from "@/lib/documents/search/engine";

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
  /** Load the data folder's filings, their table facts and earnings calls in the background on the first start. */
  loadDocumentsOnStart: boolean;
}

export function newsConfigFromEnv(config: Config = appConfig()): NewsConfig {
  const auth = config.ELASTICSEARCH_API_KEY
    ? { apiKey: config.ELASTICSEARCH_API_KEY }
    : config.ELASTICSEARCH_USERNAME && config.ELASTICSEARCH_PASSWORD
      ? { username: config.ELASTICSEARCH_USERNAME, password: config.ELASTICSEARCH_PASSWORD }
      : undefined;
  return {
    backend: config.SEARCH_BACKEND,
    elasticsearch: config.ELASTICSEARCH_URL
      ? { url: config.ELASTICSEARCH_URL, index: config.ELASTICSEARCH_INDEX, auth }
      : null,
    ranking: {
      mode: "hybrid",
      k: config.NEWS_K,
      threshold: config.NEWS_THRESHOLD,
      vectorWeight: config.NEWS_VECTOR_WEIGHT,
      keywordWeight: config.NEWS_KEYWORD_WEIGHT,
    },
    feeds: {
      urls: config.NEWS_FEEDS,
      poll: config.NEWS_FEEDS_POLL,
      intervalMinutes: config.NEWS_FEEDS_INTERVAL_MINUTES,
    },
    embedOnStart: config.NEWS_EMBED_ON_START,
    loadDocumentsOnStart: config.DOCUMENTS_LOAD_ON_START,
  };
}

export const DEFAULT_RANKING: RankingOptions = {
  mode: "hybrid",
  k: 20,
  threshold: 0.2,
  vectorWeight: 0.7,
  keywordWeight: 0.3,
};

/** Filing passages are long (a section's paragraphs, a whole table): fewer of them fill a prompt. */
export const FILINGS_RANKING: RankingOptions = { ...DEFAULT_RANKING, k: 8 };
