// Who is asking: the signed-in user as every page, route handler and server action sees them.
import { z } from "zod";

export const USER_ROLES = ["investor", "advisor"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export interface Viewer {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

const sessionUserSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
});

/** The viewer from Better Auth's session user; null when it is not a FinGround user. */
export function viewerOf(user: unknown): Viewer | null {
  const parsed = sessionUserSchema.safeParse(user);
  return parsed.success ? parsed.data : null;
}
