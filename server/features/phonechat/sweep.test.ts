import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { phoneChatCalls } from '#server/db/schema/phonechat.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { answerPhoneChat, dialExtension } from './mutations.ts';
import { PHONE_CHAT_COOKIE } from './routes.ts';
import { RING_TIMEOUT_MS, sweepPhoneChatCalls } from './sweep.ts';

let t: TestContext;
let luna: TestShow;
let mira: TestShow;
const deps = () => ({ db: t.db, presence: t.app.ctx.presence });
const tariff = { pricePerMinuteCents: 199, currency: 'EUR' };
const T0 = new Date('2026-11-21T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await createTestApp();
  const phone = { online: true, phoneChat: true, phoneChatOn: true };
  luna = await createShow(t.db, { showName: 'Luna Sweep', phoneExtension: '6711', ...phone });
  mira = await createShow(t.db, { showName: 'Mira Sweep', phoneExtension: '6712', ...phone });
});
afterAll(() => t.close());

const dialAt = async (extension: string, ms: number) => {
  const result = await dialExtension(deps(), {
    extension,
    provider: 'sandbox',
    providerCallId: `sweep-${extension}-${ms}`,
    tariff,
    now: at(ms),
  });
  if (result.kind !== 'connecting') throw new Error(result.kind);
  return result.call.id;
};
const callRow = async (id: number) => (await t.db.select().from(phoneChatCalls).where(eq(phoneChatCalls.id, id)))[0];
const claimed = async (show: TestShow) =>
  (
    await t.db
      .select({ connecting: shows.phoneChatConnecting, busy: shows.phoneChatBusy })
      .from(shows)
      .where(eq(shows.id, show.id))
  )[0];

describe('the phone-chat sweep', () => {
  it('makes a call still ringing after 45 s missed and frees her; a younger one rings on', async () => {
    const id = await dialAt('6711', 0);
    expect(await sweepPhoneChatCalls(deps(), 60, at(RING_TIMEOUT_MS - 1000))).toEqual({ missed: [], ended: [] });
    expect(await claimed(luna)).toEqual({ connecting: true, busy: false });
    expect(await sweepPhoneChatCalls(deps(), 60, at(RING_TIMEOUT_MS + 1000))).toEqual({ missed: [id], ended: [] });
    expect(await callRow(id)).toMatchObject({ state: 'missed', seconds: 0, amountCents: 0 });
    expect(await claimed(luna)).toEqual({ connecting: false, busy: false });
  });

  it('ends an answered call at the maximum talk time, billed up to it', async () => {
    const id = await dialAt('6712', 0);
    await answerPhoneChat(deps(), id, at(10_000));
    // Answered calls do not time out as ringing ones.
    expect(await sweepPhoneChatCalls(deps(), 60, at(RING_TIMEOUT_MS + 1000))).toEqual({ missed: [], ended: [] });
    expect(await sweepPhoneChatCalls(deps(), 60, at(10_000 + 59 * 60_000))).toEqual({ missed: [], ended: [] });
    expect(await sweepPhoneChatCalls(deps(), 60, at(10_000 + 61 * 60_000))).toEqual({ missed: [], ended: [id] });
    expect(await callRow(id)).toMatchObject({ state: 'ended', seconds: 3600, amountCents: 60 * 199 });
    expect(await claimed(mira)).toEqual({ connecting: false, busy: false });
  });
});

describe('POST /sandbox/phone-chat/dial', () => {
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/phone-chat/dial',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  const openLine = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/phone-chat' });
    return {
      cookie: `${PHONE_CHAT_COOKIE}=${res.cookies.find((c) => c.name === PHONE_CHAT_COOKIE)?.value ?? ''}`,
      token: res.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '',
    };
  };

  it('refuses a post without the page token, from a foreign origin or cross-site: nobody is claimed', async () => {
    const { cookie, token } = await openLine();
    const refused = [
      await post({ extension: '6711' }),
      await post({ extension: '6711', token }),
      await post({ extension: '6711', token: 'x' }, { cookie }),
      await post({ extension: '6711', token }, { cookie, origin: 'https://evil.example' }),
      await post({ extension: '6711', token }, { cookie, 'sec-fetch-site': 'cross-site' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Please dial again');
    }
    expect(await claimed(luna)).toEqual({ connecting: false, busy: false });
  });

  it('claims her with the page token and leaves the update to the batch window (no flush per dial)', async () => {
    const { cookie, token } = await openLine();
    const flush = vi.spyOn(t.app.ctx.presence, 'flush');
    const res = await post({ extension: '6711', token }, { cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/sandbox\/phone-chat\/call\//);
    expect(await claimed(luna)).toEqual({ connecting: true, busy: false });
    expect(flush).not.toHaveBeenCalled();
    flush.mockRestore();
  });
});
