// Better Auth over the app's own Prisma client: email + password (scrypt), database sessions in an
// httpOnly cookie, and the user's role. Rate limits are FinGround's own (./rate-limit.ts), kept in the
// database so every app instance on one PostgreSQL shares them.
import { prismaAdapter } from "better-auth/adapters/prisma";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import type { PrismaClient } from "@/lib/db/generated/client";
import { allowedOrigins } from "./origin";
import { USER_ROLES } from "./viewer";

const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 128;
const SESSION_COOKIE_CACHE_SECONDS = 60;
const ROLE_NOT_CHANGEABLE =
  "A role is chosen at sign-up; after that only an administrator can change it (npm run accounts -- set-role).";

export interface AuthSettings {
  secret: string;
  /** The public origin (https://finground.example); unset: taken from each request. */
  baseURL?: string;
}

export function createAuth(prisma: PrismaClient, settings: AuthSettings) {
  return betterAuth({
    appName: "FinGround",
    secret: settings.secret,
    baseURL: settings.baseURL,
    // With no public origin configured, a request is same-origin when its Origin names the host it was
    // sent to (./origin.ts).
    trustedOrigins: settings.baseURL ? [] : async (request) => allowedOrigins(request, undefined),
    database: prismaAdapter(prisma, { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        // Chosen at sign-up (an advisor sees nothing until a client enters their invite code); later
        // changed only by an administrator (./admin.ts), never through update-user (hook below).
        role: { type: [...USER_ROLES], required: false, defaultValue: "investor", input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // The session also travels in a signed cookie for a minute, so the API routes (every chat) need no
      // session query. Trade-off: a session revoked elsewhere keeps working there up to a minute; sign-out
      // clears both cookies, and pages and server actions (role decisions) always read the database
      // (./session.ts).
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
    },
    rateLimit: { enabled: false },
    // Without a public origin Better Auth takes it from each request, which is what local runs want
    // (README): its start-up warning about that asks nothing of the operator, so it is left out.
    logger: settings.baseURL ? undefined : { log: logExceptBaseUrlNotice },
    advanced: {
      // Secure cookies wherever the app is served over https; plain http only for local runs.
      useSecureCookies: settings.baseURL?.startsWith("https://") ?? false,
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            const role = (user as { role?: unknown }).role ?? "investor";
            if (!USER_ROLES.includes(role as (typeof USER_ROLES)[number])) {
              throw new APIError("BAD_REQUEST", { message: `role must be one of ${USER_ROLES.join(", ")}` });
            }
            return { data: { ...user, role } };
          },
        },
        update: {
          // POST /api/auth/update-user would otherwise let an investor make themselves an advisor.
          async before(data) {
            if ("role" in data) throw new APIError("BAD_REQUEST", { message: ROLE_NOT_CHANGEABLE });
            return { data };
          },
        },
      },
    },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

type LogLevel = "debug" | "info" | "warn" | "error";

function logExceptBaseUrlNotice(level: LogLevel, message: string, ...args: unknown[]): void {
  if (message.includes("Base URL is not set")) return;
  const write = level === "error" ? console.error : level === "warn" ? console.warn : console.log;
  write(message.startsWith("[better-auth]") ? message : `[better-auth] ${message}`, ...args);
}
