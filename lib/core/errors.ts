// Errors a person can act on, and nothing internal leaked. A FinGroundError carries a code; the code
// decides who may read its message: the person (it says what to do) or only the server log, in which
// case the person gets a generic message with a reference that the log line carries beside the detail.

export type ErrorCode =
  | "UNAUTHENTICATED"
  | "NOT_ALLOWED"
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "RATE_LIMITED"
  | "DATABASE_UNAVAILABLE"
  | "MISCONFIGURED"
  | "INTERNAL";

/** `user`: the message is written for the person and shown as is; `log`: logged, never shown. */
const VISIBILITY: Record<ErrorCode, "user" | "log"> = {
  UNAUTHENTICATED: "user",
  NOT_ALLOWED: "user",
  INVALID_INPUT: "user",
  NOT_FOUND: "user",
  RATE_LIMITED: "user",
  DATABASE_UNAVAILABLE: "log",
  MISCONFIGURED: "log",
  INTERNAL: "log",
};

const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  NOT_ALLOWED: 403,
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  DATABASE_UNAVAILABLE: 503,
  MISCONFIGURED: 500,
  INTERNAL: 500,
};

/** What the person reads instead of a logged error's detail. */
const GENERIC_MESSAGE: Record<ErrorCode, string> = {
  UNAUTHENTICATED: "Please sign in.",
  NOT_ALLOWED: "You are not allowed to do this.",
  INVALID_INPUT: "The request is not valid.",
  NOT_FOUND: "This does not exist.",
  RATE_LIMITED: "Too many requests. Try again in a moment.",
  DATABASE_UNAVAILABLE: "The database is not available right now. Try again in a moment.",
  MISCONFIGURED: "FinGround's server is not configured correctly; its operator can see why in the server log.",
  INTERNAL: "Something went wrong on FinGround's side. Try again in a moment.",
};

export class FinGroundError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** What may leave the server about an error. `reference` is set when the detail went to the log only. */
export interface PublicError {
  status: number;
  code: ErrorCode;
  message: string;
  reference?: string;
}

/** Prisma's and its driver adapters' errors, recognized by name: this layer cannot import the client. */
function isDatabaseError(error: unknown): boolean {
  return error instanceof Error && /^(Prisma|DriverAdapter)/.test(error.name);
}

/** What a person may be told about `error`. A user-facing FinGroundError is shown as written; anything
 * else (a database or internal error, a bug) is logged under `where` with a reference, and the person
 * gets the generic message with that reference. `unknownAs` is the code for errors that are not a
 * FinGroundError (a route that only talks to the database passes DATABASE_UNAVAILABLE). */
export function publicError(error: unknown, where: string, unknownAs: ErrorCode = "INTERNAL"): PublicError {
  const code =
    error instanceof FinGroundError ? error.code : isDatabaseError(error) ? "DATABASE_UNAVAILABLE" : unknownAs;
  const status = HTTP_STATUS[code];
  if (error instanceof FinGroundError && VISIBILITY[code] === "user") return { status, code, message: error.message };
  const reference = crypto.randomUUID().slice(0, 8);
  console.error(`[${where}] ${code} (reference ${reference}):`, error);
  return { status, code, message: `${GENERIC_MESSAGE[code]} (reference ${reference})`, reference };
}

/** The outcome of a server action, as the browser receives it: never an exception, never internal text. */
export type ActionResult<Success extends object = object> =
  | ({ ok: true } & Success)
  | { ok: false; error: string; reference?: string };
