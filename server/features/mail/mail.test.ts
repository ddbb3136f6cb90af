import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { smtpTransport } from '#server/providers/mail.ts';
import { mailTo, registerUser } from '#server/test/fixtures.ts';
import { createTestApp, linkFrom, type TestContext } from '#server/test/harness.ts';

type Received = { from: string; to: string[]; raw: string };

let t: TestContext;
let smtp: SMTPServer;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) return callback(new Error('550 mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    mailTransport: smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Site <no-reply@localhost>'),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text of a message as sent: quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe('mail over SMTP', () => {
  it('delivers the activation mail with its link, and marks the outbox row sent', async () => {
    await registerUser(t, 'smtp-user@example.com');
    const row = await mailTo(t, 'smtp-user@example.com');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
    const { url, token } = linkFrom(row.textBody, '/users/activate');

    const message = received.find((m) => m.to.includes('smtp-user@example.com'));
    expect(message?.from).toBe('no-reply@localhost');
    const text = decoded(message?.raw ?? '');
    expect(text).toMatch(/^From: Site <no-reply@localhost>$/m);
    expect(text).toMatch(/^Subject: Confirm your e-mail address at LiveCam$/m);
    expect(text).toContain(url.toString());
    expect(text).toContain(token);
    // Both parts travel: the plain text and the HTML with the button.
    expect(text).toMatch(/multipart\/alternative/);
    expect(text).toContain(`<a href="${url.toString()}">Activate account</a>`);

    const verify = await t.client().post('/api/register/validate', { token });
    expect(verify.json().user.is_verified).toBe(true);
  });

  it('keeps the error on the outbox row when the server refuses, and the request still succeeds', async () => {
    const { user } = await registerUser(t, 'bounce@example.com');
    expect(user.email).toBe('bounce@example.com');
    await t.app.ctx.background.settled();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'bounce@example.com'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/550|mailbox unavailable/);
    expect(received.some((m) => m.to.includes('bounce@example.com'))).toBe(false);
  });

  it('keeps line breaks that senders put in a subject out of the mail headers', async () => {
    const subject = 'Hello\r\nBcc: victim@example.com\r\nX-Injected: yes';
    const vars = { name: 'Eve', email: 'eve@example.com', subject, message: 'hi' };
    // The form refuses a subject over several lines; should one reach the mailer, it stays in the subject.
    const res = await t.client().post('/api/contact', vars);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ subject: ['errors.validations.control_characters'] });
    await t.app.ctx.mailer.send({ to: 'support@livecam.local', template: 'contact', locale: 'en', vars });
    await t.app.ctx.background.settled();
    const message = received.at(-1);
    expect(message?.to).toEqual(['support@livecam.local']);
    const headers = (message?.raw ?? '').split(/\r?\n\r?\n/)[0] ?? '';
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).not.toMatch(/^X-Injected:/im);
  });
});

describe('/dev/mailbox', () => {
  it('lists the outbox as JSON, newest first, with the delivery state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; to: string; subject: string; text: string; sent: boolean }>;
    expect(list.map((m) => [m.to, m.sent])).toEqual([
      ['support@livecam.local', true],
      ['bounce@example.com', false],
      ['smtp-user@example.com', true],
    ]);
    expect(list[2]?.text).toContain('/users/activate?token=');
    expect(list[0]?.id).toBeGreaterThan(list[1]?.id ?? 0);
  });

  it('shows the outbox as a page with links, and escapes what senders wrote', async () => {
    const c = t.client();
    const evil = '<img src=x onerror=alert(1)>';
    expect(
      (await c.post('/api/contact', { name: evil, email: 'e@example.com', subject: evil, message: evil })).statusCode,
    ).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Mailbox (4)');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toMatch(/<a href="http:\/\/localhost:3000\/users\/activate\?token=[\w-]+">/);
  });
});
