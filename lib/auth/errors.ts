/** A signed-in user asked for something that is not theirs, or an unauthenticated call: refused. */
export class NotAllowedError extends Error {
  readonly code = "NOT_ALLOWED";
}
