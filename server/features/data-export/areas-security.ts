import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { orders } from '#server/db/schema/billing.ts';
import { passkeys } from '#server/db/schema/passkeys.ts';
import { pushSubscriptions } from '#server/db/schema/push.ts';
import { memberRecoveryCodes, memberSecondFactor } from '#server/db/schema/second-factor.ts';
import { type Area, iso, onePage, pagesById, type ReadScope, withoutId } from './read-kit.ts';

/**
 * How she signs in and what was done to her account: her second factor and passkeys, the devices
 * that take her notices, and the audit entries about her. Kept out: the app's key, the recovery
 * codes' hashes, the passkeys' credential ids and public keys, the push endpoints and their keys,
 * and who in support acted (an operator's identity is the operator's data).
 */

async function signInSecurity({ db, userId }: ReadScope) {
  const [app] = await db
    .select({ key: memberSecondFactor.totpSecret, on: memberSecondFactor.confirmedAt })
    .from(memberSecondFactor)
    .where(eq(memberSecondFactor.userId, userId));
  // A row stays after she turned the app off (its key emptied): that is off, as no row is.
  const on = app?.on && app.key !== '' ? app.on : null;
  const codes = await db
    .select({ used: memberRecoveryCodes.usedAt })
    .from(memberRecoveryCodes)
    .where(eq(memberRecoveryCodes.userId, userId))
    .orderBy(asc(memberRecoveryCodes.id));
  const keys = await db
    .select({ name: passkeys.name, site: passkeys.rpId, at: passkeys.createdAt, used: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id));
  return {
    second_factor: {
      authenticator_app: on !== null,
      on_since: iso(on),
      recovery_codes_left: codes.filter((c) => c.used === null).length,
      recovery_codes_used_at: codes.flatMap((c) => (c.used ? [iso(c.used)] : [])),
    },
    passkeys: keys.map((k) => ({ name: k.name, site: k.site, created_at: iso(k.at), last_used_at: iso(k.used) })),
  };
}

/** The browsers and phones that take her notices, by the name her device list shows. */
const pushDevices = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select({
        label: pushSubscriptions.label,
        locale: pushSubscriptions.locale,
        at: pushSubscriptions.createdAt,
        last: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id))
      .then((rows) =>
        rows.map((d) => ({
          device: d.label,
          language: d.locale,
          subscribed_at: iso(d.at),
          last_notice_at: iso(d.last),
        })),
      ),
  );

/** Entries without an operator that the platform did on its own, not she. */
const AUTOMATIC = new Set(['data_export.ready', 'member.erase']);

/** Who acted, as she may know it: support (never which operator), she herself, or the platform. */
const actor = (operatorId: number | null, action: string) =>
  operatorId !== null ? 'support' : AUTOMATIC.has(action) ? 'automatic' : 'me';

/** What happened, in her language; an action without a text of its own keeps its record's name. */
function described(locale: Locale, action: string): string {
  const key = `data_export.events.${action.replaceAll('.', '_')}`;
  const text = translate(locale, key);
  return text === key ? action : text;
}

/**
 * The audit entries whose subject is her account or one of her orders: what was done (the
 * record's name and in her words), when, by whom (as above), and the reason written down for it. The entries' before and after stay out:
 * they are the console's record, and their facts are in the other files.
 */
const accountEvents = ({ db, userId, locale }: ReadScope) =>
  pagesById((after, limit) => {
    const mine = db
      .select({ id: sql<string>`${orders.id}::text` })
      .from(orders)
      .where(eq(orders.userId, userId));
    return db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        subject: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        operatorId: auditLog.operatorId,
        reason: auditLog.reason,
        at: auditLog.at,
      })
      .from(auditLog)
      .where(
        and(
          or(
            and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(userId))),
            and(eq(auditLog.subjectType, 'order'), inArray(auditLog.subjectId, mine)),
          ),
          gt(auditLog.id, after),
        ),
      )
      .orderBy(asc(auditLog.id))
      .limit(limit)
      .then((rows) =>
        rows.map((e) => ({
          id: e.id,
          action: e.action,
          what: described(locale, e.action),
          order_id: e.subject === 'order' ? Number(e.subjectId) : null,
          by: actor(e.operatorId, e.action),
          reason: e.reason,
          at: iso(e.at),
        })),
      );
  });

export const securityAreas: Area[] = [
  { file: 'sign-in-security.json', kind: 'object', read: signInSecurity },
  { file: 'push-devices.json', kind: 'list', read: pushDevices },
  withoutId({ file: 'account-events.json', kind: 'list', read: accountEvents }),
];
