import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { studioClient } from '#server/test/performers.ts';
import { createPerformerAccount, parsePerformerArgs } from './create-performer.ts';
import { findPerformerByEmail } from './data.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('npm run performer:create arguments', () => {
  it('reads the e-mail address and the show, in either spelling', () => {
    expect(parsePerformerArgs(['--email', 'Lena@Example.com', '--show', '1001'])).toEqual({
      ok: true,
      value: { email: 'lena@example.com', show: '1001' },
    });
    expect(parsePerformerArgs(['--email=a@example.com', '--show=x1'])).toEqual({
      ok: true,
      value: { email: 'a@example.com', show: 'x1' },
    });
  });

  it.each([
    [[], /--email, --show/],
    [['--email', 'a@example.com'], /--show/],
    [['--email', 'not-an-address', '--show', '1'], /--email/],
    [['--email', 'a@example.com', '--show'], /--show needs a value/],
    [['--email', 'a@example.com', '--show', '1', '--password', 'x'], /Unknown argument: --password/],
  ])('refuses %j', (argv, message) => {
    const parsed = parsePerformerArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe('creating a performer account', () => {
  it('stores only the password hash and answers the password once; it signs in', async () => {
    const show = await createShow(t.db, { showName: 'Created Star' });
    const created = await createPerformerAccount(t.db, { email: 'created@example.com', show: show.universalId });
    if (typeof created === 'string') throw new Error(created);
    expect(created).toMatchObject({ email: 'created@example.com', showName: 'Created Star' });
    expect(created.password.length).toBeGreaterThanOrEqual(24);
    const row = await findPerformerByEmail(t.db, 'created@example.com');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(created.password);
    await studioClient(t, created.email, created.password);
  });

  it('refuses an unknown show, a taken address and a show that has its performer', async () => {
    const show = await createShow(t.db, { showName: 'Owned Star' });
    expect(await createPerformerAccount(t.db, { email: 'x@example.com', show: 'no-such-show' })).toBe('no_show');
    expect(await createPerformerAccount(t.db, { email: 'owner@example.com', show: show.universalId })).toMatchObject({
      email: 'owner@example.com',
    });
    const other = await createShow(t.db, { showName: 'Other Star' });
    expect(await createPerformerAccount(t.db, { email: 'Owner@example.com', show: other.universalId })).toBe(
      'email_taken',
    );
    expect(await createPerformerAccount(t.db, { email: 'second@example.com', show: show.universalId })).toBe(
      'show_taken',
    );
  });
});
