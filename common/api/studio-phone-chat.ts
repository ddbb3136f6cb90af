import { z } from 'zod';
import { EXPECTED } from './fields.ts';

/** A telephone number in E.164 form, as the real phone-chat line dials it (+, country code, number). */
export const E164_NUMBER = /^\+[1-9]\d{6,14}$/;

/**
 * PUT /api/studio/phone-chat: the telephone the real phone-chat line puts her calls through to
 * (spaces, dashes and brackets allowed as typed), with her consent; `number: null` removes it.
 */
export const studioPhoneChatBody = z
  .strictObject(
    {
      number: z
        .string({ error: EXPECTED.text })
        .max(30, { error: 'errors.validations.phone' })
        .transform((v) => v.replace(/[\s\-()/]/g, ''))
        .pipe(z.string().regex(E164_NUMBER, { error: 'errors.validations.phone' }))
        .nullable(),
      consent: z.boolean({ error: EXPECTED.boolean }).optional(),
    },
    { error: 'errors.validations.invalid' },
  )
  .refine((v) => v.number === null || v.consent === true, {
    message: 'errors.validations.consent',
    path: ['consent'],
    when: (payload) => payload.issues.length === 0,
  });
export type StudioPhoneChatBody = z.infer<typeof studioPhoneChatBody>;

/** POST /api/studio/phone-chat/taking: her "takes calls" switch. */
export const studioTakingCallsBody = z.strictObject(
  { on: z.boolean({ error: EXPECTED.boolean }) },
  { error: 'errors.validations.invalid' },
);

/**
 * Her phone chat as the studio shows it. Her own telephone only masked (the last two digits):
 * an answer is never the place to read a number back, not even to its owner.
 */
export const studioPhoneChat = z.object({
  phoneChat: z.boolean(),
  extension: z.string().nullable(),
  takingCalls: z.boolean(),
  /** Whether the site's line needs her own telephone (the real line) or not (the sandbox line). */
  needsForwarding: z.boolean(),
  forwarding: z.string().nullable(),
});
export type StudioPhoneChat = z.infer<typeof studioPhoneChat>;

/** "+49 ••• 78": the country's first digits and the last two, enough to recognise her number. */
export const maskNumber = (number: string) => `${number.slice(0, 3)} ••• ${number.slice(-2)}`;
