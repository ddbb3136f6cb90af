import { z } from 'zod';
import { multiLine, singleLine } from './fields.ts';

/** The session object of spec part 1 section 3, as `GET /api/session/init` answers it. */
export const sessionInfo = z.object({
  webid: z.number().int(),
  website_id: z.number().int(),
  session_id: z.string(),
  domain: z.string(),
  visitor_id: z.string().nullable(),
  splash18_confirmed: z.boolean(),
  agechecked: z.boolean(),
  redirect_splash: z.string().nullable(),
  voicecall: z.boolean(),
  phonecall_payment_type_id: z.number().int().nullable(),
  phonecall_product_id: z.number().int().nullable(),
  phonecall_payment_name: z.string().nullable(),
  sms_coins_disabled: z.boolean(),
  sms_coins_available: z.boolean(),
  temp_nickname: z.string().nullable(),
  welcome_dialog: z.object({ video: z.number().int().nullable(), voucher: z.number().nullable() }).nullable(),
  incentive_tsp: z.number().int().nullable(),
  _date: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const visitorIdBody = z.object({
  vid: singleLine().trim().min(8, 'errors.validations.required').max(128, 'errors.validations.too_long'),
  confidence: z.number().min(0).max(1),
});

export const incentiveBody = z.object({
  incentive_tsp: z.number().int().min(-1).max(9_999_999_999),
});
export const incentiveResponse = z.object({
  video_id: z.number().int().nullable(),
  voucher_percent: z.number().nullable(),
  incentive_tsp: z.number().int().nullable(),
});

export const clientLogEntry = z.object({
  created: singleLine().max(40),
  message: multiLine().max(2000),
  level: z.number().int().min(1).max(4),
  userAgent: singleLine().max(500).optional(),
  prevRoute: singleLine().max(500).nullable().optional(),
  currentRoute: singleLine().max(500).nullable().optional(),
  objects: z.array(z.unknown()).max(10).optional(),
});
export const clientLogBody = z.object({
  memberid: z.number().int().nullable().optional(),
  version: singleLine().max(64),
  errors: z.array(clientLogEntry).min(1).max(10),
});
export type ClientLogEntry = z.infer<typeof clientLogEntry>;
