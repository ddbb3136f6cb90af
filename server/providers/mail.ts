import nodemailer from 'nodemailer';

/** Delivers a rendered mail; the SMTP adapter is the real one, the outbox needs none. */
export type MailTransport = {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
  close(): void;
};

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}
