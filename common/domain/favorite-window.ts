import { FAVORITE_MINUTE_STEP } from '../constants.ts';
import { formatOffset } from './favorite-time.ts';

/**
 * The favorite notification window (spec part 1 "Favorite notification setting"): off, daily or
 * a time span. On the wire info_start/info_end are ISO times with the member's offset
 * ("20:15:00+01:00", common/domain/favorite-time.ts): both null = off, midnight to midnight =
 * daily, anything else a time span whose start and end are both required and whose minutes are
 * multiples of 15. The dialog works on their wall times "HH:MM".
 */
export type FavoriteMode = 'off' | 'daily' | 'timespan';
export const FAVORITE_MODES: readonly FavoriteMode[] = ['off', 'daily', 'timespan'];

export type StoredWindow = { info_start: string | null; info_end: string | null };
/** The dialog's state: the mode and the two picked times ('' = not picked). */
export type WindowForm = { mode: FavoriteMode; start: string; end: string };
export type WindowErrors = Partial<Record<'start' | 'end', string>>;

export const MIDNIGHT = '00:00';
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Hours 00-23 and the minutes a picker offers (00, 15, 30, 45). */
export const HOURS = Array.from({ length: 24 }, (_, h) => pad(h));
export const MINUTES = Array.from({ length: 60 / FAVORITE_MINUTE_STEP }, (_, i) => pad(i * FAVORITE_MINUTE_STEP));

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "HH:MM" (also "HH:MM:SS" or an ISO date-time) -> "HH:MM", or null when it is not a time. */
export function normalizeTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const iso = /T(\d{2}:\d{2})/.exec(value);
  const hhmm = iso ? iso[1] : value.slice(0, 5);
  return hhmm && TIME.test(hhmm) ? hhmm : null;
}

/** Whether a picked "HH:MM" is on the 15-minute grid. */
export const onStep = (time: string) => {
  const m = TIME.exec(time);
  return m !== null && Number(m[2]) % FAVORITE_MINUTE_STEP === 0;
};

/** On load: no start means off; midnight to midnight means daily; anything else a time span. */
export function modeOf(stored: StoredWindow): FavoriteMode {
  const start = normalizeTime(stored.info_start);
  const end = normalizeTime(stored.info_end);
  if (!start) return 'off';
  if (start === MIDNIGHT && end === MIDNIGHT) return 'daily';
  return 'timespan';
}

/** The dialog's initial state from a stored window. */
export function formOf(stored: StoredWindow): WindowForm {
  const mode = modeOf(stored);
  if (mode !== 'timespan') return { mode, start: '', end: '' };
  return { mode, start: normalizeTime(stored.info_start) ?? '', end: normalizeTime(stored.info_end) ?? '' };
}

/** A time span needs both times (errors.validations.required), each on the 15-minute grid. */
export function validateWindow(form: WindowForm): WindowErrors {
  if (form.mode !== 'timespan') return {};
  const errors: WindowErrors = {};
  for (const field of ['start', 'end'] as const) {
    const value = form[field];
    if (!value) errors[field] = 'errors.validations.required';
    else if (!onStep(value)) errors[field] = 'errors.validations.time_step';
  }
  return errors;
}

/** The browser's clock: its offset from UTC now (minutes east) and its IANA time zone. */
export type ClientClock = { offset: number; timeZone: string };

/**
 * What PUT /favorites/{id} receives: off = nulls, daily = midnight to midnight, else the span, as
 * ISO times with the member's offset, and her time zone so that the server keeps her local times
 * across summer time.
 */
export function payloadOf(form: WindowForm, clock: ClientClock): StoredWindow & { time_zone: string } {
  const iso = (hhmm: string) => `${hhmm}:00${formatOffset(clock.offset)}`;
  const window =
    form.mode === 'off'
      ? { info_start: null, info_end: null }
      : form.mode === 'daily'
        ? { info_start: iso(MIDNIGHT), info_end: iso(MIDNIGHT) }
        : { info_start: iso(form.start), info_end: iso(form.end) };
  return { ...window, time_zone: clock.timeZone };
}

/** Off with no earlier setting has nothing to save: the window just closes. */
export const closesWithoutSaving = (form: WindowForm, stored: StoredWindow) =>
  form.mode === 'off' && modeOf(stored) === 'off';
