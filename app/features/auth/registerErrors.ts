import { ApiError } from '#app/http.ts';
import { apiErrorKey } from './errors.ts';

type Alert = { message: string; link?: { to: string; label: string } };

/** A blocked account (spec part 2): it cannot register, reset or sign in by link; support can help. */
export const isBlocked = (err: unknown) =>
  err instanceof ApiError && (err.body?.error === 'user_blocked' || err.body?.message === 'user_blocked');

/** The message for a blocked account, with the contact link. */
export const BLOCKED_ALERT: Alert = {
  message: 'errors.user_blocked',
  link: { to: '/contact', label: 'users.signup2.form.contact_link' },
};

export const REGISTER_FIELDS = ['email', 'username', 'password', 'terms_check'] as const;

/**
 * The message above the register form: 409 offers the password reset, a blocked address the
 * contact page; a 422 whose messages all sit on fields needs none.
 */
export function registerAlert(err: unknown): Alert | null {
  if (!(err instanceof ApiError)) return { message: 'errors.unknown_error' };
  if (err.status === 409)
    return {
      message: 'errors.email_already_exists',
      link: { to: '/users/reset', label: 'users.signup2.form.reset_link' },
    };
  // The robot check the form now shows says what to do.
  if (err.body?.captcha) return { message: `errors.${err.body.error}` };
  if (isBlocked(err)) return BLOCKED_ALERT;
  if (err.status === 422) {
    const fields = Object.keys(err.fieldErrors());
    const onFields = fields.length > 0 && fields.every((f) => (REGISTER_FIELDS as readonly string[]).includes(f));
    return onFields ? null : { message: 'errors.validation_failed' };
  }
  return { message: apiErrorKey(err) };
}
