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
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
