import nodemailer from 'nodemailer';

/** Delivers a rendered mail; the SMTP adapter is the real one, the outbox needs none. */
export type MailTransport = {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
  close(): void;
};

/**
 * How long the mail server may take, in ms: to connect (DNS included), to greet, and to answer
 * while a mail is sent. nodemailer waits minutes by default; a hung relay should fail a delivery
 * (kept on the outbox row) within seconds. Parameters of SMTP_URL take precedence.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5000,
  greetingTimeout: 5000,
  socketTimeout: 10_000,
  dnsTimeout: 5000,
};

export function smtpTransport(url: string, from: string, timeouts: Partial<typeof SMTP_TIMEOUTS> = {}): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS, ...timeouts });
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}
