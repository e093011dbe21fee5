// Times as the dashboard shows them: always with the time zone they are in ("Nov 27, 2026, 3:48 AM UTC"), so a
// merchant comparing with an explorer, a webhook log or a colleague abroad knows which clock it is. One formatter.

const options = (timeZone?: string): Intl.DateTimeFormatOptions => ({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  ...(timeZone ? { timeZone } : {}),
});

/** An ISO instant in the viewer's time zone (or `timeZone`), naming the zone; "—" for none. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', options(timeZone)).format(d);
}

/** A UTC calendar day ("2026-11-27") as "Nov 27" (axis and tooltip labels; the API's days are UTC days). */
export function formatDay(day: string, withYear = false): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(d);
}
