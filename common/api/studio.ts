import { z } from 'zod';
import { emailField, REQUIRED, singleLine } from './fields.ts';

/** The studio's sign-in form (POST /api/studio/login): her e-mail address and password. */
export const studioLoginBody = z.object({
  email: emailField,
  password: singleLine({ error: REQUIRED }).min(1, REQUIRED).max(1024, 'errors.validations.too_long'),
});
export type StudioLoginBody = z.infer<typeof studioLoginBody>;

/** POST /api/studio/presence: her own show goes on or off line. */
export const studioPresenceBody = z.object({ online: z.boolean() });
export type StudioPresenceBody = z.infer<typeof studioPresenceBody>;

/** The signed-in performer and the one show she owns (GET /api/studio/me and every studio write). */
export const studioMe = z.object({
  performer: z.object({ id: z.number().int(), email: z.string() }),
  show: z.object({
    universalId: z.string(),
    showName: z.string(),
    online: z.boolean(),
    /** Coins per minute; null where the show offers no such chat (common/domain/prices.ts). */
    prices: z.object({
      private: z.number().int().nullable(),
      exclusive: z.number().int().nullable(),
      exclusiveOnly: z.boolean(),
    }),
  }),
});
export type StudioMe = z.infer<typeof studioMe>;
