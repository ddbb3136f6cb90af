import { z } from 'zod';

/**
 * Every error answer has this shape. `message` names a key under `errors.` in the
 * catalogs (the spec's `m`); `errors` holds per-field i18n keys for a 422.
 */
export const apiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
  email: z.string().optional(),
  /** With captcha_required, _invalid and _expired: the widget to show and its public site key. */
  /** With data_export_too_soon: when the next copy may be asked for (ISO 8601 UTC). */
  next_at: z.string().optional(),
  captcha: z.object({ provider: z.enum(['sandbox', 'recaptcha']), site_key: z.string() }).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
