import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisePhone } from '#common/api/free-coins.ts';
import { registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { codeFor, freshNumber, invalidQuietly, refusedQuietly } from './testing.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'sms-inputs@example.com')).client;
});
afterAll(() => t.close());

describe('phone numbers', () => {
  it.each([
    ['0151 23456789', '+4915123456789'],
    ['01512 3456789', '+4915123456789'],
    ['+49 151 2345 6789', '+4915123456789'],
    ['+49 (0)151/234-567.89', '+4915123456789'],
    ['0049 151 23456789', '+4915123456789'],
    ['0170 1234567', '+491701234567'],
    ['0160 12345678', '+4916012345678'],
    ['+43 664 1234567', '+436641234567'],
    ['+41 79 123 45 67', '+41791234567'],
  ])('reads %s as %s', (typed, e164) => {
    expect(normalisePhone(typed)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['030 12345678', 'errors.validations.phone_not_mobile'],
    ['+49 89 1234567', 'errors.validations.phone_not_mobile'],
    ['+43 1 5123456', 'errors.validations.phone_not_mobile'],
    ['0151 1234', 'errors.validations.phone_invalid'],
    ['0151 234567890123', 'errors.validations.phone_invalid'],
    ['+4915123456789012', 'errors.validations.phone_invalid'],
    ['151 23456789', 'errors.validations.phone_invalid'],
    ['0151 2345678a', 'errors.validations.phone_invalid'],
    ['+49+151234567', 'errors.validations.phone_invalid'],
    ['++4915123456789', 'errors.validations.phone_invalid'],
    ['+1 555 123 4567', 'errors.validations.phone_country'],
    ['+33 6 12 34 56 78', 'errors.validations.phone_country'],
  ])('refuses %s with %s', (typed, key) => {
    expect(normalisePhone(typed)).toEqual({ ok: false, key });
  });
});

describe('POST /api/free_coins/send refuses', () => {
  const send = (body: unknown) => () => member.post('/api/free_coins/send', body);

  it.each([
    [{}, 'errors.validations.required'],
    [{ phone: '' }, 'errors.validations.required'],
    [{ phone: '   ' }, 'errors.validations.required'],
    [{ phone: 4915123456789 }, 'errors.validations.invalid'],
    [{ phone: null }, 'errors.validations.invalid'],
    [{ phone: ['0151 23456789'] }, 'errors.validations.invalid'],
    [{ phone: { n: '0151' } }, 'errors.validations.invalid'],
    [{ phone: '0'.repeat(33) }, 'errors.validations.too_long'],
    [{ phone: '0151 1234' }, 'errors.validations.phone_invalid'],
    [{ phone: '0151 2345 6789 0123' }, 'errors.validations.phone_invalid'],
    [{ phone: '030 12345678' }, 'errors.validations.phone_not_mobile'],
    [{ phone: '+1 555 123 4567' }, 'errors.validations.phone_country'],
    [{ phone: '<script>0151</script>' }, 'errors.validations.phone_invalid'],
  ])('%j with %s, changing nothing', async (body, key) => {
    await invalidQuietly(t, send(body), { phone: [key] });
  });

  it('a body that is an array or a string', async () => {
    for (const payload of ['["0151 23456789"]', '"0151 23456789"']) {
      const res = await member.raw('POST', '/api/free_coins/send', {
        payload,
        headers: { 'content-type': 'application/json', ...member.xsrf() },
      });
      expect(res.statusCode).toBe(422);
    }
  });

  it('a member who has not confirmed the e-mail address', async () => {
    const { client } = await registerUser(t, 'sms-unverified@example.com');
    await refusedQuietly(t, () => client.post('/api/free_coins/send', { phone: freshNumber() }), 403, 'not_verified');
    await refusedQuietly(t, () => client.post('/api/free_coins/verify', { code: '123456' }), 403, 'not_verified');
  });

  it('a fourth text within an hour, and a second text to one number within a minute', async () => {
    const { client } = await registerAndVerify(t, 'sms-throttle@example.com');
    const typed = freshNumber();
    await codeFor(t, client, typed);
    // Another member may not text the same number before its minute is over.
    const other = (await registerAndVerify(t, 'sms-throttle-other@example.com')).client;
    await refusedQuietly(t, () => other.post('/api/free_coins/send', { phone: typed }), 429, 'throttle');
    await codeFor(t, client);
    await codeFor(t, client);
    const res = await refusedQuietly(
      t,
      () => client.post('/api/free_coins/send', { phone: freshNumber() }),
      429,
      'throttle',
    );
    expect(res.message).toBe('throttle');
  });
});

describe('POST /api/free_coins/verify refuses', () => {
  const verify = (body: unknown) => () => member.post('/api/free_coins/verify', body);

  it.each([
    [{}, 'errors.validations.required'],
    [{ code: '' }, 'errors.validations.required'],
    [{ code: 123456 }, 'errors.validations.invalid'],
    [{ code: null }, 'errors.validations.invalid'],
    [{ code: '12345' }, 'errors.validations.sms_code'],
    [{ code: '1234567' }, 'errors.validations.sms_code'],
    [{ code: '12a456' }, 'errors.validations.sms_code'],
    [{ code: '1'.repeat(40) }, 'errors.validations.too_long'],
  ])('%j with %s, changing nothing', async (body, key) => {
    await invalidQuietly(t, verify(body), { code: [key] });
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'POST', url: '/api/free_coins/send', body: { phone: '0151 77777777' }, as: 'member' },
    { method: 'POST', url: '/api/free_coins/verify', body: { code: '123456' }, as: 'member' },
  ],
);
