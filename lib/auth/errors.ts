import { FinGroundError } from "@/lib/core/errors";

/** A signed-in user asked for something that is not theirs, or an unauthenticated call: refused. */
export class NotAllowedError extends FinGroundError {
  constructor(message: string) {
    super("NOT_ALLOWED", message);
  }
}
