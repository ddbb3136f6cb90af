import { z } from 'zod';
import { THEMES } from '../constants.ts';
import {
  emailField,
  expects,
  multiLine,
  nicknameField,
  passwordField,
  REQUIRED,
  singleLine,
  usernameField,
} from './fields.ts';

export const updateUserBody = z
  .object({
    name: usernameField.optional(),
    locale: z.enum(['en', 'de']).optional(),
    theme: z.enum(THEMES).optional(),
    show_history: z.boolean().optional(),
    message_mail: z.boolean().optional(),
    favorite_mail: z.boolean().optional(),
    current_password: singleLine().max(1024).optional(),
    new_password: passwordField.optional(),
  })
  .refine((v) => v.new_password === undefined || (v.current_password ?? '').length > 0, {
    path: ['current_password'],
    message: REQUIRED,
  });

export const newsletterBody = z.object({ newsletter: z.boolean(expects('boolean')) });

export const resetEmailBody = z.object({
  email: emailField,
  password: singleLine(expects('text')).min(1, REQUIRED).max(1024, 'errors.validations.too_long'),
});

export const cancelBody = z.object({
  password: singleLine().max(1024).optional(),
  reason: multiLine().trim().max(1000, 'errors.validations.too_long').optional(),
});

export const nicknameBody = z.object({ nickname: nicknameField });
