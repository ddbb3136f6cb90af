import { z } from 'zod';
import { singleLine } from './fields.ts';

/**
 * The age check contract (spec part 1: /avs, session `agechecked`, `user:avs`). A check runs at
 * an ID-check provider's hosted page; its signed callback decides pending -> passed | failed.
 */

/** What a passed check opens: the voice call, or explicit media (closed-user-group operation). */
export const AGE_CHECK_TARGETS = ['voicecall', 'media'] as const;
export type AgeCheckTarget = (typeof AGE_CHECK_TARGETS)[number];

export const AGE_CHECK_STATES = ['pending', 'passed', 'failed'] as const;
export type AgeCheckState = (typeof AGE_CHECK_STATES)[number];

/** Why a check failed; each has a text under `avs.failures.` */
export const AGE_CHECK_FAILURES = ['underage', 'document_unreadable', 'document_expired', 'name_mismatch'] as const;
export type AgeCheckFailure = (typeof AGE_CHECK_FAILURES)[number];

/** What needs a passed check (setting AGE_CHECK_GATES): only the voice call, or also explicit media. */
export const AGE_CHECK_GATES = ['voicecall', 'media'] as const;
export type AgeCheckGates = (typeof AGE_CHECK_GATES)[number];

const PATH_MAX = 512;

/**
 * A path on this site, safe to send the browser to: one leading slash (not `//host`), no
 * backslash, whitespace or control characters, no scheme.
 */
export const isSafeInternalPath = (value: string) =>
  value.length <= PATH_MAX &&
  /^\/(?![/\\])[^\s\\]*$/.test(value) &&
  ![...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

export const startBody = z.object({
  target: z.enum(AGE_CHECK_TARGETS, { error: 'errors.validations.invalid' }).optional(),
  /** The Youth Protection Commission (KJM) note on the page that started the check. */
  kjm: z.boolean({ error: 'errors.validations.invalid' }).optional(),
  /** For a media target: the page to return to after a pass. */
  back: singleLine({ error: 'errors.validations.invalid' })
    .max(PATH_MAX, { error: 'errors.validations.too_long', abort: true })
    .refine(isSafeInternalPath, 'errors.validations.invalid')
    .optional(),
});
export type StartBody = z.infer<typeof startBody>;

/** Where to send the browser for the provider's check, and the check's id. */
export const startResponse = z.object({ link: z.string(), id: z.number().int() });
export type StartResponse = z.infer<typeof startResponse>;

export const statusQuery = z.object({
  check: z.coerce
    .number({ error: 'errors.validations.invalid' })
    .int('errors.validations.invalid')
    .positive('errors.validations.invalid')
    .max(2_147_483_647, 'errors.validations.invalid')
    .optional(),
});

export const ageCheck = z.object({
  id: z.number().int(),
  state: z.enum(AGE_CHECK_STATES),
  failure: z.enum(AGE_CHECK_FAILURES).nullable(),
  target: z.enum(AGE_CHECK_TARGETS).nullable(),
});
export type AgeCheck = z.infer<typeof ageCheck>;

/** Whether this session is age-checked, and its latest (or the asked-for) check. */
export const statusResponse = z.object({ agechecked: z.boolean(), check: ageCheck.nullable() });
export type StatusResponse = z.infer<typeof statusResponse>;
