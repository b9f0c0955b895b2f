export function EmptyDatabaseNotice() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-5" data-testid="empty-database">
      <h2 className="text-lg">The database is empty</h2>
      <p className="mt-1 text-slate-600">
        No companies or metric values are loaded yet. Load the bundled seed (companies, the metrics catalog, SEC
        fundamentals and daily prices) from the project folder:
      </p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 text-sm text-slate-100">
        <code className="bg-transparent p-0 text-inherit">npm run ingest -- seed</code>
      </pre>
      <p className="mt-3 text-sm text-slate-500">Then reload this page.</p>
    </div>
  );
}
