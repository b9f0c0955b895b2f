import Link from "next/link";
import { headers } from "next/headers";
import { viewerFromHeaders } from "@/lib/auth/session";
import { SignOutButton } from "./sign-out-button";

const linkClass = "rounded-md px-3 py-1.5 text-slate-600 no-underline hover:bg-slate-100 hover:text-slate-900";

/** The header's account corner: who is signed in, the advisor's review queue, sign-out. */
export async function AccountMenu() {
  const viewer = await viewerFromHeaders(await headers()).catch(() => null);
  if (!viewer) {
    return (
      <Link href="/sign-in" className={linkClass} data-testid="nav-sign-in">
        Sign in
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-1 text-sm font-medium" data-testid="account-menu" data-role={viewer.role}>
      {viewer.role === "advisor" ? (
        <Link href="/review" className={linkClass} data-testid="nav-review">
          Review
        </Link>
      ) : null}
      <Link href="/account" className={linkClass} data-testid="nav-account">
        {viewer.name} · {viewer.role}
      </Link>
      <SignOutButton className={linkClass} />
    </div>
  );
}
