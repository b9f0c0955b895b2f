"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { z } from "zod";

// zod compiles object parsers with new Function() (after probing whether it may) unless told not to:
// the Content-Security-Policy (proxy.ts) allows no eval, so the browser's parsers (the AI SDK's stream
// chunks) run without it.
z.config({ jitless: true });

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser session: created lazily so a re-render never drops the cache.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false } },
      }),
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
