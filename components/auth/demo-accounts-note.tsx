import { connection } from "next/server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsEnabled } from "@/lib/auth/demo-accounts";

/** Under the sign-in form where this server lets the demo accounts sign in: who they are, and the password. */
export async function DemoAccountsNote() {
  // The flag is the running server's, not the build's.
  await connection();
  if (!demoAccountsEnabled()) return null;
  return (
    <aside
      className="mx-auto mt-8 max-w-sm rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
      data-testid="demo-accounts"
      aria-label="Demo accounts"
    >
      <p>
        This server has demo accounts, password <code>{DEMO_PASSWORD}</code>:
      </p>
      <ul className="mt-2 space-y-1">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email}>
            <code>{account.email}</code> ({account.name}, {account.role})
          </li>
        ))}
      </ul>
    </aside>
  );
}
