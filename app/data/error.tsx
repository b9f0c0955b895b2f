"use client";

// Last resort for errors the page does not turn into a message itself. In production the server's
// message is redacted, so the digest is what links this screen to the server log.
export default function DataError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;

  return (
    <div
      role="alert"
      className="rounded-xl border border-rose-200 bg-rose-50 px-6 py-5 text-rose-950"
      data-testid="data-error"
    >
      <h1 className="text-xl text-rose-900">The data page could not be shown</h1>
      <p className="mt-2 text-sm">
        Something went wrong while reading the database. The server log has the details
        {digest ? (
          <>
            {" "}
            under the reference <code>{digest}</code>
          </>
        ) : null}
        .
      </p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-4 rounded-md bg-rose-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-rose-800"
      >
        Try again
      </button>
    </div>
  );
}
