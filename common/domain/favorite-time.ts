/**
 * The favorite notification window in time (decision record 026). On the wire its ends are ISO
 * 8601 times with the member's offset ("20:15:00+01:00", also a date-time "2026-11-24T20:15:00+01:00");
 * stored as her local time of day ("20:15") plus her time zone (an IANA name like
 * "Europe/Berlin", or a fixed offset "+01:00" when the client named none), so that "daily" and
 * "20:00-23:00" keep meaning her local time across a change to or from summer time.
 */

/** The zone of windows stored before they carried one ("HH:MM" from the German product). */
export const DEFAULT_WINDOW_ZONE = 'Europe/Berlin';

/** A stored window: local times of day "HH:MM" and the zone they are meant in. */
export type ZonedWindow = { start: string; end: string; zone: string };

/** An ISO time as written: its wall time, its date (date-time form) and its offset in minutes. */
export type IsoTime = { date: string | null; hour: number; minute: number; second: number; offset: number | null };

const ISO =
  /^(?:(\d{4})-(\d{2})-(\d{2})T)?([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;
const FIXED = /^([+-])([01]\d|2[0-3]):([0-5]\d)$/;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes east of UTC of "+01:00", "-03:30" or "Z"; null for anything else. */
function offsetMinutes(text: string): number | null {
  if (text === 'Z') return 0;
  const m = FIXED.exec(text);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** "+01:00" for 60, "-03:30" for -210, "+00:00" for 0. */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Reads "20:15", "20:15:00+01:00", "2026-11-24T20:15:00Z" ...; null when it is no ISO time. */
export function parseIsoTime(value: string): IsoTime | null {
  const m = ISO.exec(value);
  if (!m) return null;
  let date: string | null = null;
  if (m[1]) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const check = new Date(Date.UTC(y, mo - 1, d));
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
    date = `${m[1]}-${m[2]}-${m[3]}`;
  }
  return {
    date,
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
    offset: m[7] ? offsetMinutes(m[7]) : null,
  };
}

/**
 * The formats of the zones in use, the most recently used last. Bounded: a zone string comes from
 * a member (and from stored rows), and a cache that kept every spelling forever would let anyone
 * grow the heap; a few hundred covers every IANA zone a product actually sees.
 */
export const FORMAT_CACHE_LIMIT = 500;
const formats = new Map<string, Intl.DateTimeFormat>();
const newFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (f) {
    formats.delete(zone);
  } else {
    f = newFormat(zone);
    if (formats.size >= FORMAT_CACHE_LIMIT) formats.delete(formats.keys().next().value as string);
  }
  formats.set(zone, f);
  return f;
}

/** How many zone formats are cached (for the tests of the bound). */
export const cachedFormatCount = () => formats.size;

/**
 * The one spelling of a zone: a fixed offset ("+01:00") as it is, an IANA zone as the runtime
 * names it (Intl takes any letter case, "EUROPE/berlin", and links like
 * "America/Argentina/Buenos_Aires"); null for what is neither. Nothing is cached here, so
 * refused or odd spellings leave no trace; only the canonical name is then stored and cached.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (FIXED.test(zone)) return zone;
  if (zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether the zone is a fixed offset ("+01:00") or a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

/** The zone's offset from UTC at an instant, in minutes east. */
export function zoneOffset(zone: string, at: Date): number {
  const fixed = offsetMinutes(zone);
  if (fixed !== null) return fixed;
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The zone's wall clock at an instant: the date "YYYY-MM-DD" and the minute of the day. */
export function wallClock(zone: string, at: Date): { date: string; minutes: number } {
  const local = new Date(at.getTime() + zoneOffset(zone, at) * 60_000);
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

const minutesOf = (hhmm: string) => {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * The local time of day "HH:MM" an ISO time means in the zone. Without an offset
 * it is the wall time as written; with one, the instant it names (on its date, or on the zone's
 * today for the time form) read on the zone's clock. Seconds stay, so that a step check sees them.
 */
export function localTimeIn(time: IsoTime, zone: string, now: Date): { hhmm: string; second: number } {
  if (time.offset === null) return { hhmm: `${pad(time.hour)}:${pad(time.minute)}`, second: time.second };
  const [y, mo, d] = (time.date ?? wallClock(zone, now).date).split('-').map(Number) as [number, number, number];
  const instant = Date.UTC(y, mo - 1, d, time.hour, time.minute) - time.offset * 60_000;
  const wall = wallClock(zone, new Date(instant)).minutes;
  return { hhmm: `${pad(Math.floor(wall / 60))}:${pad(wall % 60)}`, second: time.second };
}

/** The stored "HH:MM" as the ISO time the API answers: "20:15:00+01:00" with the zone's offset now. */
export function isoTimeOf(hhmm: string, zone: string, now: Date): string {
  return `${hhmm}:00${formatOffset(zoneOffset(zone, now))}`;
}

/**
 * Whether the instant lies in the window on the member's clock. Equal ends (midnight to midnight is
 * "daily") mean all day; a start after the end runs across midnight (22:00-02:00); the end itself
 * is outside.
 */
export function inWindow(window: ZonedWindow, now: Date): boolean {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === null || end === null) return false;
  if (start === end) return true;
  const t = wallClock(window.zone, now).minutes;
  return start < end ? t >= start && t < end : t >= start || t < end;
}
