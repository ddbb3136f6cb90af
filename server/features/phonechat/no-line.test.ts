import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

/** PHONE_CHAT_PROVIDER=none, as production runs by default: no line, so nobody is offered one. */
let t: TestContext;
let luna: TestShow;

beforeAll(async () => {
  t = await createTestApp({ env: { PHONE_CHAT_PROVIDER: 'none' } });
  luna = await createShow(t.db, {
    showName: 'Luna No Line',
    online: true,
    phoneChat: true,
    phoneExtension: '4811',
    phoneChatOn: true,
  });
});
afterAll(() => t.close());

describe('without a phone-chat line', () => {
  it('the public configuration carries no line', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone_chat).toBeNull();
  });

  it('shows offer no phone chat: no box on the page, no icon on the tile', async () => {
    const page = (await t.app.inject({ method: 'GET', url: `/api/shows/${luna.universalId}` })).json();
    expect(page).toMatchObject({
      phoneChat: false,
      phoneExtension: null,
      phoneChatOn: false,
      features: { phoneChat: false },
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/shows' })).json();
    const tile = list.data.find((s: { universalId: string }) => s.universalId === luna.universalId);
    expect(tile).toMatchObject({ phoneChat: false, features: { phoneChat: false } });
  });

  it('the sandbox line is not mounted, nor the studio phone-chat form', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/phone-chat' })).statusCode).toBe(404);
    const dial = await t.app.inject({
      method: 'POST',
      url: '/sandbox/phone-chat/dial',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'extension=4811',
    });
    expect(dial.statusCode).toBe(404);
    const studio = await t.app.inject({ method: 'GET', url: '/sandbox/studio' });
    expect(studio.statusCode).toBe(200);
    expect(studio.body).not.toContain('id="phone-chat"');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/sandbox/studio/phone-chat',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'call=1&action=answer',
    });
    expect(answer.statusCode).toBe(404);
  });
});
