// Fixed-window rate limits kept in the database (one atomic upsert per hit), so limits hold across
// restarts and across app instances sharing one PostgreSQL.
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";

export interface RateRule {
  max: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/** "30/60" → 30 per 60 seconds; "off" → null. Anything else is a configuration error. */
function parseRateRule(text: string | undefined, fallback: RateRule, name: string): RateRule | null {
  const value = text?.trim();
  if (!value) return fallback;
  if (value === "off") return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const max = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || max < 1 || windowSeconds < 1) {
    throw new Error(`${name} must look like "30/60" (at most 30 per 60 seconds) or "off"; got "${value}".`);
  }
  return { max, windowSeconds };
}

const CHAT_RATE_DEFAULT: RateRule = { max: 30, windowSeconds: 60 };
const SIGN_IN_RATE_DEFAULT: RateRule = { max: 5, windowSeconds: 300 };
const SIGN_IN_ADDRESS_RATE_DEFAULT: RateRule = { max: 20, windowSeconds: 300 };
const SIGN_UP_RATE_DEFAULT: RateRule = { max: 10, windowSeconds: 3600 };
const AGENT_RATE_DEFAULT: RateRule = { max: 60, windowSeconds: 60 };

export function chatRateRuleFromEnv(env: NodeJS.ProcessEnv = process.env): RateRule | null {
  return parseRateRule(env.FINGROUND_CHAT_RATE_LIMIT, CHAT_RATE_DEFAULT, "FINGROUND_CHAT_RATE_LIMIT");
}

export function signInRateRuleFromEnv(env: NodeJS.ProcessEnv = process.env): RateRule | null {
  return parseRateRule(env.FINGROUND_SIGNIN_RATE_LIMIT, SIGN_IN_RATE_DEFAULT, "FINGROUND_SIGNIN_RATE_LIMIT");
}

export function signInAddressRateRuleFromEnv(env: NodeJS.ProcessEnv = process.env): RateRule | null {
  return parseRateRule(env.FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT, SIGN_IN_ADDRESS_RATE_DEFAULT, "FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT");
}

export function signUpRateRuleFromEnv(env: NodeJS.ProcessEnv = process.env): RateRule | null {
  return parseRateRule(env.FINGROUND_SIGNUP_RATE_LIMIT, SIGN_UP_RATE_DEFAULT, "FINGROUND_SIGNUP_RATE_LIMIT");
}

export function agentRateRuleFromEnv(env: NodeJS.ProcessEnv = process.env): RateRule | null {
  return parseRateRule(env.FINGROUND_AGENT_RATE_LIMIT, AGENT_RATE_DEFAULT, "FINGROUND_AGENT_RATE_LIMIT");
}

interface WindowRow {
  count: number;
  retryAfter: number;
}

/** Counts one hit against `key` and says whether it is within the rule. */
export async function hitRateLimit(prisma: PrismaClient, key: string, rule: RateRule): Promise<RateDecision> {
  const [row] = await prisma.$queryRaw<WindowRow[]>`
    WITH hit AS (
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds}::int)
                            THEN now() ELSE rate_limits.window_start END,
        count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds}::int)
                     THEN 1 ELSE rate_limits.count + 1 END
      RETURNING count, window_start
    )
    SELECT count, ${retryAfterSql(rule)} AS "retryAfter" FROM hit`;
  return decide(row, rule);
}

/** Whether `key` is over the rule now, without counting a hit. */
export async function peekRateLimit(prisma: PrismaClient, key: string, rule: RateRule): Promise<RateDecision> {
  const [row] = await prisma.$queryRaw<WindowRow[]>`
    SELECT count, ${retryAfterSql(rule)} AS "retryAfter" FROM rate_limits
    WHERE key = ${key} AND window_start > now() - make_interval(secs => ${rule.windowSeconds}::int)`;
  return decide(row, rule);
}

export function withRetryAfter(response: Response, retryAfterSeconds: number): Response {
  response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}

function retryAfterSql(rule: RateRule) {
  // Whole seconds left in the window, at least 1.
  return Prisma.sql`GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${rule.windowSeconds}::int) - now()))))::int`;
}

function decide(row: WindowRow | undefined, rule: RateRule): RateDecision {
  if (!row || row.count <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: row.retryAfter };
}
