import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneChatCalls } from '#server/db/schema/phonechat.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { answerPhoneChat, hangUpPhoneChat } from './mutations.ts';
import { PHONE_CHAT_COOKIE } from './routes.ts';

let t: TestContext;
let luna: TestShow;
let mira: TestShow;
const deps = () => ({ db: t.db, presence: t.app.ctx.presence });

beforeAll(async () => {
  t = await createTestApp();
  luna = await createShow(t.db, {
    showName: 'Luna Phone',
    online: true,
    phoneChat: true,
    phoneExtension: '4711',
    phoneChatOn: true,
  });
  mira = await createShow(t.db, { showName: 'Mira Phone', online: false, phoneChat: true, phoneExtension: '4712' });
});
afterAll(() => t.close());

/** The line page as a browser opens it: the form cookie and the dial form's token. */
async function openLine() {
  const res = await t.app.inject({ method: 'GET', url: '/sandbox/phone-chat' });
  const cookie = res.cookies.find((c) => c.name === PHONE_CHAT_COOKIE)?.value ?? '';
  const token = res.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
  return { cookie, token };
}

function postDial(form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/sandbox/phone-chat/dial',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The simulated caller keys in an extension; answers where the line sends the telephone. */
async function dial(extension: string) {
  const { cookie, token } = await openLine();
  const res = await postDial({ extension, token }, { cookie: `${PHONE_CHAT_COOKIE}=${cookie}` });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

const showState = async (show: TestShow) => {
  const body = (await t.app.inject({ method: 'GET', url: `/api/shows/${show.universalId}` })).json();
  return {
    phoneChat: body.phoneChat,
    phoneExtension: body.phoneExtension,
    phoneChatOn: body.phoneChatOn,
    phoneChatConnecting: body.phoneChatConnecting,
    phoneChatBusy: body.phoneChatBusy,
  };
};

describe('the phone-chat line', () => {
  it('puts a caller through by extension: connecting, answered (busy), hung up, recorded with seconds and amount', async () => {
    expect(await showState(luna)).toEqual({
      phoneChat: true,
      phoneExtension: '4711',
      phoneChatOn: true,
      phoneChatConnecting: false,
      phoneChatBusy: false,
    });
    const updates: unknown[] = [];
    const off = t.app.ctx.presence.onChange((change) => {
      updates.push(change);
    });
    const callPage = await dial('4711');
    expect(callPage).toMatch(/^\/sandbox\/phone-chat\/call\/\d+\.[\w-]{32}$/);
    expect(await showState(luna)).toMatchObject({ phoneChatConnecting: true, phoneChatBusy: false });
    const page = await t.app.inject({ method: 'GET', url: callPage, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('putting you through to Luna Phone');

    const [call] = await t.db.select().from(phoneChatCalls).where(eq(phoneChatCalls.showId, luna.id));
    if (!call) throw new Error('no call');
    expect(call).toMatchObject({ state: 'connecting', pricePerMinuteCents: 199, answeredAt: null });

    // A second caller meanwhile hears "busy".
    expect(await dial('4711')).toBe('/sandbox/phone-chat?said=busy&extension=4711');

    const answeredAt = new Date('2026-11-21T10:00:00Z');
    expect(await answerPhoneChat(deps(), call.id, answeredAt)).toBe(true);
    expect(await showState(luna)).toMatchObject({ phoneChatConnecting: false, phoneChatBusy: true });
    expect(await dial('4711')).toContain('said=busy');

    const ended = await hangUpPhoneChat(deps(), call.id, { at: new Date(answeredAt.getTime() + 61_000) });
    expect(ended).toMatchObject({ state: 'ended', seconds: 61, amountCents: 398, currency: 'EUR' });
    expect(ended?.endedAt).toBeInstanceOf(Date);
    expect(await showState(luna)).toMatchObject({
      phoneChatOn: true,
      phoneChatConnecting: false,
      phoneChatBusy: false,
    });
    // Hanging up twice changes nothing.
    expect(await hangUpPhoneChat(deps(), call.id)).toBeNull();
    off();
    expect(updates).toEqual([
      { [luna.universalId]: { phoneChatConnecting: true, phoneChatBusy: false } },
      { [luna.universalId]: { phoneChatConnecting: false, phoneChatBusy: true } },
      { [luna.universalId]: { phoneChatConnecting: false, phoneChatBusy: false } },
    ]);
  });

  it('a call she never answers is missed and costs nothing', async () => {
    const callPage = await dial('4711');
    const id = Number(callPage.split('/').at(-1)?.split('.')[0]);
    const hangup = await t.app.inject({ method: 'POST', url: `${callPage}/hangup` });
    expect(hangup.statusCode).toBe(303);
    const [row] = await t.db.select().from(phoneChatCalls).where(eq(phoneChatCalls.id, id));
    expect(row).toMatchObject({ state: 'missed', seconds: 0, amountCents: 0 });
    expect(await showState(luna)).toMatchObject({ phoneChatConnecting: false, phoneChatBusy: false });
  });

  it('announces an unknown extension and a performer who takes no calls', async () => {
    expect(await dial('9999')).toBe('/sandbox/phone-chat?said=unknown');
    expect(await dial('12')).toBe('/sandbox/phone-chat?said=unknown');
    expect(await dial('4712')).toBe('/sandbox/phone-chat?said=off&extension=4712');
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox/phone-chat?said=off&extension=4712',
      headers: { 'accept-language': 'de' },
    });
    expect(page.body).toContain('Mira Phone nimmt gerade keine Anrufe an');
    // A crafted link cannot put words in the announcement: the name comes from her extension only.
    const crafted = await t.app.inject({
      method: 'GET',
      url: '/sandbox/phone-chat?said=off&name=Call+0900+666+now&extension=4712',
      headers: { 'accept-language': 'en' },
    });
    expect(crafted.body).not.toContain('0900 666');
    expect(crafted.body).toContain('Mira Phone is not taking calls');
    expect(await showState(mira)).toMatchObject({ phoneChatOn: false, phoneChatConnecting: false });
  });

  it('refuses a forged call page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/phone-chat/call/1.${'a'.repeat(32)}` });
    expect(res.statusCode).toBe(404);
  });
});
