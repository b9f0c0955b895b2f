import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AccountMenu } from "@/components/auth/account-menu";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "FinGround", template: "%s · FinGround" },
  description: "Answers to investing questions, grounded in SEC filings and market data.",
};

const navLinks = [
  { href: "/", label: "Home" },
  { href: "/data", label: "Data" },
] as const;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <header className="border-b border-slate-200 bg-white/90 backdrop-blur">
          <div className="mx-auto flex max-w-7xl items-center justify-between px-6 py-3">
            <Link href="/" className="flex items-center gap-2 no-underline" data-testid="brand-link">
              {/* biome-ignore lint/performance/noImgElement: a 24 px SVG gains nothing from next/image */}
              <img src="/icon.svg" alt="" width={24} height={24} />
              <span className="text-lg font-semibold tracking-tight text-slate-900">FinGround</span>
            </Link>
            <nav aria-label="Main" data-testid="main-nav">
              <ul className="flex items-center gap-1 text-sm font-medium">
                {navLinks.map((link) => (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      className="rounded-md px-3 py-1.5 text-slate-600 no-underline transition-colors hover:bg-slate-100 hover:text-slate-900"
                      data-testid={`nav-${link.label.toLowerCase()}`}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <AccountMenu />
          </div>
        </header>
        <Providers>
          <main className="mx-auto max-w-7xl px-6 py-10">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
