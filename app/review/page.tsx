import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { requirePageViewer } from "@/lib/auth/session";
import { getPrisma } from "@/lib/db/client";
import { clientsOf, inviteCodeOf } from "@/lib/review/links";
import { firstValues } from "@/lib/core/route-input";
import { listQueue, parseQueueFilters } from "@/lib/review/queue";

export const metadata: Metadata = { title: "Review" };

const STATUS_STYLE = {
  unreviewed: "bg-slate-100 text-slate-700",
  approved: "bg-emerald-100 text-emerald-800",
  flagged: "bg-red-100 text-red-800",
} as const;

// The advisor's review queue: their clients' answered questions, filterable by the query string.
export default async function ReviewQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  const advisor = await requirePageViewer("/review", "advisor");
  const { filters, ignored } = parseQueueFilters(firstValues(await searchParams));
  const prisma = await getPrisma();
  const [items, clients, inviteCode] = await Promise.all([
    listQueue(prisma, advisor.id, filters),
    clientsOf(prisma, advisor.id),
    inviteCodeOf(prisma, advisor),
  ]);

  return (
    <div className="space-y-6" data-testid="review-queue">
      <header className="space-y-1">
        <h1 className="text-3xl">Review queue</h1>
        <p className="text-sm text-slate-600">
          What your {clients.length} client{clients.length === 1 ? "" : "s"} asked and were told. Clients join you with
          your invite code{" "}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold" data-testid="invite-code">
            {inviteCode}
          </code>{" "}
          (on their Account page).
        </p>
      </header>
      <form className="flex flex-wrap items-end gap-3 text-sm" data-testid="queue-filters" method="get">
        <label className="space-y-1">
          <span className="block text-slate-600">Status</span>
          <select
            name="status"
            defaultValue={filters.status}
            className="rounded-md border border-slate-300 px-2 py-1.5"
            data-testid="filter-status"
          >
            <option value="all">All</option>
            <option value="unreviewed">Unreviewed</option>
            <option value="flagged">Flagged</option>
            <option value="approved">Approved</option>
          </select>
        </label>
        <label className="space-y-1">
          <span className="block text-slate-600">Client</span>
          <select
            name="client"
            defaultValue={filters.client ?? ""}
            className="rounded-md border border-slate-300 px-2 py-1.5"
            data-testid="filter-client"
          >
            <option value="">All clients</option>
            {clients.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name} ({client.email})
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1">
          <span className="block text-slate-600">Company (ticker)</span>
          <input
            name="company"
            defaultValue={filters.company ?? ""}
            maxLength={12}
            className="w-24 rounded-md border border-slate-300 px-2 py-1.5"
            data-testid="filter-company"
          />
        </label>
        <label className="space-y-1">
          <span className="block text-slate-600">From</span>
          <input
            type="date"
            name="from"
            defaultValue={filters.from ?? ""}
            className="rounded-md border border-slate-300 px-2 py-1.5"
            data-testid="filter-from"
          />
        </label>
        <label className="space-y-1">
          <span className="block text-slate-600">To</span>
          <input
            type="date"
            name="to"
            defaultValue={filters.to ?? ""}
            className="rounded-md border border-slate-300 px-2 py-1.5"
            data-testid="filter-to"
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white"
          data-testid="filter-apply"
        >
          Filter
        </button>
      </form>
      {ignored.length > 0 ? (
        <ul className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="queue-filters-ignored">
          {ignored.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {items.length === 0 ? (
        <p className="text-slate-600" data-testid="queue-empty">
          No questions match.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="queue-items">
          {items.map((item) => (
            <li key={item.messageId} data-testid="queue-item" data-status={item.status}>
              <Link
                href={`/review/${item.messageId}`}
                className="flex flex-wrap items-center gap-3 px-4 py-3 no-underline hover:bg-slate-50"
              >
                <span
                  className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[item.status]}`}
                  data-testid="queue-item-status"
                >
                  {item.status}
                </span>
                <span className="min-w-0 flex-1 truncate text-slate-900" data-testid="queue-item-question">
                  {item.question}
                </span>
                <span className="text-xs text-slate-500">{item.tickers.join(", ")}</span>
                <span className="text-xs text-slate-500" data-testid="queue-item-client">
                  {item.client.name}
                </span>
                <time className="text-xs text-slate-500" dateTime={item.answeredAt}>
                  {item.answeredAt.slice(0, 16).replace("T", " ")}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
