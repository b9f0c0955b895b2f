// Account administration for the command line (scripts/accounts.ts): list users, change a role, link
// and unlink advisors and clients, and hand conversations stored before accounts existed to an investor.
import type { PrismaClient } from "@/lib/db/generated/client";
import { linkClient } from "./links";
import type { UserRole } from "@/lib/auth/viewer";

class AdminError extends Error {
  readonly code = "ADMIN_ERROR";
}

async function userByEmail(prisma: PrismaClient, email: string, role: "investor" | "advisor") {
  const user = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, name: true, role: true },
  });
  if (!user) throw new AdminError(`No user has the email ${email}.`);
  if (user.role !== role) throw new AdminError(`${email} is an ${user.role}, not an ${role}.`);
  return user;
}

export interface UserListing {
  email: string;
  name: string;
  role: string;
  advisor: string | null;
  conversations: number;
}

export async function listUsers(prisma: PrismaClient): Promise<UserListing[]> {
  const users = await prisma.user.findMany({
    orderBy: [{ role: "asc" }, { email: "asc" }],
    include: {
      advisor: { include: { advisor: { select: { email: true } } } },
      _count: { select: { conversations: true } },
    },
  });
  return users.map((u) => ({
    email: u.email,
    name: u.name,
    role: u.role,
    advisor: u.advisor?.advisor.email ?? null,
    conversations: u._count.conversations,
  }));
}

export async function linkByEmail(prisma: PrismaClient, advisorEmail: string, clientEmail: string): Promise<void> {
  const advisor = await userByEmail(prisma, advisorEmail, "advisor");
  const client = await userByEmail(prisma, clientEmail, "investor");
  // The CLI has no user behind it: the audit entry's actor is the advisor the admin acted for.
  await linkClient(prisma, { advisorId: advisor.id, clientId: client.id, actorId: advisor.id });
}

/** The only way a role changes after sign-up. A user with advisor links keeps their role until the
 * links are removed, so no investor is left with an advisor who is not one (or the reverse). */
export async function setRoleByEmail(prisma: PrismaClient, email: string, role: UserRole): Promise<boolean> {
  const user = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, role: true, advisor: { select: { advisorId: true } }, _count: { select: { clients: true } } },
  });
  if (!user) throw new AdminError(`No user has the email ${email}.`);
  if (user.role === role) return false;
  if (user.advisor || user._count.clients > 0) throw new AdminError(`${email} has advisor links; unlink them first.`);
  await prisma.user.update({ where: { id: user.id }, data: { role } });
  return true;
}

export async function unlinkByEmail(prisma: PrismaClient, clientEmail: string): Promise<boolean> {
  const client = await userByEmail(prisma, clientEmail, "investor");
  const { count } = await prisma.advisorClient.deleteMany({ where: { clientId: client.id } });
  return count > 0;
}

/** Conversations with no owner (stored before accounts) become `email`'s. */
export async function claimOwnerlessConversations(prisma: PrismaClient, email: string): Promise<number> {
  const investor = await userByEmail(prisma, email, "investor");
  const { count } = await prisma.conversation.updateMany({ where: { ownerId: null }, data: { ownerId: investor.id } });
  return count;
}
