// Advisor ↔ client links. An advisor hands out an invite code; the investor who enters it becomes
// their client (one advisor per client). Admins link from the command line (scripts/accounts.ts).
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { NotAllowedError } from "@/lib/auth/errors";
import { FinGroundError } from "@/lib/core/errors";
import type { Viewer } from "@/lib/auth/viewer";
import { auditEntry } from "./audit";

// No 0/O/1/I/L: codes are read aloud and typed by hand. 10 characters of 31: ~49 bits.
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 10;

function newInviteCode(): string {
  const bytes = randomBytes(CODE_LENGTH * 2);
  let code = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte >= 248) continue;
    code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    if (code.length === CODE_LENGTH) return code;
  }
  return code + newInviteCode().slice(code.length);
}

function normalizeInviteCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** The advisor's current code, made on first use; `renew` replaces it (the old one stops working). */
export async function inviteCodeOf(prisma: PrismaClient, advisor: Viewer, renew = false): Promise<string> {
  if (advisor.role !== "advisor") throw new NotAllowedError("Only advisors have invite codes.");
  const user = await prisma.user.findUniqueOrThrow({ where: { id: advisor.id }, select: { inviteCode: true } });
  if (user.inviteCode && !renew) return user.inviteCode;
  const code = newInviteCode();
  await prisma.user.update({ where: { id: advisor.id }, data: { inviteCode: code } });
  return code;
}

class InviteCodeError extends FinGroundError {
  constructor(message: string) {
    super("INVALID_INPUT", message);
  }
}

/** Links the investor to the advisor whose code they entered. */
export async function linkByInviteCode(
  prisma: PrismaClient,
  client: Viewer,
  code: string,
): Promise<{ advisorName: string }> {
  if (client.role !== "investor") throw new NotAllowedError("Only investors can join an advisor.");
  const advisor = await prisma.user.findUnique({
    where: { inviteCode: normalizeInviteCode(code) },
    select: { id: true, name: true, role: true },
  });
  if (advisor?.role !== "advisor") throw new InviteCodeError("No advisor has this invite code.");
  await linkClient(prisma, { advisorId: advisor.id, clientId: client.id, actorId: client.id });
  return { advisorName: advisor.name };
}

export async function linkClient(
  prisma: PrismaClient,
  link: { advisorId: string; clientId: string; actorId: string },
): Promise<void> {
  await prisma.$transaction([
    prisma.advisorClient.upsert({
      where: { clientId: link.clientId },
      create: { clientId: link.clientId, advisorId: link.advisorId },
      update: { advisorId: link.advisorId, createdAt: new Date() },
    }),
    auditEntry(prisma, {
      actorId: link.actorId,
      action: "link_client",
      subjectId: link.clientId,
      detail: { advisorId: link.advisorId },
    }),
  ]);
}

export async function advisorOf(prisma: PrismaClient, clientId: string): Promise<{ id: string; name: string } | null> {
  const link = await prisma.advisorClient.findUnique({
    where: { clientId },
    include: { advisor: { select: { id: true, name: true } } },
  });
  return link?.advisor ?? null;
}

export async function clientsOf(
  prisma: PrismaClient,
  advisorId: string,
): Promise<{ id: string; name: string; email: string }[]> {
  const links = await prisma.advisorClient.findMany({
    where: { advisorId },
    include: { client: { select: { id: true, name: true, email: true } } },
    orderBy: { client: { name: "asc" } },
  });
  return links.map((link) => link.client);
}
