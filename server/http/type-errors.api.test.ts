import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { chatMember } from '#server/test/chat.ts';
import { expectInvalid } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

/**
 * A field sent with the wrong JSON type is told the type it takes, never "required" (it was sent);
 * an id the answers give as digits is taken as a number too.
 */
let t: TestContext;
let member: TestClient;
let pseudoid: number;
let show: TestShow;
beforeAll(async () => {
  t = await createTestApp();
  const m = await chatMember(t, 'types@example.com', 'Typist', 100);
  member = m.client;
  pseudoid = (await member.get('/api/auth/user')).json().user.nicknames.data[0].id;
  show = await createShow(t.db, { messagePrice: 5 });
});
afterAll(() => t.close());

const TYPE = (type: string) => [`errors.validations.type.${type}`];
const REQUIRED = ['errors.validations.required'];

describe('POST /api/conversations/show', () => {
  const send = (over: Record<string, unknown>) => () =>
    member.post('/api/conversations/show', {
      body: 'Hello',
      showid: show.universalId,
      pseudoid,
      coins: show.messagePrice,
      ...over,
    });

  it('takes the show id as a number, as the show lists give its digits', async () => {
    const res = await send({ showid: Number(show.universalId) })();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.conversation.showid).toBe(show.universalId);
  });

  it('names the type expected for a wrong one, and says required only when a field is absent', async () => {
    await expectInvalid(t, send({ showid: true }), { showid: TYPE('id') });
    await expectInvalid(t, send({ showid: { id: 1 } }), { showid: TYPE('id') });
    await expectInvalid(t, send({ showid: 1.5 }), { showid: TYPE('id') });
    await expectInvalid(t, send({ showid: undefined }), { showid: REQUIRED });
    await expectInvalid(t, send({ showid: null }), { showid: TYPE('id') });
    await expectInvalid(t, send({ showid: 'x'.repeat(41) }), { showid: ['errors.validations.too_long'] });
    await expectInvalid(t, send({ pseudoid: String(pseudoid) }), { pseudoid: TYPE('integer') });
    await expectInvalid(t, send({ coins: 'five', body: 7 }), { coins: TYPE('integer'), body: TYPE('text') });
    await expectInvalid(t, send({ tip: '10' }), { tip: TYPE('number') });
    await expectInvalid(t, send({ coins: undefined, body: undefined }), { coins: REQUIRED, body: REQUIRED });
  });
});

describe('other bodies', () => {
  it('tell the type a boolean, a list, a record id and a text field take', async () => {
    await expectInvalid(t, () => member.put('/api/user/update_newsletter', { newsletter: 'yes' }), {
      newsletter: TYPE('boolean'),
    });
    await expectInvalid(t, () => member.post('/api/conversations/read', { ids: 5 }), { ids: TYPE('list') });
    await expectInvalid(
      t,
      () => member.post('/api/billing/init', { paymenttypeid: true, productid: '12x', withdrawal_waiver: true }),
      { paymenttypeid: TYPE('id'), productid: TYPE('id') },
    );
    await expectInvalid(t, () => member.post('/api/user/nickname/add', { nickname: 12345 }), {
      nickname: TYPE('text'),
    });
  });
});
