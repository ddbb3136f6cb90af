/**
 * The one error module. Routes and mutations throw these; the error handler turns them into
 * `{ error, message, errors?, requestId? }` with the status of the code.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  unknown_credentials: 401,
  forbidden: 403,
  not_verified: 403,
  /** The session has not passed the age check (the voice call needs it). */
  age_check_required: 403,
  user_blocked: 403,
  /** A performer of a partner's show: she broadcasts in the partner's studio, not in ours. */
  partner_show: 403,
  not_found: 404,
  email_already_exists: 409,
  conflict: 409,
  /** Every identity check an application may start has been started (common/domain/id-check-attempts.ts). */
  id_check_attempts_used: 409,
  /** The member owns this video part or gallery already (a second click of buy). */
  already_bought: 409,
  /** A mailed link (activation, reset, address change) that was used already or has expired. */
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  csrf_mismatch: 419,
  validation_failed: 422,
  google_account_not_found: 422,
  /** Registration looks automated: solve the captcha named in the answer and send again. */
  captcha_required: 422,
  /** The captcha response token is not good (made up, or used already). */
  captcha_invalid: 422,
  /** The captcha response token ran out (two minutes): solve it again. */
  captcha_expired: 422,
  /** Paying with a voucher, but the member has none for this content. */
  no_voucher: 422,
  /** Free content (a free part, the free gallery) is not bought. */
  not_for_sale: 422,
  /** A copy of her data was asked for less than a day ago; `next_at` says when again. */
  data_export_too_soon: 429,
  throttle: 429,
  throttled: 429,
  no_coins: 402,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type CaptchaChallenge = { provider: 'sandbox' | 'recaptcha'; site_key: string };
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details: {
      message?: string;
      errors?: FieldErrors;
      email?: string;
      retryAfter?: number;
      /** The captcha widget to show: which service, with which public site key. */
      captcha?: CaptchaChallenge;
      /** When the refused thing may be asked again (ISO 8601). */
      nextAt?: string;
    } = {},
  ) {
    super(details.message ?? code);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = () => new AppError('not_found');
export const unauthenticated = () => new AppError('unauthenticated');
export const forbidden = () => new AppError('forbidden');
export const notVerified = () => new AppError('not_verified');
export const ageCheckRequired = () => new AppError('age_check_required');
export const csrfMismatch = () => new AppError('csrf_mismatch');
export const unknownCredentials = () => new AppError('unknown_credentials');
export const userBlocked = () => new AppError('user_blocked');
export const partnerShow = () => new AppError('partner_show');
/**
 * A used, expired or unknown mailed link. Not a 401: the link says nothing about the session of
 * the browser that opens it, so the client must not sign anyone out over it.
 */
export const linkExpired = () => new AppError('link_expired');
/** Either code shows the one catalogue message, errors.throttle. */
export const throttled = (retryAfter: number, code: 'throttle' | 'throttled' = 'throttle') =>
  new AppError(code, { retryAfter, message: 'throttle' });
/** A data copy asked for again within a day: when the next may be asked, in seconds and as a time. */
export const dataExportTooSoon = (nextAt: Date, now: Date) =>
  new AppError('data_export_too_soon', {
    retryAfter: Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 1000)),
    nextAt: nextAt.toISOString(),
  });
/** A 422 for one or more fields, each with an i18n key. */
export const invalid = (errors: FieldErrors) => new AppError('validation_failed', { errors });
export const invalidField = (field: string, key: string) => invalid({ [field]: [key] });
