import { eq } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { translate } from '#common/i18n/translate.ts';
import type { Background } from '#server/background.ts';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { MailTransport } from '#server/providers/mail.ts';

export type MailTemplate =
  | 'activation'
  | 'activation_without_password'
  | 'reset'
  | 'email_change'
  | 'unlock'
  | 'token_login'
  | 'cancelled'
  | 'close_confirm'
  | 'account_closing'
  | 'account_reopened'
  | 'second_factor_on'
  | 'second_factor_off'
  | 'second_factor_reset'
  | 'contact'
  | 'takedown_receipt'
  | 'notice_removed'
  | 'notice_kept'
  | 'statement_of_reasons'
  | 'complaint_received'
  | 'complaint_decided'
  | 'receipt'
  | 'unmatched_charge'
  | 'message_reply'
  | 'favorite_online'
  | 'performer_confirm'
  | 'performer_approved'
  | 'performer_rejected'
  | 'data_export';

export type Mailer = {
  send(msg: { to: string; template: MailTemplate; locale: Locale; vars: Record<string, string> }): Promise<void>;
};

/** Renders a template from the catalogs: paragraphs of text, and a button when a link is given. */
export function renderMail(template: MailTemplate, locale: Locale, vars: Record<string, string>) {
  const t = (key: string) => translate(locale, `mail.${template}.${key}`, vars);
  const subject = t('subject');
  const paragraphs = t('body').split('\n\n');
  const footer = translate(locale, 'mail.footer', vars);
  const link = vars.link;
  const text = [...paragraphs, ...(link ? [link] : []), footer].join('\n\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}${
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t('action'))}</a></p>` : ''
  }<p style="color:gray;font-size:small">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}

/**
 * Every mail is recorded in the outbox, and `send` answers once it is; with a transport it is then
 * delivered in the background (tracked, so the app waits for it before closing) and the row
 * marked sent, or its error kept. No request waits for a mail server: a slow relay would hold a
 * provider's postback until the provider gave up, and make an answer about a real account slower
 * than one about an unknown name.
 */
export function createMailer(
  db: Db,
  siteName: string,
  transport: MailTransport | null,
  background: Background,
  log: (err: unknown) => void,
): Mailer {
  const deliver = async (id: number, to: string, mail: ReturnType<typeof renderMail>) => {
    if (!transport) return;
    try {
      await transport.send({ to, ...mail });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (err) {
      log(err);
      await db
        .update(mailOutbox)
        .set({ error: err instanceof Error ? err.message.slice(0, 500) : 'send failed' })
        .where(eq(mailOutbox.id, id));
    }
  };
  return {
    async send({ to, template, locale, vars }) {
      const mail = renderMail(template, locale, { site: siteName, ...vars });
      const [row] = await db
        .insert(mailOutbox)
        .values({ toAddress: to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, template, locale })
        .returning({ id: mailOutbox.id });
      if (transport && row) background.run('mail delivery', () => deliver(row.id, to, mail));
    },
  };
}
