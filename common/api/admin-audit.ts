import { z } from 'zod';
import { singleLine } from './fields.ts';

/**
 * The audit log (/api/admin/audit, capability `audit`): every console change, who made it, to
 * which record, when, and the changed fields before and after. Read-only: no route writes it,
 * and the table refuses changes itself (migration 0022).
 */

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
export const AUDIT_PAGE_SIZE = 50;
/** Pages past this one are not read (a filter finds old entries faster than paging to them). */
export const AUDIT_MAX_PAGE = 10_000;

const INVALID = 'errors.validations.invalid';

/** A positive int4 as the address gives it. */
const idText = singleLine()
  .regex(/^[1-9][0-9]{0,9}$/, INVALID)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, INVALID));

/**
 * GET /api/admin/audit: a page of entries sorted by time (newest first unless `sort=asc`),
 * narrowed by the operator who acted, the start of the action (`operator.` or `member.block`,
 * taken literally) and the record (its type, and its number within that type).
 */
export const auditQuery = z
  .object({
    page: singleLine()
      .regex(/^[0-9]{1,6}$/, INVALID)
      .transform(Number)
      .pipe(z.number().max(AUDIT_MAX_PAGE, INVALID))
      .default(0),
    pageSize: z
      .enum(AUDIT_PAGE_SIZES.map(String) as [string, ...string[]], { error: INVALID })
      .transform(Number)
      .default(AUDIT_PAGE_SIZE),
    sort: z.enum(['desc', 'asc'], { error: INVALID }).default('desc'),
    operator: idText.optional(),
    action: singleLine()
      .regex(/^[a-z0-9_.]{1,60}$/, INVALID)
      .optional(),
    type: singleLine()
      .regex(/^[a-z_]{1,40}$/, INVALID)
      .optional(),
    subject: singleLine()
      .regex(/^[\x21-\x7e]{1,64}$/, INVALID)
      .optional(),
  })
  .refine((q) => q.subject === undefined || q.type !== undefined, {
    path: ['subject'],
    // A record's number means something only within its type.
    message: INVALID,
  });
export type AuditQuery = z.input<typeof auditQuery>;
export type AuditFilter = Pick<z.infer<typeof auditQuery>, 'operator' | 'action' | 'type' | 'subject'>;

/** One entry as the log shows it. */
export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  /** Null for what a member or the platform did (a closing she asked for, a reopening, an erasure). */
  operator: z.object({ id: z.number().int(), displayName: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  /** Only the fields the action changed, as they were and as they became; never a secret. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPageAnswer = z.object({
  entries: z.array(auditEntry),
  /** Entries matching the filter, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPageAnswer = z.infer<typeof auditPageAnswer>;

/** GET /api/admin/audit/operators: whom the log can be narrowed to (every operator, disabled ones too). */
export const auditOperators = z.object({
  operators: z.array(z.object({ id: z.number().int(), displayName: z.string(), email: z.string() })),
});
export type AuditOperators = z.infer<typeof auditOperators>;
