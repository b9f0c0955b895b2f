// The Financial Agent as an inference endpoint: one interface, three ways to run it.
//   rules  — the built-in parser, in process (default)
//   llm    — an OpenAI-compatible model asked for structured output (AGENT_BASE_URL + AGENT_MODEL),
//            validated against the catalog, falling back to the rules on any failure
//   remote — a separately deployed FinGround agent over HTTP (AGENT_ENDPOINT_URL → POST /api/agent)
import type { StructuredDataRequest } from "./schema";

export interface AgentOptions {
  /** Reference date for relative dates (YYYY-MM-DD). */
  today: string;
  abortSignal?: AbortSignal;
}

export interface FinancialAgent {
  /** "rules", "llm:<model>" or "remote:<url>", for logs and the request panel. */
  readonly name: string;
  parse(question: string, options: AgentOptions): Promise<StructuredDataRequest>;
}
