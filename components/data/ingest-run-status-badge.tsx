import { Badge, type BadgeTone } from "./badge";

const statusTones: Record<string, BadgeTone> = {
  succeeded: "success",
  partial: "warning",
  failed: "danger",
  running: "info",
};

export function IngestRunStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTones[status] ?? "neutral"} testId="ingest-run-status">
      {status}
    </Badge>
  );
}
