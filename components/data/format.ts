// Formatting for the data page. Fixed locale and UTC so the server render never depends on where
// the server runs.
import { MONTH_NAMES } from "@/lib/core/dates";

const countFormat = new Intl.NumberFormat("en-US");

export function formatCount(value: number): string {
  return countFormat.format(value);
}

export function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  return name ? name[0]!.toUpperCase() + name.slice(1) : `Month ${month}`;
}

/** "2025-11-30 05:32 UTC" */
export function formatTimestamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function formatDuration(milliseconds: number | null): string {
  if (milliseconds === null) return "—";
  if (milliseconds < 1_000) return `${milliseconds} ms`;
  const seconds = milliseconds / 1_000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

export function formatRange(first: string | number | null, last: string | number | null): string {
  if (first === null || last === null) return "—";
  return first === last ? String(first) : `${first} – ${last}`;
}

/** "balance_sheet" -> "balance sheet" */
export function humanize(value: string): string {
  return value.replaceAll("_", " ");
}
