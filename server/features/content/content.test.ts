import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, takedownNotices } from '#server/db/schema/content.ts';
import { expectInvalid, expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let member: TestClient;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@livecam.example' } });
  const m = await registerAndVerify(t, 'content-member@example.com');
  member = m.client;
  memberId = m.user.id;
});
afterAll(() => t.close());

const contact = {
  name: ' Erika Muster ',
  email: 'Erika@Example.com',
  subject: 'Billing question',
  message: 'Where is my invoice? <script>alert(1)</script>',
};
const notice = {
  name: 'Rights Holder',
  email: 'legal@studio.example',
  urls: ['https://livecam.example/videos/12', 'https://livecam.example/galleries/3/4'],
  category: 'copyright',
  explanation: 'This video is our production and was uploaded without a licence.',
  good_faith: true,
};

describe('POST /api/contact', () => {
  it('stores the message and mails it to support, escaped in the HTML part', async () => {
    const c = t.client('de');
    const res = await c.post('/api/contact', contact);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Billing question'));
    expect(row).toMatchObject({
      userId: null,
      name: 'Erika Muster',
      email: 'erika@example.com',
      message: contact.message,
      locale: 'de',
    });
    const [mail] = await t.mails();
    expect(mail).toMatchObject({
      toAddress: 'help@livecam.example',
      template: 'contact',
      locale: 'en',
      subject: 'Contact form: Billing question',
    });
    expect(mail?.textBody).toContain('From: Erika Muster <erika@example.com>');
    expect(mail?.textBody).toContain(contact.message);
    expect(mail?.htmlBody).not.toContain('<script>');
    expect(mail?.htmlBody).toContain('&lt;script&gt;');
  });

  it('records the member who wrote', async () => {
    await member.post('/api/contact', { ...contact, subject: 'From a member' });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'From a member'));
    expect(row?.userId).toBe(memberId);
  });

  it('refuses missing, mistyped and oversized fields', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/contact', body);
    const required = ['errors.validations.required'];
    await expectInvalid(t, send({}), { name: required, email: required, subject: required, message: required });
    await expectInvalid(t, send({ ...contact, name: '   ', email: 'erika' }), {
      name: required,
      email: ['errors.validations.email'],
    });
    await expectInvalid(t, send({ ...contact, subject: 42, message: { text: 'hi' } }), {
      subject: ['errors.validations.type.text'],
      message: ['errors.validations.type.text'],
    });
    await expectInvalid(
      t,
      send({ ...contact, name: 'n'.repeat(101), subject: 's'.repeat(201), message: 'm'.repeat(5001) }),
      {
        name: ['errors.validations.too_long'],
        subject: ['errors.validations.too_long'],
        message: ['errors.validations.too_long'],
      },
    );
  });

  it('takes 10 messages an hour from one address (429 throttle)', async () => {
    const c = t.client();
    for (let i = 0; i < 10; i++) expect((await c.post('/api/contact', contact)).statusCode).toBe(201);
    const body = await expectRefused(t, () => c.post('/api/contact', contact), 429, 'throttle');
    expect(body.message).toBe('throttle');
  });
});

describe('POST /api/takedown', () => {
  it('stores a notice as open and answers its id', async () => {
    const res = await member.post('/api/takedown', notice);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.db.select().from(takedownNotices).where(eq(takedownNotices.id, id));
    expect(row).toMatchObject({
      userId: memberId,
      name: 'Rights Holder',
      email: 'legal@studio.example',
      urls: notice.urls,
      category: 'copyright',
      explanation: notice.explanation,
      goodFaith: true,
      status: 'open',
      locale: 'en',
    });
    // The notifier gets a confirmation of receipt with the reference number (DSA Art. 16(4)).
    const [mail] = (await t.mails()).filter((m) => m.toAddress === 'legal@studio.example');
    expect(mail?.template).toBe('takedown_receipt');
    expect(mail?.subject).toContain(`#${id}`);
  });

  it('lets a notice about the abuse of minors be anonymous, and no other', async () => {
    const c = t.client();
    const anonymous = { urls: ['https://livecam.example/shows/9'], explanation: 'Looks underage.', good_faith: true };
    const res = await c.post('/api/takedown', { ...anonymous, category: 'minor' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(takedownNotices).where(eq(takedownNotices.id, res.json().id));
    expect(row).toMatchObject({ name: null, email: null, userId: null, category: 'minor' });
    expect(
      (await t.mails()).filter((m) => m.template === 'takedown_receipt' && m.subject.includes(`#${row?.id}`)),
    ).toEqual([]);
    await expectInvalid(t, () => c.post('/api/takedown', { ...anonymous, category: 'violence' }), {
      name: ['errors.validations.required'],
      email: ['errors.validations.required'],
    });
    await expectInvalid(t, () => c.post('/api/takedown', { ...anonymous, category: 'hate', name: 'X', email: '' }), {
      email: ['errors.validations.required'],
    });
  });

  it('refuses broken URLs, lists, categories and the missing good-faith statement', async () => {
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    const send = (body: object) => () => c.post('/api/takedown', { ...notice, ...body });
    await expectInvalid(t, send({ urls: [] }), { urls: ['errors.validations.required'] });
    await expectInvalid(t, send({ urls: 5 }), { urls: ['errors.validations.type.list'] });
    await expectInvalid(t, send({ urls: ['not a url', 'javascript:alert(1)'] }), {
      'urls.0': ['errors.validations.url'],
      'urls.1': ['errors.validations.url'],
    });
    await expectInvalid(t, send({ urls: Array.from({ length: 21 }, (_, i) => `https://x.example/${i}`) }), {
      urls: ['errors.validations.too_many'],
    });
    await expectInvalid(t, send({ urls: [`https://x.example/${'p'.repeat(2000)}`] }), {
      'urls.0': ['errors.validations.too_long'],
    });
    // A category outside the list is invalid, not "required": it was sent.
    await expectInvalid(t, send({ category: 'spam', good_faith: false, explanation: '' }), {
      category: ['errors.validations.invalid'],
      good_faith: ['errors.validations.good_faith'],
      explanation: ['errors.validations.required'],
    });
    await expectInvalid(t, send({ email: 'not-an-address', name: 'n'.repeat(101) }), {
      email: ['errors.validations.email'],
      name: ['errors.validations.too_long'],
    });
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/contact', body: contact, as: 'visitor' },
    { method: 'POST', url: '/api/takedown', body: notice, as: 'visitor' },
  ],
);
