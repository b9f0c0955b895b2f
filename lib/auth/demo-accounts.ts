// Demo accounts for local runs: an advisor with two linked investors. Their passwords are in the README,
// so they exist (and can sign in) only when FINGROUND_DEMO_ACCOUNTS=1, which `npm start` on the
// embedded database and `npm run dev` set; production deployments leave it unset.
import { appConfig, type Config } from "@/lib/core/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Auth } from "./auth";
import type { UserRole } from "./viewer";

export const DEMO_PASSWORD = "finground-demo";

export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: UserRole }[] = [
  { email: "advisor@demo.finground", name: "Ada Advisor", role: "advisor" },
  { email: "investor@demo.finground", name: "Ivan Investor", role: "investor" },
  { email: "investor2@demo.finground", name: "Iris Investor", role: "investor" },
];

export function demoAccountsEnabled(config: Config = appConfig()): boolean {
  const flag = config.FINGROUND_DEMO_ACCOUNTS;
  if (flag) return flag === "1" || flag === "true";
  return config.NODE_ENV === "development";
}

export function isDemoEmail(email: string): boolean {
  const normalized = email.trim().toLowerCase();
  return DEMO_ACCOUNTS.some((account) => account.email === normalized);
}

/** Creates the missing demo accounts (hashing through Better Auth) and links the investors to the
 * demo advisor. Returns how many accounts it created. */
export async function ensureDemoAccounts(prisma: PrismaClient, auth: Auth): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await prisma.user.findUnique({ where: { email: account.email }, select: { id: true } })) continue;
    await auth.api.signUpEmail({
      body: { email: account.email, name: account.name, password: DEMO_PASSWORD, role: account.role },
    });
    created += 1;
  }
  const users = await prisma.user.findMany({
    where: { email: { in: DEMO_ACCOUNTS.map((a) => a.email) } },
    select: { id: true, role: true },
  });
  const advisor = users.find((user) => user.role === "advisor");
  if (advisor) {
    for (const investor of users.filter((user) => user.role === "investor")) {
      await prisma.advisorClient.upsert({
        where: { clientId: investor.id },
        create: { clientId: investor.id, advisorId: advisor.id },
        update: {},
      });
    }
  }
  return created;
}
