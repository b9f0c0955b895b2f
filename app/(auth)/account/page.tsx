import type { Metadata } from "next";
import { connection } from "next/server";
import { AccountLinkForm } from "@/components/auth/account-link-form";
import { requirePageViewer } from "@/lib/auth/session";
import { getPrisma } from "@/lib/db/client";
import { advisorOf, clientsOf, inviteCodeOf } from "@/lib/review/links";
import { joinAdvisorAction, renewInviteCodeAction } from "./actions";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  await connection();
  const viewer = await requirePageViewer("/account");
  const prisma = await getPrisma();
  return (
    <div className="max-w-xl space-y-4" data-testid="account-page">
      <h1 className="text-2xl">Account</h1>
      <p className="text-slate-700">
        {viewer.name} ({viewer.email}), {viewer.role}.
      </p>
      {viewer.role === "investor" ? (
        <InvestorSection advisor={await advisorOf(prisma, viewer.id)} />
      ) : (
        <AdvisorSection
          code={await inviteCodeOf(prisma, viewer)}
          clients={(await clientsOf(prisma, viewer.id)).length}
        />
      )}
    </div>
  );
}

function InvestorSection({ advisor }: { advisor: { name: string } | null }) {
  return (
    <section className="space-y-2">
      <p data-testid="current-advisor">
        {advisor
          ? `Your advisor: ${advisor.name}. They can read your questions and answers and reply to you.`
          : "You have no advisor."}
      </p>
      <AccountLinkForm mode="join" action={joinAdvisorAction} />
    </section>
  );
}

function AdvisorSection({ code, clients }: { code: string; clients: number }) {
  return (
    <section className="space-y-2">
      <p>
        Your invite code:{" "}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold" data-testid="account-invite-code">
          {code}
        </code>
        . A client who enters it on their Account page joins you ({clients} so far).
      </p>
      <AccountLinkForm mode="renew" action={renewInviteCodeAction} />
    </section>
  );
}
