import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '#server/db/schema/users.ts';
import {
  expectInvalid,
  expectRefused,
  loginClient,
  mailTo,
  PASSWORD,
  registerAndVerify,
  sessionRowsOf,
  userRow,
} from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, linkFrom, type TestClient, type TestContext } from '#server/test/harness.ts';
import { userAnswer } from './present.ts';

let t: TestContext;
let member: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  member = (await registerAndVerify(t, 'accounts-member@example.com', { username: 'Occupied' })).client;
});
afterAll(() => t.close());

const NEW_PASSWORD = 'copper-Meadow-58';

describe('PUT /api/user/update', () => {
  it('saves name, language, theme and history setting', async () => {
    const { client, user } = await registerAndVerify(t, 'settings@example.com');
    const res = await client.put('/api/user/update', {
      name: 'Night.Owl',
      locale: 'de',
      theme: 'pink-pussy',
      show_history: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Night.Owl',
      locale: 'de',
      theme: 'pink-pussy',
      show_history: false,
    });
    expect(await userRow(t, 'settings@example.com')).toMatchObject({
      name: 'Night.Owl',
      locale: 'de',
      theme: 'pink-pussy',
      showHistory: false,
    });
    // Changing the case of one's own name is no clash; an empty name removes it.
    expect((await client.put('/api/user/update', { name: 'night.owl' })).json().user.name).toBe('night.owl');
    expect((await client.put('/api/user/update', { name: '' })).json().user.name).toBeNull();
    expect((await client.put('/api/user/update', {})).json().user).toMatchObject({ id: user.id, theme: 'pink-pussy' });
  });

  it('saves the message mail setting (on by default)', async () => {
    const { client } = await registerAndVerify(t, 'message-mail@example.com');
    expect((await client.get('/api/auth/user')).json().user.message_mail).toBe(true);
    const off = await client.put('/api/user/update', { message_mail: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.message_mail).toBe(false);
    expect(await userRow(t, 'message-mail@example.com')).toMatchObject({ messageMail: false });
    // Other settings leave it as it is.
    expect((await client.put('/api/user/update', { theme: 'greenhorn' })).json().user.message_mail).toBe(false);
    await expectInvalid(t, () => client.put('/api/user/update', { message_mail: 'yes' }), {
      message_mail: ['errors.validations.type.boolean'],
    });
    await expectInvalid(t, () => client.put('/api/user/update', { message_mail: null }), {
      message_mail: ['errors.validations.type.boolean'],
    });
    expect(await userRow(t, 'message-mail@example.com')).toMatchObject({ messageMail: false });
    expect((await client.put('/api/user/update', { message_mail: true })).json().user.message_mail).toBe(true);
  });

  it('saves the favorite online mail setting (on by default)', async () => {
    const { client } = await registerAndVerify(t, 'favorite-mail@example.com');
    expect((await client.get('/api/auth/user')).json().user.favorite_mail).toBe(true);
    const off = await client.put('/api/user/update', { favorite_mail: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.favorite_mail).toBe(false);
    expect(await userRow(t, 'favorite-mail@example.com')).toMatchObject({ favoriteMail: false });
    // Other settings leave it as it is.
    expect((await client.put('/api/user/update', { theme: 'greenhorn' })).json().user.favorite_mail).toBe(false);
    await expectInvalid(t, () => client.put('/api/user/update', { favorite_mail: 'yes' }), {
      favorite_mail: ['errors.validations.type.boolean'],
    });
    await expectInvalid(t, () => client.put('/api/user/update', { favorite_mail: null }), {
      favorite_mail: ['errors.validations.type.boolean'],
    });
    expect(await userRow(t, 'favorite-mail@example.com')).toMatchObject({ favoriteMail: false });
    // The message mail is a setting of its own.
    expect((await client.get('/api/auth/user')).json().user.message_mail).toBe(true);
    expect((await client.put('/api/user/update', { favorite_mail: true })).json().user.favorite_mail).toBe(true);
  });

  it('refuses a taken name and values outside the lists', async () => {
    const send = (body: object) => () => member.put('/api/user/update', body);
    const { client } = await registerAndVerify(t, 'name-clash@example.com');
    await expectInvalid(t, () => client.put('/api/user/update', { name: 'OCCUPIED', theme: 'greenhorn' }), {
      name: ['errors.validations.username_taken'],
    });
    await expectInvalid(t, send({ theme: 'neon', locale: 'fr', show_history: 'no' }), {
      theme: ['errors.validations.invalid'],
      locale: ['errors.validations.invalid'],
      show_history: ['errors.validations.type.boolean'],
    });
    await expectInvalid(t, send({ name: 'has space' }), { name: ['errors.validations.username'] });
    await expectInvalid(t, send({ name: 'n'.repeat(33) }), { name: ['errors.validations.too_long'] });
  });

  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const { client, user } = await registerAndVerify(t, 'rotate@example.com');
    const other = await loginClient(t, 'rotate@example.com');
    const res = await client.put('/api/user/update', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect(await sessionRowsOf(t, user.id)).toHaveLength(1);
    await loginClient(t, 'rotate@example.com', NEW_PASSWORD);
  });

  it('refuses a password change without the right current password, or to a weak one', async () => {
    const send = (body: object) => () => member.put('/api/user/update', body);
    await expectInvalid(t, send({ new_password: NEW_PASSWORD }), { current_password: ['errors.validations.required'] });
    await expectInvalid(
      t,
      send({ current_password: 'wrong-password', new_password: NEW_PASSWORD, theme: 'greyhound' }),
      {
        current_password: ['errors.validations.password_wrong'],
      },
    );
    await expectInvalid(t, send({ current_password: PASSWORD, new_password: 'sunshine1' }), {
      new_password: ['errors.validations.password_common'],
    });
    await expectInvalid(t, send({ current_password: PASSWORD, new_password: 'short' }), {
      new_password: ['errors.validations.password_min'],
    });
    // A refused name leaves the password (and the sessions it would end) as they were.
    const { client } = await registerAndVerify(t, 'half-update@example.com');
    await loginClient(t, 'half-update@example.com');
    await expectInvalid(
      t,
      () =>
        client.put('/api/user/update', { name: 'occupied', current_password: PASSWORD, new_password: NEW_PASSWORD }),
      { name: ['errors.validations.username_taken'] },
    );
  });
});

describe('PUT /api/user/update_newsletter', () => {
  it('switches the newsletter on and off', async () => {
    const on = await member.put('/api/user/update_newsletter', { newsletter: true });
    expect(on.json().user.newsletter).toBe(true);
    expect((await userRow(t, 'accounts-member@example.com')).newsletter).toBe(true);
    await member.put('/api/user/update_newsletter', { newsletter: false });
    expect((await userRow(t, 'accounts-member@example.com')).newsletter).toBe(false);
  });

  it('refuses a missing or mistyped value', async () => {
    await expectInvalid(t, () => member.put('/api/user/update_newsletter', {}), {
      newsletter: ['errors.validations.required'],
    });
    // Sent as text: the type it takes, not "required".
    await expectInvalid(t, () => member.put('/api/user/update_newsletter', { newsletter: 'true' }), {
      newsletter: ['errors.validations.type.boolean'],
    });
  });
});

describe('e-mail change', () => {
  it('mails a link to the new address; following it changes the address once', async () => {
    const { client, user } = await registerAndVerify(t, 'old-address@example.com', { lang: 'de' });
    const res = await client.post('/api/user/reset_email', { email: 'New-Address@Example.com', password: PASSWORD });
    expect(res.json()).toEqual({ ok: true });
    expect((await userRow(t, 'old-address@example.com')).id).toBe(user.id);
    const mail = await mailTo(t, 'new-address@example.com');
    expect(mail).toMatchObject({ template: 'email_change', locale: 'de' });
    const { token } = linkFrom(mail.textBody, '/users/email_validate');
    // A reset link mailed to the old address before the change must stop working with it.
    await t.client().post('/api/auth/send', { email: 'old-address@example.com' });
    const oldReset = linkFrom((await mailTo(t, 'old-address@example.com')).textBody, '/users/reset').token;
    expect((await client.get('/api/auth/user')).json().user.email).toBe('old-address@example.com');

    const done = await t.client().post('/api/user/email_validate', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: user.id, email: 'new-address@example.com' });
    // The member's own session, confirmed from another browser, shows the new address at once.
    expect((await client.get('/api/auth/user')).json().user.email).toBe('new-address@example.com');
    const reset = await t.client().post('/api/auth/reset', {
      token: oldReset,
      password: 'Another-Secret-55',
      password_confirm: 'Another-Secret-55',
    });
    expect(reset.json()).toMatchObject({ error: 'link_expired' });
    expect((await userRow(t, 'new-address@example.com')).id).toBe(user.id);
    await loginClient(t, 'new-address@example.com');
    const c = t.client();
    await c.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => c.post('/api/user/email_validate', { token }), 410, 'link_expired');
  });

  it('refuses a wrong password, the same address and one that has an account', async () => {
    const send = (body: object) => () => member.post('/api/user/reset_email', body);
    await expectInvalid(t, send({ email: 'elsewhere@example.com', password: 'wrong-password' }), {
      password: ['errors.validations.password_wrong'],
    });
    await expectInvalid(t, send({ email: 'ACCOUNTS-MEMBER@example.com', password: PASSWORD }), {
      email: ['errors.validations.email_same'],
    });
    await expectRefused(t, send({ email: 'settings@example.com', password: PASSWORD }), 409, 'email_already_exists');
    await expectInvalid(t, send({}), {
      email: ['errors.validations.required'],
      password: ['errors.validations.required'],
    });
    await expectInvalid(t, send({ email: 'no-address', password: 'p'.repeat(1025) }), {
      email: ['errors.validations.email'],
      password: ['errors.validations.too_long'],
    });
  });

  it('throttles password guesses to 5 an hour', async () => {
    const { client } = await registerAndVerify(t, 'guessed@example.com');
    const send = () => client.post('/api/user/reset_email', { email: 'mine@example.com', password: 'guess-guess' });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(422);
    expect((await expectRefused(t, send, 429, 'throttle')).message).toBe('throttle');
  });

  it('refuses an expired link, and one whose address was taken meanwhile', async () => {
    const { client, user } = await registerAndVerify(t, 'changer@example.com');
    await client.post('/api/user/reset_email', { email: 'wanted@example.com', password: PASSWORD });
    const { token } = linkFrom((await mailTo(t, 'wanted@example.com')).textBody, '/users/email_validate');
    await registerAndVerify(t, 'wanted@example.com');
    await expectRefused(t, () => client.post('/api/user/email_validate', { token }), 409, 'email_already_exists');
    expect((await userRow(t, 'changer@example.com')).id).toBe(user.id);

    await client.post('/api/user/reset_email', { email: 'second-try@example.com', password: PASSWORD });
    const late = linkFrom((await mailTo(t, 'second-try@example.com')).textBody, '/users/email_validate').token;
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    await expectRefused(t, () => client.post('/api/user/email_validate', { token: late }), 410, 'link_expired');
    await expectInvalid(t, () => client.post('/api/user/email_validate', {}), {
      token: ['errors.validations.required'],
    });
  });
});

describeWriteGuards(
  () => ({ t, member }),
  [
    { method: 'PUT', url: '/api/user/update', body: { theme: 'greenhorn' }, as: 'member' },
    { method: 'PUT', url: '/api/user/update_newsletter', body: { newsletter: true }, as: 'member' },
    {
      method: 'POST',
      url: '/api/user/reset_email',
      body: { email: 'x@example.com', password: PASSWORD },
      as: 'member',
    },
    { method: 'POST', url: '/api/user/email_validate', body: { token: 'x'.repeat(43) }, as: 'visitor' },
  ],
);

describe('userAnswer', () => {
  it('answers unauthenticated for an account that is gone, so the client ends the session', async () => {
    await expect(userAnswer(t.db, 2_000_000_000)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
