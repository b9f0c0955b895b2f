import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { CompaniesTable } from "@/components/data/companies-table";
import { DataSection } from "@/components/data/data-section";
import { DatabaseErrorNotice, type DatabaseProblem } from "@/components/data/database-error-notice";
import { EmptyDatabaseNotice } from "@/components/data/empty-database-notice";
import { FactsReport } from "@/components/data/facts-report";
import { FilingsTable } from "@/components/data/filings-table";
import { IngestRunsTable } from "@/components/data/ingest-runs-table";
import { MetricsTable } from "@/components/data/metrics-table";
import { Totals } from "@/components/data/totals";
import { publicError } from "@/lib/core/errors";
import { requirePageViewer } from "@/lib/auth/session";
import { getDatabase, type Database } from "@/lib/db/client";
import { getDataOverview, RECENT_INGEST_RUN_LIMIT, type DataOverview } from "@/lib/db/queries/data-overview";
import { getFactsOverview, type FactsOverview } from "@/lib/db/queries/facts-overview";
import { getFilingsOverview, type FilingsOverview } from "@/lib/db/queries/filings-overview";

export const metadata: Metadata = {
  title: "Data",
  description: "Companies, metrics and ingest runs stored in the FinGround database.",
};

type OverviewResult =
  | { ok: true; databaseKind: Database["kind"]; overview: DataOverview; filings: FilingsOverview; facts: FactsOverview }
  | { ok: false; problem: DatabaseProblem };

export default async function DataPage() {
  // The database exists only at run time, so this page must never be prerendered at build time.
  await connection();
  await requirePageViewer("/data");
  const result = await loadOverview();

  return (
    <div className="space-y-10" data-testid="data-page">
      <header className="space-y-2">
        <h1 className="text-3xl">Data</h1>
        <p className="max-w-3xl text-slate-600">
          What FinGround can ground its answers in: the companies, the metrics catalog, how many values are stored, and
          the ingest runs that loaded them.
        </p>
        {result.ok ? (
          <p className="text-xs text-slate-500" data-testid="database-kind">
            Reading from {result.databaseKind === "pglite" ? "the embedded PGlite database" : "PostgreSQL"}.
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          How well it answers, measured:{" "}
          <Link href="/data/eval" className="underline" data-testid="eval-report-link">
            the latest evaluation report
          </Link>
          .
        </p>
      </header>

      {result.ok ? (
        <Overview overview={result.overview} filings={result.filings} facts={result.facts} />
      ) : (
        <DatabaseErrorNotice problem={result.problem} />
      )}
    </div>
  );
}

function Overview({
  overview,
  filings,
  facts,
}: {
  overview: DataOverview;
  filings: FilingsOverview;
  facts: FactsOverview;
}) {
  const { totals, companies, metrics, ingestRuns } = overview;
  const isEmpty = totals.companies === 0 && totals.metricValueRows === 0 && totals.dailyPriceRows === 0;

  return (
    <>
      <Totals totals={totals} />
      {isEmpty ? <EmptyDatabaseNotice /> : null}

      {companies.length > 0 ? (
        <DataSection
          id="companies"
          title="Companies"
          description="Current values count the latest row per metric and period; fiscal years and prices show the span covered."
        >
          <CompaniesTable companies={companies} />
        </DataSection>
      ) : null}

      {metrics.length > 0 ? (
        <DataSection
          id="metrics"
          title="Metrics catalog"
          description="Every metric the agent can ask for, the words that name it, and how many companies have values for it."
        >
          <MetricsTable metrics={metrics} />
        </DataSection>
      ) : null}

      {filings.filings > 0 ? (
        <DataSection
          id="filings"
          title="Filings"
          description="10-K, 10-Q, 8-K and earnings texts, cut into sections and chunks for the answer's citations."
        >
          <FilingsTable overview={filings} />
        </DataSection>
      ) : null}

      {facts.bySource.length > 0 ? (
        <DataSection
          id="facts"
          title="Facts by source"
          description="Metric values by where they were read, and what the statement tables of the filings gave: tables found, rows mapped to catalog metrics, and where a table differs from XBRL."
        >
          <FactsReport overview={facts} />
        </DataSection>
      ) : null}

      <DataSection
        id="ingest-runs"
        title="Ingest runs"
        description={`The last ${RECENT_INGEST_RUN_LIMIT} runs, newest first.`}
      >
        {ingestRuns.length > 0 ? (
          <IngestRunsTable runs={ingestRuns} />
        ) : (
          <p className="text-sm text-slate-500" data-testid="no-ingest-runs">
            No ingest runs yet.
          </p>
        )}
      </DataSection>
    </>
  );
}

async function loadOverview(): Promise<OverviewResult> {
  try {
    const database = await getDatabase();
    return {
      ok: true,
      databaseKind: database.engine,
      overview: await getDataOverview(database.prisma),
      filings: await getFilingsOverview(database.prisma),
      facts: await getFactsOverview(database.prisma),
    };
  } catch (error) {
    // The detail goes to the server log; the page names the kind of problem and the log line's reference.
    const { reference } = publicError(error, "/data", "DATABASE_UNAVAILABLE");
    return { ok: false, problem: describeDatabaseProblem(error, `details in the server log, reference ${reference}`) };
  }
}

function describeDatabaseProblem(error: unknown, logged: string): DatabaseProblem {
  const message = (error instanceof Error ? error.message : String(error)).trim();
  const code = errorCode(error);

  if (code === "DATABASE_BUSY") {
    return {
      code,
      title: "The database is in use by another process",
      hint:
        "The embedded PGlite database can be opened by one process at a time. Stop the other process " +
        "(an ingest run or another server), then reload this page — or set DATABASE_URL to a PostgreSQL server.",
      message: logged,
    };
  }
  // Prisma reports Postgres' undefined_table (42P01) inside the message of a raw query error.
  if (code === "P2021" || /42P01|relation "[^"]+" does not exist/.test(message)) {
    return {
      code: "DATABASE_NOT_MIGRATED",
      title: "The database has no FinGround tables yet",
      hint: "The schema is created by the migrations the server applies when it starts. Restart the server, then load data with npm run ingest -- seed.",
      message: logged,
    };
  }
  return {
    code: code ?? "DATABASE_ERROR",
    title: "The database could not be read",
    hint: "Check DATABASE_URL (PostgreSQL) or FINGROUND_PGLITE_DIR (embedded PGlite) and the server log, then reload this page.",
    message: logged,
  };
}

function errorCode(error: unknown): string | null {
  if (error !== null && typeof error === "object" && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return null;
}
