import { z } from 'zod';
import { emailField, expects, passwordField, REQUIRED, singleLine } from './fields.ts';

/** A show name a performer asks for: 3 to 30 letters, digits, spaces, dots, underscores or hyphens. */
export const SHOW_NAME_MIN = 3;
export const SHOW_NAME_MAX = 30;
export const SHOW_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;
/** The languages a performer may name for her show (ISO 639-1). */
export const SHOW_LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'cs', 'ru', 'tr'] as const;
export const MAX_SHOW_CATEGORIES = 5;

export const showNameField = singleLine(expects('text'))
  .trim()
  .min(1, REQUIRED)
  .min(SHOW_NAME_MIN, 'studio.signup.errors.show_name')
  .max(SHOW_NAME_MAX, 'studio.signup.errors.show_name')
  .regex(SHOW_NAME_PATTERN, 'studio.signup.errors.show_name')
  .transform((v) => v.replace(/ {2,}/g, ' '));

/** POST /api/studio/signup: her account, her show, and her consent to the performers' terms. */
export const studioSignupBody = z.object({
  email: emailField,
  password: passwordField,
  showName: showNameField,
  languages: z
    .array(z.enum(SHOW_LANGUAGES, { error: 'errors.validations.invalid' }), expects('list'))
    .min(1, 'studio.signup.errors.languages')
    .max(SHOW_LANGUAGES.length, 'errors.validations.invalid'),
  categories: z
    .array(z.number({ error: 'errors.validations.invalid' }).int().positive().max(2_147_483_647), expects('list'))
    .min(1, 'studio.signup.errors.categories')
    .max(MAX_SHOW_CATEGORIES, 'studio.signup.errors.categories_max'),
  terms: z.literal(true, { error: 'studio.signup.errors.terms' }),
});
export type StudioSignupBody = z.infer<typeof studioSignupBody>;

export const DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const documentParams = z.object({ kind: z.enum(DOCUMENT_KINDS, { error: 'errors.validations.invalid' }) });
/** Largest identity picture accepted (bytes). */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PERFORMER_STATES = ['pending', 'rejected', 'active'] as const;
export const ID_CHECK_STATES = ['none', 'started', 'pending', 'passed', 'failed'] as const;
/** Why the ID provider could not confirm her (the sandbox's and real providers' codes, mapped). */
export const ID_CHECK_REASONS = [
  'document_unreadable',
  'document_expired',
  'face_mismatch',
  'face_not_visible',
  'underage',
  /** The session ran out or was left before the end (Veriff's expired, abandoned). */
  'not_finished',
  /** Declined for a reason the provider keeps to itself (suspected fraud and the like). */
  'not_confirmed',
] as const;
export type IdCheckReason = (typeof ID_CHECK_REASONS)[number];

/** GET /api/studio/application: her application as she sees it, with what is still missing. */
export const studioApplication = z.object({
  performer: z.object({ id: z.number().int(), email: z.string(), status: z.enum(PERFORMER_STATES) }),
  application: z.object({
    showName: z.string(),
    emailConfirmed: z.boolean(),
    documents: z.object({ id_front: z.boolean(), id_back: z.boolean(), selfie: z.boolean() }),
    idCheck: z.object({
      state: z.enum(ID_CHECK_STATES),
      reason: z.enum(ID_CHECK_REASONS).nullable(),
      /** Checks she may still start (each opens a new session at the provider). */
      attemptsLeft: z.number().int().min(0),
      /** She may start a check now (the first, a new one after a failure, or one left idle), pictures given. */
      mayStart: z.boolean(),
    }),
    submitted: z.boolean(),
    /** The moderator's reason, once she was rejected. */
    rejectionReason: z.string().nullable(),
    /** What she still has to do, in order. */
    missing: z.array(z.enum(['email', 'id_front', 'selfie', 'id_check'])),
  }),
});
export type StudioApplication = z.infer<typeof studioApplication>;

/** POST /api/studio/application/check: the provider's hosted page to go to. */
export const idCheckStartAnswer = z.object({ link: z.string() });

/** POST /api/studio/application/confirm: the token from her confirmation mail. */
export const confirmEmailBody = z.object({
  token: singleLine(expects('text')).trim().min(1, REQUIRED).max(200, 'errors.validations.too_long'),
});
