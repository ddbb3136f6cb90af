import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#app/http.ts';
import { i18n } from '#app/i18n.ts';

/** A text (not a group of texts) in the catalogue. */
const known = (key: string) => typeof i18n.getResource('en', 'translation', key) === 'string';

/**
 * The spec's rule for the login form and Google sign-in: 422 or 401 with a message m shows
 * errors.m (errors.unknown_credentials when there is no such text), 429 the throttle text (or,
 * for an account slowed down by many attempts, errors.login_slowed), anything else
 * errors.unknown_error.
 */
export function loginErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.unknown_error';
  if (err.status === 429) return err.body?.message === 'login_slowed' ? 'errors.login_slowed' : 'errors.throttle';
  if (err.status === 422 || err.status === 401) {
    const key = `errors.${err.body?.message ?? ''}`;
    return err.body?.message && known(key) ? key : 'errors.unknown_credentials';
  }
  return 'errors.unknown_error';
}

/**
 * A mailed link the server no longer takes (410 link_expired), or a token it could not even read
 * (a 422 on the token field, e.g. a link cut short by the mail program).
 */
export function isLinkExpired(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.status === 410 && err.body?.error === 'link_expired') return true;
  return err.status === 422 && 'token' in err.fieldErrors();
}

/** Any other form: the server's message when the catalogue has it, else `fallback`. */
export function apiErrorKey(err: unknown, fallback = 'errors.unknown_error'): string {
  if (!(err instanceof ApiError)) return fallback;
  if (err.status === 429) return 'errors.throttle';
  const key = `errors.${err.body?.message ?? ''}`;
  return err.body?.message && known(key) ? key : fallback;
}

/**
 * Puts a 422's per-field messages on the form's fields. Answers true when every message found
 * a field; otherwise the caller shows a message for the whole form.
 */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError) || err.status !== 422) return false;
  const byField = err.fieldErrors();
  const entries = Object.entries(byField);
  let all = entries.length > 0;
  for (const [field, key] of entries) {
    const match = fields.find((f) => f === field);
    if (match) setError(match, { type: 'server', message: key });
    else all = false;
  }
  return all;
}
