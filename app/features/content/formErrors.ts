import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#app/http.ts';

/**
 * Shows a failed send on the form: a 422's messages on their fields (`urls.2` too), anything the
 * fields cannot show as one message for the form (`root.server`); 429 asks to wait.
 */
export function showSendError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const formError = (message: string) => setError('root.server', { type: 'server', message });
  if (!(err instanceof ApiError)) return formError('errors.unknown_error');
  if (err.status === 429) return formError('errors.throttled');
  if (err.status !== 422) return formError('errors.unknown_error');
  const placed = Object.entries(err.fieldErrors()).filter(([field]) => fields.includes(field.split('.')[0] ?? ''));
  for (const [i, [field, message]] of placed.entries()) {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 });
  }
  if (placed.length === 0 || placed.length < Object.keys(err.fieldErrors()).length) {
    formError('errors.validation_failed');
  }
}

/** A field focused for its error scrolls into view with its label clear of the sticky top bar. */
export const FOCUS_CLEARANCE = { '& input, & textarea, & [role="combobox"]': { scrollMarginTop: '120px' } } as const;
