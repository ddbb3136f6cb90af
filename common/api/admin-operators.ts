import { z } from 'zod';
import { consoleOutcome, operatorRole } from './admin.ts';
import { emailField, expects, REQUIRED, requiredString } from './fields.ts';

/**
 * Operators and roles (/api/admin/operators, capability `operators`): the team, adding an
 * operator (her password and authenticator key answered once), and an operator's roles, access and
 * new sign-in details. Every change names itself with the action header (admin.ts): a second
 * request under one key changes nothing and answers `repeat`, never the secrets again.
 */

/** An operator as the screens show her: never her password hash, TOTP key or its last step. */
export const listedOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(operatorRole),
  disabled: z.boolean(),
  /** ISO 8601; null: never signed in. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ListedOperator = z.infer<typeof listedOperator>;

/** GET /api/admin/operators: every operator (a team, not a crowd), enabled ones first, then by name. */
export const operatorsList = z.object({ operators: z.array(listedOperator) });
export type OperatorsList = z.infer<typeof operatorsList>;

/** GET /api/admin/operators/:id */
export const operatorDetail = z.object({ operator: listedOperator });
export type OperatorDetail = z.infer<typeof operatorDetail>;

export const OPERATOR_NAME_MAX = 100;

/** One or more roles, each once. */
const rolesField = z
  .array(operatorRole, expects('list'))
  .min(1, REQUIRED)
  .max(3, 'errors.validations.too_many')
  .transform((roles) => [...new Set(roles)]);

/** POST /api/admin/operators: who she is and what she may do. */
export const newOperatorBody = z.object({
  email: emailField,
  name: requiredString(OPERATOR_NAME_MAX),
  roles: rolesField,
});
export type NewOperatorBody = z.input<typeof newOperatorBody>;

/** PUT /api/admin/operators/:id/roles: exactly these roles. */
export const operatorRolesBody = z.object({ roles: rolesField });
export type OperatorRolesBody = z.input<typeof operatorRolesBody>;

/** Sign-in details, answered once (only their hash, or the key, is kept; never in the audit log). */
export const operatorCredentials = z.object({
  password: z.string().optional(),
  totpSecret: z.string().optional(),
  /** The key as an address authenticator apps read (a QR code of it, on a phone). */
  otpauthUri: z.string().optional(),
});
export type OperatorCredentials = z.infer<typeof operatorCredentials>;

/**
 * POST /api/admin/operators: 201 with the new operator and her password and authenticator key
 * (`done`); 200 `repeat` for a key that acted already, with neither (they are shown once).
 */
export const operatorCreated = z.object({
  outcome: consoleOutcome,
  operator: listedOperator.nullable(),
  credentials: operatorCredentials.nullable(),
});
export type OperatorCreated = z.infer<typeof operatorCreated>;

/** PUT .../roles, POST .../disable, .../enable: the operator as she is now. */
export const operatorChanged = z.object({
  outcome: consoleOutcome,
  operator: listedOperator,
  /** How many of her sessions the change ended (disabling ends them all). */
  sessionsEnded: z.number().int(),
});
export type OperatorChanged = z.infer<typeof operatorChanged>;

/** POST .../totp, .../password: the new key or password once (`done`), null for a `repeat`. */
export const operatorRenewed = operatorChanged.extend({ credentials: operatorCredentials.nullable() });
export type OperatorRenewed = z.infer<typeof operatorRenewed>;

/**
 * The refusals of these routes, as `message` of the error answer: 409 `email_taken` (with the
 * field error on `email`), 409 `own_account` (her own admin role, disabling herself), 409
 * `last_admin` (the last enabled administrator would be lost).
 */
export const OPERATOR_REFUSALS = ['email_taken', 'own_account', 'last_admin'] as const;
export type OperatorRefusalMessage = (typeof OPERATOR_REFUSALS)[number];
