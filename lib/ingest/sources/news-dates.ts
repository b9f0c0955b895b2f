// Dates as news sources write them, to an ISO instant:
// "2024-01-25", "2024-01-25T08:33:00Z", "2020-06-05 10:30:00-04:00" (ISO-like with an offset),
// "January 25, 2024 — 03:33 am EST" (Nasdaq), and RFC 822 dates of RSS ("Thu, 25 Jan 2024 08:33:00 GMT").
// A date without a time is taken at 00:00 UTC; US zone abbreviations map to their offsets.
import { MONTH_NAMES } from "@/lib/core/dates";

const ZONES: Readonly<Record<string, string>> = {
  EST: "-05:00",
  EDT: "-04:00",
  CST: "-06:00",
  CDT: "-05:00",
  MST: "-07:00",
  MDT: "-06:00",
  PST: "-08:00",
  PDT: "-07:00",
  ET: "-05:00",
  UTC: "Z",
  GMT: "Z",
  Z: "Z",
};

const pad = (n: number) => String(n).padStart(2, "0");

export function parseNewsDate(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    t,
  );
  if (iso) {
    const [, y, mo, d, h = "00", mi = "00", s = "00", zone] = iso;
    const offset =
      zone === undefined
        ? "Z"
        : zone === "Z"
          ? "Z"
          : zone.includes(":")
            ? zone
            : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    return checked(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`, Number(y), Number(mo), Number(d));
  }
  const named =
    /^([A-Za-z]+)\.?\s+(\d{1,2}),\s*(\d{4})(?:\s*[—–-]\s*(\d{1,2}):(\d{2})\s*([ap]m)?\s*([A-Z]{1,4})?)?$/i.exec(t);
  if (named) {
    const [, monthName, d, y, h, mi, ampm, zone] = named;
    const month = MONTH_NAMES.findIndex((m) => m.startsWith(monthName!.toLowerCase()) && monthName!.length >= 3) + 1;
    if (month === 0) return null;
    let hour = h === undefined ? 0 : Number(h);
    if (ampm?.toLowerCase() === "pm" && hour < 12) hour += 12;
    if (ampm?.toLowerCase() === "am" && hour === 12) hour = 0;
    const offset = zone ? ZONES[zone.toUpperCase()] : "Z";
    if (offset === undefined) return null;
    return checked(
      `${y}-${pad(month)}-${pad(Number(d))}T${pad(hour)}:${mi ?? "00"}:00${offset}`,
      Number(y),
      month,
      Number(d),
    );
  }
  // RFC 822 / RFC 2822 (RSS): Date parses these reliably.
  if (/^(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{2}:\d{2}/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  return null;
}

function checked(isoText: string, year: number, month: number, day: number): string | null {
  const ms = Date.parse(isoText);
  if (Number.isNaN(ms) || month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null;
  return new Date(ms).toISOString();
}
