import { z } from 'zod';
import { singleLine } from './fields.ts';

/**
 * Web Push (decision 067): the server's VAPID public key, a browser's subscription as
 * PushSubscription.toJSON() gives it, and the member's devices for the settings.
 */
const INVALID = 'errors.validations.invalid';
const base64url = (bytes: number) =>
  singleLine()
    .max(200, 'errors.validations.too_long')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, INVALID)
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), INVALID);

/** GET /push/key */
export const pushKeyResponse = z.object({ public_key: z.string() });

/**
 * POST /push/subscriptions and DELETE /push/subscriptions: `endpoint` an https address of the
 * browser's push service (the server refuses other schemes, but a loopback stand-in outside
 * production); `keys.p256dh` a P-256 point (65 bytes), `keys.auth` 16 bytes, both base64url.
 */
export const pushEndpoint = singleLine().min(1, 'errors.validations.required').max(2048, 'errors.validations.too_long');
export const pushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushEndpointBody = z.object({ endpoint: pushEndpoint });

export const pushDevice = z.object({
  id: z.number().int(),
  label: z.string(),
  locale: z.string(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;

/** GET /push/subscriptions: the member's devices, newest first. */
export const pushDevicesResponse = z.object({ data: z.array(pushDevice) });
export const pushDeviceParams = z.object({ id: z.coerce.number().int().positive() });

/** What a push carries to the service worker, which shows it as a notification. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;
