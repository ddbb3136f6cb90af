import type { OperatorRole } from '#server/db/schema/operators.ts';

/**
 * Which roles may do what in the console. Each route asks for one capability; an administrator
 * may do everything, a moderator decides on performers, content and notices, support works with
 * members and their money. One table, so the permission tests and the screens read the same rules.
 */
export const CONSOLE_POLICY = {
  /** The dashboard and the console's start page. */
  dashboard: ['admin', 'moderator', 'support'],
  /** Create operators, change their roles, disable them. */
  operators: ['admin'],
  /** Read the audit log. */
  audit: ['admin'],
  /** Performer applications: identity checks, approve or reject. */
  performers: ['moderator', 'admin'],
  /** The 18 U.S.C. 2257 records (legal name, date of birth, ID). */
  records: ['admin'],
  /** The review queue of uploads and edits. */
  review: ['moderator', 'admin'],
  /** Notices of illegal content and complaints about decisions (EU DSA). */
  notices: ['moderator', 'admin'],
  /** Find members, see their ledger, orders, sessions and purchases; block and unblock. */
  members: ['support', 'admin'],
  /** Refund an order through the payment provider. */
  refunds: ['support', 'admin'],
  /** Correct a balance by a ledger entry with a reason. */
  corrections: ['admin'],
  /** Performer payout statements; mark them paid. */
  payouts: ['admin'],
  /** The support desk's conversations. */
  support: ['support', 'admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type ConsoleCapability = keyof typeof CONSOLE_POLICY;

/** Whether an operator holding `roles` may use `capability`. */
export const may = (roles: readonly OperatorRole[], capability: ConsoleCapability): boolean =>
  roles.some((r) => (CONSOLE_POLICY[capability] as readonly OperatorRole[]).includes(r));
