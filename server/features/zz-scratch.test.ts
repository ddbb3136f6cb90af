import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('explore', async () => {
  const c = t.client();
  const show = (label: string, r: { statusCode: number; body: string; headers: unknown }) =>
    console.log(label, r.statusCode, r.body.slice(0, 400));
  const r0 = await c.get('/api/auth/csrf-cookie');
  console.log(r0.headers['set-cookie']);
  show('login missing pw', await c.post('/api/auth/login', { username: 'x' }));
  show('login empty', await c.post('/api/auth/login', {}));
  show('login types', await c.post('/api/auth/login', { username: 1, password: 2 }));
  show(
    'malformed',
    await c.raw('POST', '/api/auth/login', {
      payload: '{"username": ',
      headers: { 'content-type': 'application/json', ...c.xsrf() },
    }),
  );
  show(
    'empty body',
    await c.raw('POST', '/api/auth/logout', {
      payload: '',
      headers: { 'content-type': 'application/json', ...c.xsrf() },
    }),
  );
  show(
    'big',
    await c.raw('POST', '/api/register', {
      payload: JSON.stringify({ email: 'x'.repeat(70000) }),
      headers: { 'content-type': 'application/json', ...c.xsrf() },
    }),
  );
  show(
    'text',
    await c.raw('POST', '/api/register', { payload: 'hello', headers: { 'content-type': 'text/plain', ...c.xsrf() } }),
  );
  show('register empty', await c.post('/api/register', {}));
  show(
    'register types',
    await c.post('/api/register', { email: 5, password: 5, terms_check: 'yes', username: 7, code: 3 }),
  );
  show(
    'register long',
    await c.post('/api/register', {
      email: `${'a'.repeat(300)}@x.de`,
      password: 'a'.repeat(200),
      terms_check: true,
      username: 'u'.repeat(40),
      code: 'c'.repeat(70),
    }),
  );
  show('register short', await c.post('/api/register', { email: 'a@b.de', password: 'short', terms_check: true }));
  show('update', await c.put('/api/user/update', { new_password: 'abcdefghij' }));
  show('nick', await c.post('/api/user/nickname/add', { nickname: 'a b' }));
  show('nick id', await c.post('/api/user/nickname/activate/abc', {}));
  show('mailcheck', await c.get('/api/register/mailcheck'));
  show('mailcheck', await c.get('/api/register/mailcheck?email=foo@gmial.com'));
  show('reset', await c.post('/api/auth/reset', { token: 'x', password: 'abcdefghijk', password_confirm: 'nope' }));
  show('reset2', await c.post('/api/auth/reset', { password: 'abc', password_confirm: 'nope' }));
  show('log', await c.post('/api/user/log', { version: 'x', errors: [] }));
  show('vid', await c.post('/api/session/vid', { vid: 'short', confidence: 2 }));
  show('takedown', await c.post('/api/takedown', { urls: ['nope'], category: 'bad', good_faith: false }));
  show(
    'takedown minor',
    await c.post('/api/takedown', {
      urls: ['https://x.example/a'],
      category: 'minor',
      explanation: 'x',
      good_faith: true,
    }),
  );
  show('404 post', await c.post('/api/nothing', {}));
  const clear = await c.post('/api/auth/logout', {});
  console.log(clear.headers['set-cookie']);
});
