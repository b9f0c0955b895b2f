"use server";
// Account actions: an investor joins an advisor by invite code; an advisor renews their code.
import { z } from "zod";
import { runAction } from "@/lib/auth/action";
import { inviteCodeOf, linkByInviteCode } from "@/lib/review/links";
import { joinAdvisorInputSchema, type AccountActionResult } from "@/lib/auth/account-action-schemas";

export async function joinAdvisorAction(input: unknown): Promise<AccountActionResult> {
  return runAction(
    { name: "joinAdvisor", role: "investor", schema: joinAdvisorInputSchema },
    input,
    async (data, { viewer, prisma }) => {
      const { advisorName } = await linkByInviteCode(prisma, viewer, data.code);
      return { message: `${advisorName} is now your advisor.` };
    },
  );
}

export async function renewInviteCodeAction(): Promise<AccountActionResult> {
  return runAction(
    { name: "renewInviteCode", role: "advisor", schema: z.undefined() },
    undefined,
    async (_none, { viewer, prisma }) => {
      const code = await inviteCodeOf(prisma, viewer, true);
      return { message: `Your new invite code is ${code}; the old one no longer works.` };
    },
  );
}
