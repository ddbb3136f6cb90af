/** What an operator may do in the console; an operator holds one or more. */
export const OPERATOR_ROLES = ['admin', 'moderator', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

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
  /** The texts of the content pages (legal texts, FAQ, performer guide), live without a release. */
  content: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type ConsoleCapability = keyof typeof CONSOLE_POLICY;

/** Whether an operator holding `roles` may use `capability`. */
export const may = (roles: readonly OperatorRole[], capability: ConsoleCapability): boolean =>
  roles.some((r) => (CONSOLE_POLICY[capability] as readonly OperatorRole[]).includes(r));

export const CONSOLE_CAPABILITIES = Object.keys(CONSOLE_POLICY) as [ConsoleCapability, ...ConsoleCapability[]];

/** The capabilities an operator holding `roles` has, as the console's API reports them to her screens. */
export const capabilitiesOf = (roles: readonly OperatorRole[]): ConsoleCapability[] =>
  CONSOLE_CAPABILITIES.filter((c) => may(roles, c));

/**
 * What the console's screens show, each a topic of the operators' socket: a change announced under
 * a topic makes the screens reading it (their query keys start with ['console', topic]) read again.
 * Each topic is the capability that opens its screen, so only operators who may see it hear of it.
 */
export const CONSOLE_TOPICS = [
  'dashboard',
  'operators',
  'audit',
  'support',
  'members',
  'performers',
  'review',
  'notices',
  'payouts',
  'content',
] as const satisfies readonly ConsoleCapability[];
export type ConsoleTopic = (typeof CONSOLE_TOPICS)[number];

/**
 * Where the console's sign-in may send the browser afterwards: a path of this site only (one
 * leading slash, no scheme, no backslash, printable ASCII), else the console's start page.
 */
export function consoleReturnPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 200) return '/admin';
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(next) && !next.includes('\\') ? next : '/admin';
}
