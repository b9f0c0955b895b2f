export interface DatabaseProblem {
  code: string;
  title: string;
  message: string;
  hint: string;
}

export function DatabaseErrorNotice({ problem }: { problem: DatabaseProblem }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-rose-200 bg-rose-50 px-6 py-5 text-rose-950"
      data-testid="database-error"
      data-error-code={problem.code}
    >
      <h2 className="text-lg text-rose-900">{problem.title}</h2>
      <p className="mt-2 text-sm">{problem.hint}</p>
      <pre className="mt-3 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-white/70 px-4 py-3 font-mono text-xs text-rose-900">
        {problem.code}: {problem.message}
      </pre>
    </div>
  );
}
