import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthForm } from "@/components/auth/auth-form";
import { DemoAccountsNote } from "@/components/auth/demo-accounts-note";

export const metadata: Metadata = { title: "Sign in" };

export default function SignInPage() {
  return (
    <>
      <Suspense>
        <AuthForm mode="sign-in" />
      </Suspense>
      <DemoAccountsNote />
    </>
  );
}
