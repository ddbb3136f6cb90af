import { createHmac } from 'node:crypto';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import type { AppContext } from '#server/context.ts';
import { safeEqual } from '#server/http/safe-equal.ts';
import {
  type ComplaintRow,
  type NoticeRow,
  performerEmails,
  type StatementRow,
  statementShows,
  statementsByIds,
} from './data.ts';

type MailCtx = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/**
 * The language of performers' mails: they keep none in their account, so the site's default
 * (German, as the server's own pages decide when nothing names a language).
 */
export const PERFORMER_MAIL_LOCALE: Locale = 'de';

/** What the notifier's complaint link is bound to: the notice, her address and the decision's time. */
export type TokenNotice = Pick<NoticeRow, 'id' | 'email' | 'decidedAt'>;

/**
 * The token of the notifier's complaint link, no account needed: an HMAC of the notice id, the
 * notifier's address and the decision's time, so it opens no other notice, and dies with a new
 * decision; null when there is nobody to send it to or nothing decided.
 */
export function notifierToken(secret: string, notice: TokenNotice): string | null {
  if (!notice.email || !notice.decidedAt) return null;
  return createHmac('sha256', secret)
    .update(`notice-complaint:${notice.id}:${notice.email.trim().toLowerCase()}:${notice.decidedAt.toISOString()}`)
    .digest('base64url');
}

export function notifierTokenValid(secret: string, notice: TokenNotice, token: string): boolean {
  const expected = notifierToken(secret, notice);
  return expected !== null && token.length > 0 && safeEqual(token, expected);
}

export const complaintLink = (config: AppContext['config'], notice: TokenNotice) =>
  `${config.publicUrl}/notices/${notice.id}/complaint?token=${notifierToken(config.sessionSecret, notice) ?? ''}`;

const groundText = (locale: Locale, ground: string | null) =>
  translate(locale, `mail.notice_grounds.${ground ?? 'none'}`);

/** What a statement restricted, one line each ("Video: Title"). */
export const restrictedText = (locale: Locale, s: Pick<StatementRow, 'restricted'>) =>
  s.restricted.map((r) => `${translate(locale, `mail.notice_kinds.${r.kind}`)}: ${r.title}`).join('\n');

/** The notifier is told the decision, with the link to complain about it (DSA Art. 16(5), 20). */
export async function mailNoticeDecision(ctx: MailCtx, notice: NoticeRow) {
  if (!notice.email) return;
  const locale = notice.locale === 'en' ? 'en' : 'de';
  await ctx.mailer.send({
    to: notice.email,
    template: notice.action === 'remove' ? 'notice_removed' : 'notice_kept',
    locale,
    vars: {
      id: String(notice.id),
      ground: groundText(locale, notice.ground),
      reasoning: notice.reasoning ?? '',
      link: complaintLink(ctx.config, notice),
    },
  });
}

/** Each performer whose content was restricted gets her statement of reasons (DSA Art. 17). */
export async function mailStatements(ctx: MailCtx, ids: number[]) {
  const statements = await statementsByIds(ctx.db, ids);
  const emails = await performerEmails(
    ctx.db,
    statements.map((s) => s.showId),
  );
  const locale = PERFORMER_MAIL_LOCALE;
  for (const s of statements) {
    const to = emails.get(s.showId);
    if (!to) continue;
    await ctx.mailer.send({
      to,
      template: 'statement_of_reasons',
      locale,
      vars: {
        id: String(s.noticeId),
        restricted: restrictedText(locale, s),
        ground: groundText(locale, s.ground),
        reasoning: s.reasoning,
        link: `${ctx.config.publicUrl}/studio/statements`,
      },
    });
  }
}

/** Both parties learn how a complaint was decided: the notifier (if she left an address) and the performers. */
export async function mailComplaintDecision(ctx: MailCtx, notice: NoticeRow, complaint: ComplaintRow) {
  const vars = (locale: Locale) => ({
    id: String(notice.id),
    outcome: translate(locale, `mail.complaint_outcomes.${complaint.status}`),
    reasoning: complaint.reasoning ?? '',
  });
  if (notice.email) {
    const locale = notice.locale === 'en' ? 'en' : 'de';
    await ctx.mailer.send({ to: notice.email, template: 'complaint_decided', locale, vars: vars(locale) });
  }
  const showIds = new Set(await statementShows(ctx.db, notice.id));
  if (complaint.showId !== null) showIds.add(complaint.showId);
  const emails = await performerEmails(ctx.db, [...showIds]);
  for (const to of emails.values()) {
    await ctx.mailer.send({
      to,
      template: 'complaint_decided',
      locale: PERFORMER_MAIL_LOCALE,
      vars: vars(PERFORMER_MAIL_LOCALE),
    });
  }
}
