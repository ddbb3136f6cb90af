import { z } from 'zod';
import { choice, emailField, expects, REQUIRED, requiredString, singleLine } from './fields.ts';

export const contactBody = z.object({
  name: requiredString(100),
  email: emailField,
  subject: requiredString(200),
  message: requiredString(5000, { multiline: true }),
});

export const TAKEDOWN_CATEGORIES = [
  'minor',
  'non_consensual',
  'copyright',
  'privacy',
  'violence',
  'hate',
  'other_illegal',
] as const;

/** The elements of a notice of illegal content under EU DSA Art. 16(2). */
export const takedownBody = z
  .object({
    name: singleLine().trim().max(100, 'errors.validations.too_long').optional(),
    email: singleLine()
      .trim()
      .max(254, 'errors.validations.too_long')
      .pipe(z.union([z.literal(''), z.email('errors.validations.email')]))
      .optional(),
    urls: z
      .array(
        singleLine()
          .trim()
          .max(2000, 'errors.validations.too_long')
          // Web addresses only: a notice is opened by staff, so no javascript: or data: links.
          .pipe(z.url({ protocol: /^https?$/, error: 'errors.validations.url' })),
        expects('list'),
      )
      .min(1, REQUIRED)
      .max(20, 'errors.validations.too_many'),
    category: z.enum(TAKEDOWN_CATEGORIES, choice),
    explanation: requiredString(5000, { multiline: true }),
    good_faith: z.literal(true, { error: 'errors.validations.good_faith' }),
  })
  // Name and address may be left out only for notices about the abuse of minors (Art. 16(2)(c)).
  .refine((v) => v.category === 'minor' || (v.name ?? '').length > 0, { path: ['name'], message: REQUIRED })
  .refine((v) => v.category === 'minor' || (v.email ?? '').length > 0, { path: ['email'], message: REQUIRED });

export const takedownResponse = z.object({ id: z.number().int() });
