// Fixed-window rate limits kept in the database (one atomic upsert per hit), so limits hold across
// restarts and across app instances sharing one PostgreSQL.
import { appConfig, type Config, type RateRule } from "@/lib/core/config";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client";

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

export function chatRateRuleFromEnv(config: Config = appConfig()): RateRule | null {
  return config.FINGROUND_CHAT_RATE_LIMIT;
}

export function signInRateRuleFromEnv(config: Config = appConfig()): RateRule | null {
  return config.FINGROUND_SIGNIN_RATE_LIMIT;
}

export function signInAddressRateRuleFromEnv(config: Config = appConfig()): RateRule | null {
  return config.FINGROUND_SIGNIN_ADDRESS_RATE_LIMIT;
}

export function signUpRateRuleFromEnv(config: Config = appConfig()): RateRule | null {
  return config.FINGROUND_SIGNUP_RATE_LIMIT;
}

export function agentRateRuleFromEnv(config: Config = appConfig()): RateRule | null {
  return config.FINGROUND_AGENT_RATE_LIMIT;
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
