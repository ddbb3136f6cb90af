import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { ageChecks } from '#server/db/schema/avs.ts';
import { chatBans, chatSessions, chatTranscript } from '#server/db/schema/chat.ts';
import { clientLogs, contactMessages } from '#server/db/schema/content.ts';
import { smsVerifications } from '#server/db/schema/coupons.ts';
import { dataExports } from '#server/db/schema/data-exports.ts';
import { gameSpins } from '#server/db/schema/game.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { favorites, showHistory } from '#server/db/schema/member-catalog.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { passkeyChallenges, passkeys } from '#server/db/schema/passkeys.ts';
import { pushSubscriptions } from '#server/db/schema/push.ts';
import { referralSignups } from '#server/db/schema/referrals.ts';
import { memberRecoveryCodes, memberSecondFactor, pendingSignIns } from '#server/db/schema/second-factor.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { authTokens, nicknames, users } from '#server/db/schema/users.ts';

/**
 * What the erasure at the end of the grace period does, one step a table (decision 069). The
 * steps run in order, in one transaction, after her remaining coins have left through the ledger;
 * the account row itself is anonymised last. A feature that keeps personal data of a member in a
 * table of its own adds one entry here (passkeys, second-factor secrets, push subscriptions, data
 * copies): nothing else needs to know.
 *
 * Kept on purpose, tied to the account's id, which is anonymous once the row is erased (no name,
 * no address, no password): the coin ledger and wallet, orders, payment events, unmatched charges,
 * phone calls, chat sessions, purchases, coupons and welcome gifts (accounting, HGB 257 / AO 147,
 * ten years); ratings (numbers without her); the messages she wrote (the other side's conversation,
 * shown as from a closed account); the audit log (append-only, ids and reasons only).
 */
export type ErasureStep = {
  /** The table (or storage) the step erases in; the tests and the decision record name it. */
  table: string;
  /** keep: the rows stay, their personal parts emptied; delete: the rows go. */
  does: 'delete' | 'anonymise';
  run(tx: Tx, account: { id: number; email: string }): Promise<void>;
};

/** The common step: every row of hers in one table goes, found by her id or her address. */
function deleteRows(table: string, column: AnyPgColumn, by: 'id' | 'email'): ErasureStep {
  return {
    table,
    does: 'delete',
    run: async (tx, a) => void (await tx.delete(column.table as PgTable).where(eq(column, a[by]))),
  };
}

export const ERASURE_STEPS: ErasureStep[] = [
  deleteRows('mail_outbox', mailOutbox.toAddress, 'email'),
  deleteRows('sessions', sessions.userId, 'id'),
  deleteRows('auth_tokens', authTokens.userId, 'id'),
  {
    table: 'conversations',
    does: 'anonymise',
    // Her messages stay for the other side; the nickname they showed goes with the nicknames.
    run: async (tx, a) =>
      void (await tx
        .update(conversations)
        .set({ nicknameId: null, memberMailedOn: null })
        .where(eq(conversations.userId, a.id))),
  },
  {
    table: 'chat_sessions',
    does: 'anonymise',
    // Kept with the ledger as the vouchers of her minutes; the name she chatted under and her
    // words about the show go, the rating stays a number (as her ratings of videos do).
    run: async (tx, a) =>
      void (await tx
        .update(chatSessions)
        .set({ nickname: '', ratingComment: null })
        .where(eq(chatSessions.userId, a.id))),
  },
  {
    table: 'chat_transcript',
    does: 'anonymise',
    run: async (tx, a) =>
      void (await tx.update(chatTranscript).set({ nickname: '', userId: null }).where(eq(chatTranscript.userId, a.id))),
  },
  deleteRows('nicknames', nicknames.userId, 'id'),
  deleteRows('favorites', favorites.userId, 'id'),
  deleteRows('show_history', showHistory.userId, 'id'),
  deleteRows('chat_bans', chatBans.userId, 'id'),
  deleteRows('game_spins', gameSpins.userId, 'id'),
  deleteRows('sms_verifications', smsVerifications.userId, 'id'),
  {
    table: 'age_checks',
    does: 'anonymise',
    // The outcome stays (the coins were sold to a checked adult); the browser session it ran in goes.
    run: async (tx, a) => void (await tx.update(ageChecks).set({ sessionId: null }).where(eq(ageChecks.userId, a.id))),
  },
  deleteRows('contact_messages', contactMessages.userId, 'id'),
  deleteRows('client_logs', clientLogs.userId, 'id'),
  {
    table: 'referral_signups',
    does: 'anonymise',
    run: async (tx, a) =>
      void (await tx.update(referralSignups).set({ userId: null }).where(eq(referralSignups.userId, a.id))),
  },
  {
    table: 'passkeys',
    does: 'delete',
    run: async (tx, a) => {
      await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, a.id));
      await tx.delete(passkeys).where(eq(passkeys.userId, a.id));
    },
  },
  deleteRows('push_subscriptions', pushSubscriptions.userId, 'id'),
  deleteRows('pending_sign_ins', pendingSignIns.userId, 'id'),
  deleteRows('member_recovery_codes', memberRecoveryCodes.userId, 'id'),
  deleteRows('member_second_factor', memberSecondFactor.userId, 'id'),
  {
    table: 'data_exports',
    does: 'delete',
    // Their files are gone long before: a copy's link lives 24 hours and the cleanup job deletes it then.
    run: async (tx, a) => void (await tx.delete(dataExports).where(eq(dataExports.userId, a.id))),
  },
  {
    table: 'users',
    does: 'anonymise',
    // Last: the address and names are free for a new sign-up from here on; the id is the anonymous one.
    run: async (tx, a) =>
      void (await tx
        .update(users)
        .set({
          status: 'cancelled',
          cancelledAt: sql`now()`,
          email: erasedEmail(a.id),
          name: null,
          passwordHash: null,
          googleSub: null,
          currentNicknameId: null,
          signupCode: null,
          newsletter: false,
          isVerified: false,
          ageVerifiedAt: null,
          locale: 'en',
          theme: 'redhot',
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, a.id), eq(users.status, 'closing')))),
  },
];

/** The address an erased account holds: unique, undeliverable, and naming no one. */
export const erasedEmail = (id: number) => `closed+${id}@invalid`;
