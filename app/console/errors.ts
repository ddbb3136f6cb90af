import { ApiError } from '../api-error.ts';
import { defineTexts, useTexts } from './locale.tsx';

export const errorTexts = defineTexts({
  en: {
    offline: 'The server cannot be reached. Nothing was changed; check the connection and try again.',
    unauthenticated: 'Your session has ended. Please sign in again.',
    forbidden: 'Your roles do not allow this.',
    notFound: 'This no longer exists. It may have been removed meanwhile.',
    conflict: 'This was changed meanwhile. Reload and try again.',
    expired: 'The page has expired. Reload it and try again.',
    invalid: 'Please check the fields marked.',
    tooLarge: 'This is too large.',
    throttled: (seconds: number) => `Too many attempts. Please wait ${seconds} s and try again.`,
    server: 'Something went wrong on the server. Nothing was changed; please try again.',
    required: 'Please fill this in.',
    tooLong: 'This is too long.',
    controlCharacters: 'This contains characters that are not allowed.',
    fieldInvalid: 'This is not valid.',
  },
  de: {
    offline:
      'Der Server ist nicht erreichbar. Nichts wurde geändert; prüfen Sie die Verbindung und versuchen Sie es erneut.',
    unauthenticated: 'Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.',
    forbidden: 'Ihre Rollen erlauben das nicht.',
    notFound: 'Das gibt es nicht mehr. Es wurde vielleicht inzwischen entfernt.',
    conflict: 'Das wurde inzwischen geändert. Laden Sie neu und versuchen Sie es erneut.',
    expired: 'Die Seite ist abgelaufen. Laden Sie sie neu und versuchen Sie es erneut.',
    invalid: 'Bitte prüfen Sie die markierten Felder.',
    tooLarge: 'Das ist zu groß.',
    throttled: (seconds: number) => `Zu viele Versuche. Bitte warten Sie ${seconds} s und versuchen Sie es erneut.`,
    server: 'Auf dem Server ist etwas schiefgegangen. Nichts wurde geändert; bitte versuchen Sie es erneut.',
    required: 'Bitte füllen Sie das aus.',
    tooLong: 'Das ist zu lang.',
    controlCharacters: 'Das enthält Zeichen, die nicht erlaubt sind.',
    fieldInvalid: 'Das ist nicht gültig.',
  },
});

type ErrorTexts = (typeof errorTexts)['en'];

/** The words for a failed call, whatever failed: offline, refused, invalid, the server's fault. */
export function errorMessage(t: ErrorTexts, err: unknown): string {
  if (!(err instanceof ApiError)) return t.server;
  const { status } = err;
  if (status === 0) return t.offline;
  if (status === 401) return t.unauthenticated;
  if (status === 403) return t.forbidden;
  if (status === 404 || status === 410) return t.notFound;
  if (status === 409) return t.conflict;
  if (status === 413) return t.tooLarge;
  if (status === 419) return t.expired;
  if (status === 422 || status === 400) return t.invalid;
  if (status === 429) return t.throttled(err.retryAfter ?? 60);
  return t.server;
}

/** The words for one field's error key of a 422 answer (common/api/fields.ts). */
export function fieldMessage(t: ErrorTexts, key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (key.endsWith('.required')) return t.required;
  if (key.endsWith('.too_long')) return t.tooLong;
  if (key.endsWith('.control_characters')) return t.controlCharacters;
  return t.fieldInvalid;
}

/** The error texts in the console's language: `const say = useErrorText(); say(err)`. */
export function useErrorText() {
  const t = useTexts(errorTexts);
  return { say: (err: unknown) => errorMessage(t, err), field: (key: string | undefined) => fieldMessage(t, key) };
}
