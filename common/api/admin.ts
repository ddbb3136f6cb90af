import { z } from 'zod';
import { CONSOLE_CAPABILITIES, OPERATOR_ROLES } from '../domain/console-policy.ts';
import { REQUIRED, singleLine, tokenField } from './fields.ts';

/**
 * The operators' console API (/api/admin/*): its own session (cookie `admin.session`, never a
 * member's), a capability per route (common/domain/console-policy.ts), the site's CSRF header on
 * every write, and a key per action.
 */

/**
 * Every console action (POST, PUT, PATCH, DELETE but the sign-in and sign-out) names itself with
 * this header: the audit log keeps one entry per key, so a double click or a retry acts once and
 * answers `repeat` the second time.
 */
export const CONSOLE_ACTION_HEADER = 'idempotency-key';
export const consoleActionKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** What an action did: `done`, `repeat` (its key acted already), `unchanged` (nothing to change). */
export const consoleOutcome = z.enum(['done', 'repeat', 'unchanged']);
export type ConsoleOutcome = z.infer<typeof consoleOutcome>;

export const operatorRole = z.enum(OPERATOR_ROLES);
export const consoleCapability = z.enum(CONSOLE_CAPABILITIES);

export const consoleOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(operatorRole),
});
export type ConsoleOperator = z.infer<typeof consoleOperator>;

/** GET /api/admin/session: who is signed in, and what her roles let her do. */
export const consoleSession = z.object({
  operator: consoleOperator,
  capabilities: z.array(consoleCapability),
  /** The sandbox studio console (/sandbox/studio) is there to link to (development and staging). */
  sandboxStudio: z.boolean(),
});
export type ConsoleSession = z.infer<typeof consoleSession>;

/** POST /api/admin/session: e-mail, password and the authenticator's six digits. */
export const consoleSignIn = z.object({
  email: singleLine().trim().max(254, 'errors.validations.too_long'),
  password: singleLine().max(200, 'errors.validations.too_long'),
  code: singleLine()
    .max(12, 'errors.validations.too_long')
    .transform((c) => c.replace(/\s/g, '')),
});
export type ConsoleSignIn = z.input<typeof consoleSignIn>;

/** One figure of the dashboard, labelled in both languages (the console switches without asking again). */
export const dashboardFigure = z.object({
  key: z.string(),
  label: z.object({ en: z.string(), de: z.string() }),
  value: z.number().int(),
  /** The console screen where the counted things are, if any. */
  href: z.string().nullable(),
});
export const consoleDashboard = z.object({ figures: z.array(dashboardFigure) });
export type ConsoleDashboard = z.infer<typeof consoleDashboard>;

/** POST /api/admin/unlock/send: a mail with an unlock link for this address (answered alike for any). */
export const consoleUnlockSend = z.object({
  email: singleLine().trim().min(1, REQUIRED).max(254, 'errors.validations.too_long'),
});
/** POST /api/admin/unlock: the mailed link's token, spent to make this browser a known device. */
export const consoleUnlock = z.object({ link: tokenField });
