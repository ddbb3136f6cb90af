import { ApiError } from '#app/http.ts';
import { apiErrorKey } from './errors.ts';

export const REGISTER_FIELDS = ['email', 'username', 'password', 'terms_check'] as const;

/**
 * The message above the register form: 409 offers the password reset, a blocked address the
 * contact page; a 422 whose messages all sit on fields needs none.
 */
export function registerAlert(err: unknown): { message: string; link?: { to: string; label: string } } | null {
  if (!(err instanceof ApiError)) return { message: 'errors.unknown_error' };
  if (err.status === 409)
    return {
      message: 'errors.email_already_exists',
      link: { to: '/users/reset', label: 'users.signup2.form.reset_link' },
    };
  // The robot check the form now shows says what to do.
  if (err.body?.captcha) return { message: `errors.${err.body.error}` };
  if (err.body?.error === 'user_blocked' || err.body?.message === 'user_blocked')
    return { message: 'errors.user_blocked', link: { to: '/contact', label: 'users.signup2.form.contact_link' } };
  if (err.status === 422) {
    const fields = Object.keys(err.fieldErrors());
    const onFields = fields.length > 0 && fields.every((f) => (REGISTER_FIELDS as readonly string[]).includes(f));
    return onFields ? null : { message: 'errors.validation_failed' };
  }
  return { message: apiErrorKey(err) };
}
