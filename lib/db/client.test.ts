import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/core/config";
import { databaseConfigFromEnv } from "./client";

describe("database configuration from the environment", () => {
  const url = "postgresql://postgres@127.0.0.1:5432/postgres";

  it("gives PostgreSQL a pool of 20 connections unless DATABASE_POOL_SIZE says otherwise", () => {
    expect(databaseConfigFromEnv(readConfig({ DATABASE_URL: url }))).toEqual({ kind: "postgres", url, poolSize: 20 });
    expect(databaseConfigFromEnv(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: " 40 " }))).toEqual({
      kind: "postgres",
      url,
      poolSize: 40,
    });
  });

  it("refuses a pool size that is not a whole number from 1 to 500, saying what to write", () => {
    expect(() => databaseConfigFromEnv(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: "lots" }))).toThrow(
      'DATABASE_POOL_SIZE must be a whole number of connections, e.g. 20 (got "lots")',
    );
    expect(() => databaseConfigFromEnv(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: "2.5" }))).toThrow(
      'DATABASE_POOL_SIZE must be a whole number of connections, e.g. 20 (got "2.5")',
    );
    expect(() => databaseConfigFromEnv(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: "0" }))).toThrow(
      'DATABASE_POOL_SIZE must be at least 1 (got "0")',
    );
  });
});
