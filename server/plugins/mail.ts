import fp from 'fastify-plugin';
import { provide } from '#server/context.ts';
import { createMailer } from '#server/features/mail/mailer.ts';
import { createPushSender } from '#server/features/push/sender.ts';
import { type MailTransport, smtpTransport } from '#server/providers/mail.ts';

/**
 * Mail (`ctx.mailer`) and Web Push (`ctx.push`), the two ways a member hears of news while away.
 * Mail: through the transport given, or SMTP_URL's, or into the outbox alone.
 * The transport closes once the deliveries under way in the background have ended.
 */
export const mailPlugin = fp<{ transport?: MailTransport | null | undefined }>(
  async (app, opts) => {
    const { config, db, background } = app.ctx;
    const transport =
      opts.transport !== undefined
        ? opts.transport
        : config.smtpUrl
          ? smtpTransport(config.smtpUrl, config.mailFrom)
          : null;
    provide(app, {
      mailer: createMailer(db, config.site.name, transport, background, (err) =>
        app.log.error({ err }, 'mail delivery failed'),
      ),
      push: createPushSender({ db, config, log: app.log }),
    });
    app.addHook('onClose', async () => {
      await background.settled();
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['database', 'background'] },
);
